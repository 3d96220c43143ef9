/**
 * A dispatcher's first shift with events (issue 24 items 3, 4, 6): the new-event form keeps its way out of every
 * category, an event is ended (000 §4, status 6) and then closed, and the sidebar buttons do what 001 §2 says.
 */
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, searchList, shot, test } from './helpers';

/** Today as the calendar's heading shows it (DD.MM.YYYY, Prague time like the browser of the journeys). */
const today = () =>
  new Intl.DateTimeFormat('cs-CZ', { timeZone: 'Europe/Prague', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date())
    .replace(/\s/g, '');

/**
 * Lets the Events button's single-click timer (200 ms, 001 §9) fire and React render: a page timer set after the
 * click with a longer delay always runs after it, whatever the machine's load.
 */
const afterClickDelay = (page: Page) =>
  page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => r(null)), 300)));

const chooseCategory = async (page: Page, name: string) => {
  await page.getByRole('combobox', { name: /Kategorie/ }).click();
  await page.getByRole('option', { name, exact: true }).click();
};

test('new event: no dead-end category, the old error list goes, a failing field below the fold is brought into view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Příjem volání' }).click();

  // 'Chat jednotky' has no Založit: it is not offered for a new event
  await page.getByRole('combobox', { name: /Kategorie/ }).click();
  const options = page.getByRole('listbox');
  await expect(options.getByRole('option', { name: 'Mimořádná událost', exact: true })).toBeVisible();
  await expect(options.getByRole('option', { name: 'Chat jednotky' })).toHaveCount(0);
  await options.getByRole('option', { name: 'Příjem volání', exact: true }).click();

  await page.getByRole('button', { name: 'Založit' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Prosím opravte následujích chyby:' });
  await expect(notice.getByText('Vyplňte Telefon volajícího')).toBeVisible();
  await shot(page, '24-01-call-form-notice');

  // another category: the call's list goes, the selector and Založit stay
  await chooseCategory(page, 'Mimořádná událost');
  await expect(notice).toBeHidden();
  await expect(page.getByText('Vyplňte Telefon volajícího')).toBeHidden();
  await expect(page.getByRole('combobox', { name: /Kategorie/ })).toBeVisible();

  // the address of 'Mimořádná událost' lies below the fold: a failed Založit brings it into view and focus
  await page.getByRole('textbox', { name: /Popis události/ }).fill(`Kouř z podvozku ${Date.now()}`);
  await page.getByRole('combobox', { name: /Typ události/ }).click();
  await page.getByRole('option').nth(1).click();
  await page.getByRole('button', { name: 'Založit' }).click();
  await expect(notice.getByText('Vyplňte Adresa')).toBeVisible();
  const address = page.getByRole('textbox', { name: /^Adresa/ });
  await expect(address).toBeInViewport();
  await expect(address).toBeFocused();
  await shot(page, '24-02-event-form-address-in-view');
});

test('end an event (status 6): Ukončit, confirmed, it stays open until closed', async ({ page, request }) => {
  const dispecer = await apiLogin(request, 'dispecer');
  const description = `Ukončovaná událost ${Date.now()}`;
  const created = await request.post('/v2/events', {
    headers: dispecer.headers,
    data: { uuid: randomUUID(), eventCategoryId: 5, description },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await loginAs(page, 'dispecer');
  await searchList(page, description);
  await page.getByTestId('event-row').filter({ hasText: description }).first().click();
  await page.getByRole('tab', { name: 'Další nastavení' }).click();
  const bar = page.getByLabel('Akce události');
  await bar.getByRole('button', { name: 'Ukončit', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(/^Opravdu ukončit událost\?/)).toBeVisible();
  await shot(page, '24-03-end-confirm');
  await confirm.getByRole('button', { name: 'Ukončit', exact: true }).click();
  await expect(page.getByText('Událost byla ukončena')).toBeVisible();
  // ended once: the button goes, closing stays
  await expect(bar.getByRole('button', { name: 'Ukončit', exact: true })).toBeHidden();
  await expect(bar.getByRole('button', { name: 'Uzavřít' })).toBeVisible();
  await expect(page.getByTestId('event-detail').getByText('Ukončeno', { exact: true })).toBeVisible();
  await shot(page, '24-04-event-ended');

  const bundle = await (await request.post('/v2/app', { headers: dispecer.headers, data: { uid: null } })).json();
  const saved = bundle.events.find((e: { id: number }) => e.id === id);
  expect(saved).toMatchObject({ eventStatusId: 6, eventStateId: 1 });
  expect(saved.endedAt).not.toBeNull();
  // the rule on the server: ending it again is refused with a Czech 422
  const again = await request.put(`/v2/events/${id}`, { headers: dispecer.headers, data: { eventStatusId: 6 } });
  expect(again.status()).toBe(200); // the same status is no change
  const back = await request.put(`/v2/events/${id}`, { headers: dispecer.headers, data: { eventStatusId: 2 } });
  expect(back.status()).toBe(422);
  expect(await back.json()).toEqual([
    { field: 'eventStatusId', message: 'Ukončená událost si status ponechá až do uzavření.' },
  ]);
});

test('sidebar buttons: Kalendář replaces the open event with today, Události always shows the list', async ({
  page,
}) => {
  await loginAs(page, 'dispecer');
  await searchList(page, 'Požár lokomotivy řady 363');
  await page.getByTestId('event-row').filter({ hasText: 'Požár lokomotivy řady 363' }).first().click();
  await expect(page.getByTestId('event-detail')).toBeVisible();

  const calendar = page.getByRole('button', { name: 'Kalendář' });
  await calendar.click();
  await expect(page.getByTestId('event-detail')).toBeHidden();
  await expect(page.getByText(`Kalendář ${today()}`)).toBeVisible();
  await expect(calendar).toHaveClass(/active/);
  await expect(page.getByText(/^Operační situace/)).toBeVisible();
  await shot(page, '24-05-calendar-from-event');

  // another day, then Kalendář again: back to today
  await page.getByRole('button', { name: 'Předchozí den' }).click();
  await expect(page.getByText(`Kalendář ${today()}`)).toBeHidden();
  await calendar.click();
  await expect(page.getByText(`Kalendář ${today()}`)).toBeVisible();

  const events = page.getByRole('button', { name: 'Události', exact: true });
  await events.click();
  await expect(page.getByTestId('list-count')).toBeVisible();
  await expect(events).toHaveClass(/active/);
  // a second single click on the shown list keeps it (it used to fold the sidebar away)
  await afterClickDelay(page);
  await events.click();
  await afterClickDelay(page);
  await expect(page.getByTestId('list-count')).toBeVisible();
  await expect(events).toHaveClass(/active/);
  await expect(page.getByRole('dialog')).toBeHidden(); // two single clicks, not a double click
});
