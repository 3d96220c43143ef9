import { expect } from '@playwright/test';
import { apiLogin, loginAs, openEvent, shot, test } from './helpers';
import { hasLayer, layerFeatures, mapDrawn, mapState } from './mapHelpers';

test('the offline map draws the country, lines, stations, places and event targets', async ({ page }) => {
  await loginAs(page, 'dispecer');
  await expect(page.getByTestId('map')).toBeVisible();
  await expect.poll(async () => (await mapState(page)).layers['land'] ?? 0, { timeout: 15_000 }).toBe(1);
  await expect.poll(async () => (await mapState(page)).layers['railway-lines'] ?? 0).toBeGreaterThanOrEqual(10);
  await expect.poll(async () => (await mapState(page)).layers['places'] ?? 0).toBeGreaterThanOrEqual(13);
  await expect.poll(async () => (await mapState(page)).layers['railway-points'] ?? 0).toBeGreaterThan(50);
  await expect.poll(async () => (await mapState(page)).layers['event-targets'] ?? 0).toBeGreaterThanOrEqual(5);
  expect((await mapState(page)).zoom).toBe(0);
  await shot(page, '50-map-country');
});

test('coordinate entry moves the map there (kept across a reload); a bad entry is refused', async ({ page }) => {
  await loginAs(page, 'dispecer');
  const entry = page.getByRole('textbox', { name: 'Přejít na souřadnice (šířka, délka)' });
  await entry.fill('14.4, 50.08'); // longitude first lands outside the bounds
  await entry.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Zadejte zeměpisnou šířku a délku v ČR' })).toBeVisible();

  await entry.fill('50.0323, 15.7632'); // Pardubice
  await entry.press('Enter');
  await expect.poll(async () => (await layerFeatures(page, 'map-points')).length).toBe(1);
  const expected = (await layerFeatures(page, 'map-points'))[0].xy!;
  // the map animates there (500 ms): wait for the end of the animation, not just a rounded zoom
  await expect
    .poll(async () => {
      const state = await mapState(page);
      return state.zoom === 8 && Math.hypot(state.center[0] - expected[0], state.center[1] - expected[1]) < 5;
    })
    .toBe(true);
  await shot(page, '51-map-coordinates');

  await page.reload();
  await page.getByRole('button', { name: 'Uživatel' }).waitFor();
  await expect.poll(async () => Math.round((await mapState(page)).zoom)).toBe(8);
  // the trains' positions are in: the first tracked train once pulled the map away from the chosen point here
  await expect.poll(async () => (await mapState(page)).layers['trains'] ?? 0).toBeGreaterThan(0);
  await mapDrawn(page);
  const after = await mapState(page);
  expect(Math.hypot(after.center[0] - expected[0], after.center[1] - expected[1])).toBeLessThan(50);
});

test("search 'Pardubice' and pick the station: it becomes a map point and the map goes there", async ({ page }) => {
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Vyhledávání míst' }).click();
  const input = page.getByRole('textbox', { name: 'Hledání v železničních objektech...' });
  await input.fill('Pardubice');
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('option').first()).toContainText('Pardubice');
  await expect(page.getByTestId('last-query')).toHaveText('posledni dotaz: Pardubice');
  await shot(page, '52-map-search');
  await results.getByRole('option', { name: /Pardubice hl\. n\./ }).click();
  await expect(page.getByTestId('search-points')).toContainText('Pardubice hl. n.');
  await expect.poll(async () => (await mapState(page)).layers['map-points']).toBe(1);
  // auto-centre fits the chosen point
  await expect
    .poll(async () => {
      const s = await mapState(page);
      const point = (await layerFeatures(page, 'map-points'))[0].xy!;
      return Math.hypot(s.center[0] - point[0], s.center[1] - point[1]) < 100;
    })
    .toBe(true);
  await page.getByRole('button', { name: 'Odebrat body' }).click();
  await expect.poll(async () => (await mapState(page)).layers['map-points']).toBe(0);
});

test('measure a distance: two clicks and a double click give a length in km; switching off clears it', async ({
  page,
}) => {
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Měřit vzdálenost' }).click();
  const box = (await page.getByTestId('map').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.click(box.x + 300, y);
  await page.mouse.dblclick(box.x + 500, y);
  // at zoom 0 one pixel is 512 m: 200 px ≈ 102 km
  await expect
    .poll(async () => (await layerFeatures(page, 'measure', 'label'))[0]?.value ?? null)
    .toMatch(/^10\d,\d km$/);
  await shot(page, '53-map-measure');
  await page.getByRole('button', { name: 'Vypnout měření' }).click();
  expect(await hasLayer(page, 'measure')).toBe(false);
});

test("on a phone the event's map is its 'Mapa' tab", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await loginAs(page, 'dispecer');
  // the list covers the screen; the map waits behind it
  await expect(page.getByTestId('map')).toBeHidden();
  // no calendar button on a phone; the filter chips open from the rail's filter button
  await expect(page.getByRole('button', { name: 'Kalendář' })).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: 'Filtry' })).toBeHidden();
  await page.getByRole('button', { name: 'Filtry událostí' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Filtry' })).toBeVisible();
  await openEvent(page, 'Požár lokomotivy řady 363');
  await page.getByRole('tab', { name: 'Mapa' }).click();
  await expect(page.getByTestId('event-map-tab').getByTestId('map')).toBeVisible();
  await expect.poll(async () => (await mapState(page)).layers['event-targets'] ?? 0).toBeGreaterThanOrEqual(5);
  await shot(page, '54-map-mobile-tab');
  await context.close();
});

test("search 'Pardubice', pick it and set it as the target of a new event", async ({ page, request }) => {
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Vyhledávání míst' }).click();
  await page.getByRole('textbox', { name: 'Hledání v železničních objektech...' }).fill('Pardubice');
  await page
    .getByTestId('search-results')
    .getByRole('option', { name: /Pardubice hl\. n\./ })
    .click();
  await expect.poll(async () => (await mapState(page)).layers['map-points']).toBe(1);
  const point = (await layerFeatures(page, 'map-points'))[0].xy!;
  // wait until auto-centre has brought the point into view
  await expect
    .poll(async () => {
      const s = await mapState(page);
      return Math.hypot(s.center[0] - point[0], s.center[1] - point[1]) < 100;
    })
    .toBe(true);
  await mapDrawn(page);

  const pixel = await page.evaluate((xy) => window.__panelMap!.getPixelFromCoordinate(xy), point);
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(box.x + pixel[0], box.y + pixel[1], { button: 'right' });
  const menu = page.getByTestId('map-context-menu');
  await menu.getByRole('menuitem', { name: 'Nastavit jako cíl nové události' }).click();
  await expect(page.getByText(/^Situace nové události/)).toBeVisible();
  // the new (local) event's target stands on the chosen station
  await expect
    .poll(async () =>
      (await layerFeatures(page, 'event-targets')).some(
        (f) => f.xy && Math.hypot(f.xy[0] - point[0], f.xy[1] - point[1]) < 1,
      ),
    )
    .toBe(true);
  await shot(page, '55-map-new-event-target');

  const description = `Požár u nádraží Pardubice ${Date.now()}`;
  await page.getByLabel('Popis události', { exact: false }).fill(description);
  await page.getByRole('button', { name: 'Založit' }).click();
  await expect(page.getByText('Událost byla založena')).toBeVisible();

  const s = await apiLogin(request, 'dispecer');
  const bundle = await (await request.post('/v2/app', { headers: s.headers, data: { uid: null } })).json();
  const saved = bundle.events.find((e: { description: string }) => e.description === description);
  expect(saved.targetLatitude).toBeGreaterThan(50.02);
  expect(saved.targetLatitude).toBeLessThan(50.05);
  expect(saved.targetLongitude).toBeGreaterThan(15.73);
  expect(saved.targetLongitude).toBeLessThan(15.79);
});
