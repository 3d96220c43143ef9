/**
 * The event view (issue 12 items 6–9): the tab an event opens on and the chat tabs in view (desktop and
 * phone), the new-message pulse, 'Historie akcí' and 'Historie chatu' (also of a closed event from the
 * calendar), linking that makes the parent active and shows its children, and 'Adresa' with the map's search
 * and the question before the map replaces a typed address. Events are made by each journey (no demo event's
 * time of day matters). Screenshots go to /tmp/shots-wt-b (looked at, never committed).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, openEvent, settle, test, type ApiSession } from './helpers';
import { mapDrawn } from './mapHelpers';

const SHOTS = '/tmp/shots-wt-b';

async function look(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page); // dialogs and tabs finish their transitions
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface Made {
  id: number;
  uuid: string;
  description: string;
}

/** A central-base event (category 5: conversations 1 and 2), optionally with a target. */
async function makeEvent(
  request: APIRequestContext,
  s: ApiSession,
  label: string,
  extra: Record<string, unknown> = {},
): Promise<Made> {
  const description = `${label} ${Date.now()}`;
  const res = await request.post('/v2/events', {
    headers: s.headers,
    data: { uuid: randomUUID(), eventCategoryId: 5, description, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { id: body.id, uuid: body.uuid, description };
}

async function say(
  request: APIRequestContext,
  s: ApiSession,
  eventId: number,
  messageCategoryId: number,
  content: string,
) {
  const res = await request.post('/v2/messages', {
    headers: s.headers,
    data: { uuid: randomUUID(), eventId, messageCategoryId, content },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const tab = (page: Page, id: string) => page.locator(`[data-tab="${id}"]`);

test.describe('item 6: the tab an event opens on', () => {
  test('desktop 1440×900 and 1366×768: the conversation with unread, chat tabs and badges in view, the pulse', async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(request, 'admin');
    const udrp = await apiLogin(request, 'udrp');
    const e = await makeEvent(request, admin, 'Zakouřený vagon');
    await say(request, udrp, e.id, 2, 'Dispečink: vůz odstaven na 2. koleji.');

    await loginAs(page, 'dispecer');
    // the Events button pulses while there are unread messages
    const events = page.getByRole('button', { name: 'Události', exact: true });
    await expect(events).toHaveAttribute('data-new-messages', /\d+/);

    await openEvent(page, e.description);
    await expect(tab(page, 'event-messages-2')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'event-messages-1')).toHaveAttribute('aria-selected', 'false');
    await expect(tab(page, 'settings')).toHaveAttribute('aria-selected', 'false');
    await expect(tab(page, 'history')).toBeVisible();
    await expect(page.getByTestId('chat-view')).toHaveAttribute('data-category', '2');
    await expect(page.getByText('Dispečink: vůz odstaven na 2. koleji.')).toBeVisible();
    for (const id of ['event-messages-1', 'event-messages-2']) await expect(tab(page, id)).toBeInViewport();
    // the chats come first, the form last: 'Další nastavení' is not what opens
    const order = await page
      .locator('[data-testid="detail-tabs"] [data-tab]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-tab')));
    expect(order.slice(0, 2)).toEqual(['event-messages-1', 'event-messages-2']);
    await look(page, 'item6-desktop-1440');

    await page.setViewportSize({ width: 1366, height: 768 });
    for (const id of ['event-messages-1', 'event-messages-2']) await expect(tab(page, id)).toBeInViewport();
    await look(page, 'item6-desktop-1366');
  });

  test('phone 390×844: the lowest conversation with unread; no Další nastavení, no Historie akcí', async ({
    browser,
    request,
  }) => {
    const admin = await apiLogin(request, 'admin');
    const udrp = await apiLogin(request, 'udrp');
    const e = await makeEvent(request, admin, 'Spadlý strom');
    await say(request, udrp, e.id, 2, 'Strom leží přes obě koleje.');
    await say(request, udrp, e.id, 1, 'Jednotka vyjíždí.');

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'cs-CZ',
      timezoneId: 'Europe/Prague',
    });
    const page = await context.newPage();
    await loginAs(page, 'dispecer');
    await openEvent(page, e.description);
    await expect(tab(page, 'event-messages-1')).toHaveAttribute('aria-selected', 'true');
    for (const id of ['event-messages-1', 'event-messages-2']) await expect(tab(page, id)).toBeInViewport();
    // the other conversation's unread badge is in view too
    await expect(tab(page, 'event-messages-2').getByTestId('chat-unread')).toBeInViewport();
    await expect(tab(page, 'settings')).toHaveCount(0);
    await expect(tab(page, 'history')).toHaveCount(0);
    await expect(tab(page, 'map')).toHaveCount(1);
    await look(page, 'item6-phone-390');
    await context.close();
  });
});

test.describe('item 7: history', () => {
  test("'Historie akcí' for a viewer without Debug, 'Historie chatu' of a closed event from the calendar", async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(request, 'admin');
    const udrp = await apiLogin(request, 'udrp');
    const e = await makeEvent(request, admin, 'Únik kapaliny z cisterny');
    await say(request, udrp, e.id, 1, 'Operační: hasiči na místě.');
    await say(request, udrp, e.id, 2, 'Dispečerská: uzavřena kolej 1.');

    // the dispatcher has no view Debug: the readable history is there, the journal's data is not (mng and the
    // other viewers are covered by the API test; mng's panel opens with its alert cards over the list)
    await loginAs(page, 'dispecer');
    await openEvent(page, e.description);
    await tab(page, 'history').click();
    const history = page.getByTestId('event-history');
    await expect(history.locator('[data-type="event.create"]')).toContainText('Založení události');
    await expect(history.locator('[data-type="message.send"]')).toHaveCount(2);
    await look(page, 'item7-history');

    // closed: it leaves the synced data; the calendar still opens it, with its whole conversation
    const closed = await request.put(`/v2/events/${e.id}`, { headers: admin.headers, data: { eventStateId: 5 } });
    expect(closed.status(), await closed.text()).toBe(200);
    await page.getByRole('button', { name: 'Kalendář' }).click();
    await page.getByText(e.description).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Historie chatu' }).click();
    const chat = dialog.getByTestId('chat-history');
    await expect(chat.getByText('Operační: hasiči na místě.')).toBeVisible();
    await expect(chat.getByText('Dispečerská: uzavřena kolej 1.')).toBeVisible();
    await expect(chat.locator('[data-category="1"]')).toHaveCount(1);
    await expect(chat.locator('[data-category="2"]')).toHaveCount(1);
    await look(page, 'item7-chat-history-closed');
    // and no Debug button without view Debug
    await dialog.getByRole('tab', { name: 'Přehled' }).click();
    await expect(dialog.getByRole('button', { name: 'Debug' })).toHaveCount(0);
  });
});

test.describe('item 8: linking', () => {
  test('linking the active event makes the parent active; the parent shows its children', async ({ page, request }) => {
    const admin = await apiLogin(request, 'admin');
    const target = { targetLatitude: 50.0755, targetLongitude: 14.4378 };
    const parent = await makeEvent(request, admin, 'Hlavní zásah', target);
    const child = await makeEvent(request, admin, 'Druhé oznámení', {
      targetLatitude: 50.0757,
      targetLongitude: 14.4381,
    });

    await loginAs(page, 'dispecer');
    await openEvent(page, child.description);
    await page.getByRole('button', { name: 'Zobrazit událost' }).click();
    const view = page.getByRole('dialog');
    await view.getByRole('tab', { name: 'Propojené události' }).click();
    await view.getByRole('button', { name: 'Připojit k události' }).click();
    const candidates = page.getByRole('dialog').filter({ hasText: 'Připojit k události' }).last();
    await candidates.getByRole('listitem').filter({ hasText: parent.description }).getByRole('button').click();
    await expect(page.getByText('Připojeno')).toBeVisible();

    // the parent is now the active event, with its child counted
    const detail = page.getByTestId('event-detail');
    await expect(detail.getByTestId('event-head').first()).toContainText(parent.description);
    const children = detail.getByTestId('event-children');
    await expect(children).toHaveText('Připojené události: 1');
    await look(page, 'item8-parent-active');
    await children.click();
    const linked = page.getByRole('dialog');
    await expect(linked.getByTestId('children-heading')).toHaveText('Připojené události (1)');
    await expect(linked.getByTestId('children-list')).toContainText(child.description);
    await look(page, 'item8-children');
  });
});

test.describe('item 9: address', () => {
  test("'Adresa' opens the address search; the map asks before it replaces a typed address", async ({ page }) => {
    await loginAs(page, 'dispecer');
    await page.getByRole('button', { name: 'Příjem volání' }).click();
    const address = page.getByLabel('Adresa', { exact: true });
    // typed during the call (keyboard, as a dispatcher tabs into the field)
    await address.fill('u mostu za tratí');
    await address.click();
    const search = page.getByTestId('map-search');
    await expect(search).toBeVisible();
    await expect(search.getByTestId('address-search-for')).toContainText('nová událost');
    await expect(search.getByRole('button', { name: /Adresy/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(search.getByRole('textbox')).toHaveValue('u mostu za tratí');
    await look(page, 'item9-address-search');
    // Escape closes the suggestion list first, then the panel (issue 12 item 14)
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(search).toBeHidden({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });

    // the target from the map: the reverse geocoder's address differs → the question
    await mapDrawn(page);
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.getByTestId('map').click({ button: 'right', position: { x: box.width / 2 + 60, y: box.height / 2 } });
    await page.getByTestId('map-context-menu').getByRole('menuitem', { name: 'Nastavit jako cíl události' }).click();
    const terrain = page.getByTestId('terrain-dialog');
    if (await terrain.isVisible().catch(() => false)) await terrain.getByRole('button', { name: 'Pokračovat' }).click();
    const question = page.getByRole('dialog').filter({ hasText: 'Adresa události' });
    await expect(question.getByTestId('address-typed')).toHaveText('u mostu za tratí');
    const found = (await question.getByTestId('address-found').textContent())!;
    expect(found.length).toBeGreaterThan(0);
    await look(page, 'item9-address-question');
    await question.getByRole('button', { name: 'Použít adresu z mapy' }).click();
    await expect(address).toHaveValue(found);
    await expect(page.getByLabel('Upřesnění místa')).toHaveValue(/^u mostu za tratí/);
  });
});
