import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, openEvent, shot, test } from './helpers';

const eventList = (page: Page) => page.getByTestId('events-count');

test('new event from Příjem volání: validation notice, create, it joins the list', async ({ page, request }) => {
  await loginAs(page, 'dispecer');
  const before = Number(await eventList(page).textContent());
  await page.getByRole('button', { name: 'Příjem volání' }).click();
  await page.getByRole('button', { name: 'Založit' }).click();
  await expect(page.getByText('Prosím opravte následujích chyby:')).toBeVisible();
  await expect(page.getByText('Vyplňte Popis události').first()).toBeVisible();
  await shot(page, '20-event-form-notice');

  const description = `Zakouřená strojovna lokomotivy ${Date.now()}`;
  await page.getByLabel('Jméno oznamovatele').fill('jan novák');
  await page.getByLabel('Popis události', { exact: false }).fill(description);
  await page.getByRole('button', { name: 'Založit' }).click();
  await expect(page.getByText('Událost byla založena')).toBeVisible();
  await expect(page.getByText(/^Situace události \/ směna [ABC]$/)).toBeVisible();
  await expect(eventList(page)).toHaveText(String(before + 1));
  await shot(page, '21-event-created');

  // stored as the spec says: reporter upper-cased, empty texts null
  const s = await apiLogin(request, 'dispecer');
  const bundle = await (await request.post('/v2/app', { headers: s.headers, data: { uid: null } })).json();
  const saved = bundle.events.find((e: { description: string }) => e.description === description);
  expect(saved).toMatchObject({ reporterName: 'JAN NOVÁK', investigator: null, eventStateId: 1 });

  // back to the list: the new event is there
  await page.getByRole('button', { name: 'Události', exact: true }).click();
  await expect(page.getByText(/^Operační situace/)).toBeVisible();
  await expect(page.getByText(description).first()).toBeVisible();
});

test('event list search ignores case and accents', async ({ page }) => {
  await loginAs(page, 'dispecer');
  // earlier journeys add events above the demo ones, so the whole list need not be in view: count it
  const count = page.getByTestId('list-count');
  const all = (await count.textContent())!;
  await page.getByRole('textbox', { name: 'Hledat' }).fill('pozar lokomotivy');
  await expect(page.getByText('Požár lokomotivy řady 363', { exact: true })).toBeVisible();
  await expect(page.getByText('Srážka vlaku s osobou', { exact: true })).toBeHidden();
  await expect(count).not.toHaveText(all);
  await shot(page, '22-list-search');
  await page.getByRole('button', { name: 'Vymazat hledání' }).click();
  await expect(count).toHaveText(all);
  await expect(page.getByRole('textbox', { name: 'Hledat' })).toHaveValue('');
});

test('close an event with the category confirmation: it leaves the list everywhere', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  const description = `Uzavíraná událost ${Date.now()}`;
  const created = await request.post('/v2/events', {
    headers: admin.headers,
    data: { uuid: randomUUID(), eventCategoryId: 5, description },
  });
  expect(created.status()).toBe(201);

  await loginAs(page, 'dispecer');
  const before = Number(await eventList(page).textContent());
  await page.getByText(description).first().click();
  await expect(page.getByTestId('event-detail')).toBeVisible();
  // an event opens on its first conversation (issue 12 item 6): the form is 'Další nastavení'
  await page.getByRole('tab', { name: 'Další nastavení' }).click();
  await shot(page, '23-event-detail');
  await page.getByRole('button', { name: 'Uzavřít' }).click();
  await expect(page.getByText('Opravdu uzavřít událost?')).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ano|Uzavřít|Potvrdit/ })
    .click();
  await expect(eventList(page)).toHaveText(String(before - 1));
  await expect(page.getByText(/^Operační situace/)).toBeVisible();

  const bundle = await (await request.post('/v2/app', { headers: admin.headers, data: { uid: null } })).json();
  expect(bundle.events.some((e: { description: string }) => e.description === description)).toBe(false);
});

test('admin: view dialog and the journal of an event', async ({ page }) => {
  await loginAs(page, 'admin');
  await openEvent(page, 'Požár lokomotivy řady 363');
  await page.getByRole('button', { name: 'Zobrazit událost' }).click();
  const view = page.getByRole('dialog').first();
  await expect(view).toBeVisible();
  await shot(page, '24-event-view');
  await view
    .getByRole('button', { name: /[Jj]ournal|[Hh]istorie|[Dd]ebug/ })
    .first()
    .click();
  await expect(page.getByText('event.create').first()).toBeVisible();
  await shot(page, '25-event-journal');
});

test('calendar: today lists events from the server, previous day and Dnes move the date', async ({ page, request }) => {
  // a closed event is not in the live list but is in the day's calendar, and opens read-only
  const admin = await apiLogin(request, 'admin');
  const closed = await (
    await request.post('/v2/events', {
      headers: admin.headers,
      data: { uuid: randomUUID(), eventCategoryId: 5, description: `Uzavřená dnes ${Date.now()}` },
    })
  ).json();
  const put = await request.put(`/v2/events/${closed.id}`, {
    headers: admin.headers,
    data: { eventStatusId: 11, eventStateId: 5 },
  });
  expect(put.status(), await put.text()).toBe(200);

  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Kalendář' }).click();
  // the event made just now is today's at any hour (the demo events, hours old, are yesterday's after midnight)
  await expect(page.getByText(closed.description).first()).toBeVisible();
  await shot(page, '26-calendar');
  await page.getByRole('button', { name: 'Předchozí den' }).click();
  await expect(page.getByText(closed.description)).toBeHidden();
  await page.getByRole('button', { name: 'Dnes' }).click();
  await expect(page.getByText(closed.description).first()).toBeVisible();

  const row = page.getByTestId('event-row').filter({ hasText: closed.description });
  await expect(row.getByText('Uzavřeno')).toBeVisible();
  await row.click();
  await expect(page.getByRole('dialog').getByText(closed.description).first()).toBeVisible();
  await shot(page, '29-calendar-closed-event');
});

test('two dispatchers edit one event in two browsers: the later save sees what changed and may overwrite', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const created = await request.post('/v2/events', {
    headers: admin.headers,
    data: { uuid: randomUUID(), eventCategoryId: 5, description: `Souběžná úprava ${Date.now()}` },
  });
  const event = await created.json();

  // both open the event's form
  const other = await (await browser.newContext()).newPage();
  for (const [p, user] of [
    [page, 'dispecer'],
    [other, 'admin'],
  ] as const) {
    await loginAs(p, user);
    await p.getByText(event.description).first().click();
    await p.getByRole('tab', { name: 'Další nastavení' }).click();
  }

  await page.getByLabel('Popis události', { exact: false }).fill('Moje verze popisu');
  // meanwhile the other dispatcher saves first
  await other.getByLabel('Popis události', { exact: false }).fill('Jejich verze popisu');
  await other.getByRole('button', { name: 'Uložit' }).click();
  await expect(other.getByRole('button', { name: 'Uložit' })).toBeDisabled();

  await page.getByRole('button', { name: 'Uložit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Událost mezitím změnil jiný dispečer' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Moje verze popisu')).toBeVisible();
  await expect(dialog.getByText('Jejich verze popisu')).toBeVisible();
  // only the field this dispatcher edited is in question
  await expect(dialog.getByRole('row')).toHaveCount(2);
  await shot(page, '27-edit-conflict');
  await dialog.getByRole('button', { name: 'Přepsat' }).click();
  await expect(dialog).toBeHidden();

  // the overwrite reaches the other browser live
  await expect(other.getByLabel('Popis události', { exact: false })).toHaveValue('Moje verze popisu');
  await other.context().close();
});

test('link an event to another: Připojeno, it leaves the list as a child', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  const stamp = Date.now();
  const make = async (description: string) =>
    (
      await request.post('/v2/events', {
        headers: admin.headers,
        data: {
          uuid: randomUUID(),
          eventCategoryId: 5,
          description,
          targetLatitude: 50.0831,
          targetLongitude: 14.4353,
        },
      })
    ).json();
  const child = await make(`Druhé hlášení ${stamp}`);
  const parent = await make(`Hlavní událost ${stamp}`);

  await loginAs(page, 'dispecer');
  const before = Number(await page.getByTestId('events-count').textContent());
  await page.getByText(child.description).first().click();
  await page.getByRole('button', { name: 'Zobrazit událost' }).click();
  await page.getByRole('tab', { name: 'Propojené události' }).click();
  await page.getByRole('button', { name: 'Připojit k události' }).click();
  const candidates = page.getByRole('dialog', { name: 'Připojit k události' });
  const row = candidates.getByRole('listitem').filter({ hasText: parent.description });
  await expect(row).toBeVisible();
  await expect(row).toContainText('0 m');
  await shot(page, '28-link-candidates');
  await row.getByRole('button', { name: 'Připojit' }).click();
  await expect(page.getByText('Připojeno')).toBeVisible();
  await expect(page.getByTestId('events-count')).toHaveText(String(before - 1));

  const b = await (await request.post('/v2/app', { headers: admin.headers, data: { uid: null } })).json();
  expect(
    b.eventToEvent.some(
      (l: { sourceEventId: number; targetEventId: number }) =>
        l.sourceEventId === child.id && l.targetEventId === parent.id,
    ),
  ).toBe(true);
});

test('send to the Spojař queue: the external system takes it, the event is locked for the queue', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const event = await (
    await request.post('/v2/events', {
      headers: admin.headers,
      data: { uuid: randomUUID(), eventCategoryId: 5, description: `Do fronty ${Date.now()}` },
    })
  ).json();

  await loginAs(page, 'dispecer');
  await page.getByText(event.description).first().click();
  // an event opens on its first conversation (issue 12 item 6): the form is 'Další nastavení'
  await page.getByRole('tab', { name: 'Další nastavení' }).click();
  await page.getByRole('button', { name: 'Do fronty Spojaře' }).click();
  await expect(page.getByText('Odesílám událost do Spojaře')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Do fronty Spojaře' })).toBeDisabled();

  // the external dispatcher system reads the queue and takes the item: ISPO_QUEUE becomes ISPO
  const queue = await (await request.get('/v2/queue', { headers: admin.headers })).json();
  const item = queue.find((q: { eventId: number }) => q.eventId === event.id);
  expect(item).toBeTruthy();
  const taken = await request.post(`/v2/queue/${item.id}/take`, { headers: admin.headers });
  expect(taken.status(), await taken.text()).toBe(200);
  await expect(page.getByTestId('event-detail').getByText('ISPO', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Do fronty Spojaře' })).toBeDisabled();
  await shot(page, '30-queue-taken');
});
