/**
 * Feedback journeys (issue 12 item 14): toasts after 'Uložit' and 'Uzavřít', the validation notice that follows
 * the fields, 'Nic nebylo nalezeno' and the suggestion list of the map search, and a picked event that wins over
 * a tracked train.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, openEvent, shot, test } from './helpers';
import { layerFeatures, mapState } from './mapHelpers';

/** An event of category 5 made by admin (other panels see it), with an optional target. */
async function adminEvent(request: APIRequestContext, description: string, target?: [number, number]) {
  const admin = await apiLogin(request, 'admin');
  const res = await request.post('/v2/events', {
    headers: admin.headers,
    data: {
      uuid: randomUUID(),
      eventCategoryId: 5,
      description,
      ...(target ? { targetLongitude: target[0], targetLatitude: target[1] } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { uuid: string; id: number };
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test("'Uložit' and 'Uzavřít' answer with a toast; the notice follows the fields as they are fixed", async ({
  page,
  request,
}) => {
  const description = `Zpětná vazba ${Date.now()}`;
  await adminEvent(request, description);
  await loginAs(page, 'dispecer');
  await openEvent(page, description);
  await expect(page.getByTestId('event-detail')).toBeVisible();
  // an event opens on its first conversation (issue 12 item 6): the form is 'Další nastavení'
  await page.getByRole('tab', { name: 'Další nastavení' }).click();

  const text = page.getByLabel('Popis události', { exact: false });
  await text.fill(`${description} – upřesněno`);
  await page.getByRole('button', { name: 'Uložit' }).click();
  await expect(toast(page, 'Událost byla uložena')).toBeVisible();
  await shot(page, 'feedback-01-saved-toast');

  // an emptied required field: the notice lists it; typing removes it without another save
  await text.fill('');
  await page.getByRole('button', { name: 'Uložit' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Prosím opravte následujích chyby:' });
  await expect(notice).toContainText('Vyplňte Popis události');
  await shot(page, 'feedback-02-notice');
  await text.fill('Opraveno');
  await expect(notice).toBeHidden();

  await page.getByRole('button', { name: 'Uložit' }).click();
  await expect(toast(page, 'Událost byla uložena').first()).toBeVisible();
  // the first save's toast may still be up: this save has ended when 'Uložit' greys out again, as the user sees it
  // (CI once clicked 'Uzavřít' while the save was in flight and no close came)
  await expect(page.getByRole('button', { name: 'Uložit' })).toBeDisabled();
  await page.getByRole('button', { name: 'Uzavřít' }).click();
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible().catch(() => false)) {
    await confirm.getByRole('button', { name: /Ano|Uzavřít|Potvrdit/ }).click();
  }
  await expect(toast(page, 'Událost byla uzavřena')).toBeVisible();
  await shot(page, 'feedback-03-closed-toast');
});

test('a new event: the notice shrinks field by field', async ({ page }) => {
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Příjem volání' }).click();
  await page.getByLabel('Konec', { exact: false }).fill('01.01.2000 10:00');
  await page.getByRole('button', { name: 'Založit' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Prosím opravte následujích chyby:' });
  await expect(notice).toContainText('Vyplňte Popis události');
  await expect(notice).toContainText('Chybné datum Konec');
  await page.getByLabel('Popis události', { exact: false }).fill('Kouř z podvozku');
  await expect(notice).not.toContainText('Vyplňte Popis události');
  await expect(notice).toContainText('Chybné datum Konec');
  await page.getByLabel('Konec', { exact: false }).fill('');
  await expect(notice).toBeHidden();
});

test("map search: 'Nic nebylo nalezeno'; the suggestion list closes after a pick and on Escape", async ({ page }) => {
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Vyhledávání míst' }).click();
  const input = page.getByRole('textbox', { name: 'Hledání v železničních objektech...' });
  await input.fill('Qxzqxz');
  await expect(page.getByText('Nic nebylo nalezeno')).toBeVisible();
  await expect(page.getByTestId('last-query')).toHaveText('posledni dotaz: Qxzqxz');
  await shot(page, 'feedback-04-nothing-found');

  await input.fill('Pardubice');
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('option').first()).toContainText('Pardubice');
  await expect(page.getByText('Nic nebylo nalezeno')).toBeHidden();
  // Escape: the list goes, the panel and the query stay
  await input.press('Escape');
  await expect(results).toBeHidden();
  await expect(input).toHaveValue('Pardubice');
  // arrow down brings it back; a pick closes it and makes a map point
  await input.press('ArrowDown');
  await expect(results).toBeVisible();
  await results.getByRole('option', { name: /Pardubice hl\. n\./ }).click();
  await expect(results).toBeHidden();
  await expect(page.getByTestId('search-points')).toContainText('Pardubice hl. n.');
  // Escape with no list closes the panel
  await input.press('Escape');
  await expect(page.getByTestId('map-search')).toBeHidden();
  await page.getByRole('button', { name: 'Vyhledávání míst' }).click();
  await page.getByRole('button', { name: 'Odebrat body' }).click();
});

test('picking an event moves the map to it even while a train is tracked', async ({ page, request }) => {
  // Ostrava: far from most trains of the feed
  const description = `Událost bez vlaku ${Date.now()}`;
  const event = await adminEvent(request, description, [18.2625, 49.8347]);
  await loginAs(page, 'dispecer');
  await page.waitForFunction(() => Boolean(window.__panelMap));

  // track a train chosen in the search (as map-trains.spec does)
  await page.evaluate(() => window.__panelMap!.getView().setZoom(4));
  await expect
    .poll(async () => (await layerFeatures(page, 'trains', 'train')).length, { timeout: 15_000 })
    .toBeGreaterThan(10);
  const trains = (await layerFeatures(page, 'trains', 'train'))
    .filter((f) => f.value && f.xy && f.xy.length === 2)
    .map((f) => ({ xy: f.xy!, tr: (f.value as { tr: string }).tr }));
  // the westernmost train: far from the event in Ostrava
  const train = trains.reduce((a, b) => (b.xy[0] < a.xy[0] ? b : a));
  await page.getByRole('button', { name: 'Vyhledávání míst' }).click();
  await page.getByRole('button', { name: 'Vlaky (*)' }).click();
  await page.getByRole('textbox', { name: 'Hledání v vlakových objektech...' }).fill(train.tr);
  await page.getByTestId('search-results').getByRole('option').first().click();
  await expect(page.getByTestId('train-legend')).toContainText(train.tr);

  // the user drags the map away: auto-centre off
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 80, { steps: 8 });
  await page.mouse.up();

  // the pick: the map goes to the event and stays there (the tracked train does not pull it away)
  await openEvent(page, description);
  const target = async () =>
    (await layerFeatures(page, 'event-targets', 'eventUuid')).find((f) => f.value === event.uuid)?.xy ?? null;
  await expect.poll(target).not.toBeNull();
  const xy = (await target())!;
  const near = async () => {
    const s = await mapState(page);
    return s.zoom >= 8 && Math.hypot(s.center[0] - xy[0], s.center[1] - xy[1]) < 200;
  };
  await expect.poll(near, { timeout: 10_000 }).toBe(true);
  await page.waitForTimeout(2_000); // a while longer: the tracked train's updates do not pull the map away
  expect(await near()).toBe(true);
  await shot(page, 'feedback-05-event-over-train');
});

test('a map chunk that cannot be loaded: a Czech message with a reload button, which brings the map', async ({
  browser,
}) => {
  // the map is its own chunk (MapPage-<hash>.js): refuse it, as a dropped connection or an old deployment would.
  // The service worker would serve it from its precache: this context has none.
  const chunk = /\/assets\/MapPage-[^/]+\.js$/;
  const text = 'Část panelu se nepodařilo načíst. Zkontrolujte připojení a načtěte panel znovu.';
  const desk = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
  const page = await desk.newPage();
  await page.route(chunk, (route) => route.abort());
  await loginAs(page, 'dispecer');
  await expect(page.getByText(text)).toBeVisible();
  await shot(page, 'feedback-06-chunk-error');
  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Načíst panel znovu' }).click();
  await page.getByRole('button', { name: 'Uživatel' }).waitFor();
  await expect(page.getByTestId('map')).toBeVisible();
  await expect(page.getByText(text)).toBeHidden();
  await desk.close();

  // on a phone: the event's 'Mapa' tab loads the same chunk
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  await phone.route(chunk, (route) => route.abort());
  await loginAs(phone, 'dispecer');
  await openEvent(phone, 'Požár lokomotivy řady 363');
  await phone.getByRole('tab', { name: 'Mapa' }).click();
  await expect(phone.getByText(text)).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Načíst panel znovu' })).toBeVisible();
  await shot(phone, 'feedback-07-chunk-error-phone');
  await context.close();
});
