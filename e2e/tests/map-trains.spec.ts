import { expect, type Page } from '@playwright/test';
import { apiLogin, loginAs, openEvent, shot, test } from './helpers';
import { mapDrawn } from './mapHelpers';

/** Features of a map layer by name (a cluster layer: the clustered members), -1 when the layer is missing. */
function layerFeatureCount(page: Page, name: string): Promise<number> {
  return page.evaluate((layerName) => {
    const map = window.__panelMap;
    const layer = map
      ?.getLayers()
      .getArray()
      .find((l) => l.get('name') === layerName) as unknown as
      | { getSource: () => { getFeatures: () => unknown[]; getSource?: () => { getFeatures: () => unknown[] } } }
      | undefined;
    if (!layer) return -1;
    const source = layer.getSource();
    const inner = typeof source.getSource === 'function' ? source.getSource() : null;
    return (inner ?? source).getFeatures().length;
  }, name);
}

function clusterCount(page: Page, name: string): Promise<number> {
  return page.evaluate((layerName) => {
    const layer = window.__panelMap
      ?.getLayers()
      .getArray()
      .find((l) => l.get('name') === layerName) as unknown as { getSource: () => { getFeatures: () => unknown[] } };
    return layer ? layer.getSource().getFeatures().length : -1;
  }, name);
}

test('map: zones, special rail vehicles, trains and a map screenshot sent to the event', async ({ page, request }) => {
  // the page's clock is the test's (it runs as the real one until told): held below while the screenshot waits
  await page.clock.install();
  await loginAs(page, 'dispecer');
  await page.waitForFunction(() => Boolean(window.__panelMap));

  // intervention zones: coloured cells of the unit bases and the unit points
  await page.getByRole('button', { name: 'Zásahové obvody' }).click();
  await expect.poll(() => layerFeatureCount(page, 'zones')).toBeGreaterThan(5);
  await expect.poll(() => layerFeatureCount(page, 'zone-units')).toBeGreaterThan(5);
  await mapDrawn(page);
  await shot(page, 'map-trains-01-zones');
  await page.getByRole('button', { name: 'Zásahové obvody' }).click();
  await expect.poll(() => layerFeatureCount(page, 'zones')).toBe(-1);

  // special rail vehicles: 25 MUV, clustered at the country zoom (fewer clusters than vehicles)
  await page.getByRole('button', { name: 'Speciální kolejová vozidla' }).click();
  await expect.poll(() => layerFeatureCount(page, 'special-vehicles')).toBe(25);
  await expect.poll(() => clusterCount(page, 'special-vehicles')).toBeGreaterThan(0);
  expect(await clusterCount(page, 'special-vehicles')).toBeLessThan(25);
  await mapDrawn(page);
  await shot(page, 'map-trains-02-special-vehicles');
  await page.getByRole('button', { name: 'Speciální kolejová vozidla' }).click();

  // the train feed from zoom 3
  await page.evaluate(() => window.__panelMap!.getView().setZoom(4));
  await expect.poll(() => layerFeatureCount(page, 'trains'), { timeout: 15_000 }).toBeGreaterThan(10);
  await mapDrawn(page);
  await shot(page, 'map-trains-03-trains');

  // a train chosen in the search is tracked: big marker, its track, the legend; reload turns auto-centre off
  const chosen = await page.evaluate(() => {
    const layer = window
      .__panelMap!.getLayers()
      .getArray()
      .find((l) => l.get('name') === 'trains') as unknown as {
      getSource: () => { getFeatures: () => { get: (k: string) => unknown }[] };
    };
    const trains = layer
      .getSource()
      .getFeatures()
      // the trains named on active events are tracked from the start (standing at their incidents, under the
      // events' markers) and their tracks are features of this layer too: choose among the others
      .flatMap((f) =>
        f.get('train') && f.get('tracked') !== true
          ? [f.get('train') as { tr: string; nebezpecne_veci: unknown[] }]
          : [],
      );
    return (trains.find((t) => t.nebezpecne_veci.length > 0) ?? trains[0]).tr;
  });
  await page.getByRole('button', { name: 'Vyhledávání míst' }).click();
  await page.getByRole('button', { name: 'Vlaky (*)' }).click();
  await page.getByRole('textbox', { name: 'Hledání v vlakových objektech...' }).fill(chosen);
  await page.getByTestId('search-results').getByRole('option').first().click();
  await expect(page.getByTestId('train-legend')).toContainText(chosen);
  await expect
    .poll(() =>
      page.evaluate((tr) => {
        const layer = window
          .__panelMap!.getLayers()
          .getArray()
          .find((l) => l.get('name') === 'trains') as unknown as {
          getSource: () => { getFeatures: () => { get: (k: string) => unknown }[] };
        };
        const features = layer.getSource().getFeatures();
        return [
          features.some((f) => f.get('tracked') === true && f.get('tr') === tr),
          features.filter((f) => f.get('kind') === 'train-track' && f.get('tr') === tr).length,
        ];
      }, chosen),
    )
    .toEqual([true, 2]);
  await page.evaluate(() => window.__panelMap!.getView().setZoom(6));
  await page.getByRole('button', { name: 'Aktualizovat polohu vlaku' }).click();
  await expect(page.getByRole('button', { name: 'Automatické centrování' })).toHaveAttribute('aria-pressed', 'false');
  // a click on the train opens its card; the refreshed position may still move the train (or the view) after a
  // click aimed at the old one, so aim again at where it is now, as a user would
  await expect(async () => {
    await mapDrawn(page);
    const pixel = await page.evaluate((tr) => {
      const map = window.__panelMap!;
      const layer = map
        .getLayers()
        .getArray()
        .find((l) => l.get('name') === 'trains') as unknown as {
        getSource: () => {
          getFeatures: () => { get: (k: string) => unknown; getGeometry: () => { getCoordinates: () => number[] } }[];
        };
      };
      const feature = layer
        .getSource()
        .getFeatures()
        .find((f) => f.get('tracked') === true && f.get('tr') === tr)!;
      return map.getPixelFromCoordinate(feature.getGeometry().getCoordinates());
    }, chosen);
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.click(box.x + pixel[0], box.y + pixel[1]);
    await expect(page.getByTestId('card-train')).toContainText(chosen, { timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
  await shot(page, 'map-trains-04-tracked-train');
  await page.getByRole('button', { name: 'Automatické centrování' }).click();

  // the active event: its train is tracked (legend), the screenshot goes to its conversation as X21
  await openEvent(page, 'Požár lokomotivy řady 363');
  await expect(page.getByTestId('event-detail')).toBeVisible();
  await expect(page.getByTestId('train-legend')).toContainText('47731');
  const camera = page.getByRole('button', { name: 'Odeslat snímek mapy do události' });
  // the capture starts 200 ms after the dialog opens and takes a moment: with the clock held, the loading state
  // stays until the journey has seen it (on its own it was over before the check now and then)
  await page.clock.pauseAt(Date.now() + 1_000);
  await camera.click();
  const dialog = page.getByTestId('screenshot-dialog');
  await expect(dialog.getByText('Načítám...')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Odeslat' })).toBeDisabled();
  await page.clock.resume();
  await expect(dialog.getByTestId('screenshot-image')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Odeslat' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Zrušit' })).toBeEnabled();
  await shot(page, 'map-trains-05-screenshot-dialog');
  await dialog.getByRole('button', { name: 'Odeslat' }).click();
  await expect(page.getByText('Zpráva odeslána')).toBeVisible();
  await expect(dialog).toBeHidden();
  await shot(page, 'map-trains-06-sent');

  const s = await apiLogin(request, 'dispecer');
  const bundle = await (await request.post('/v2/app', { headers: s.headers, data: { uid: null } })).json();
  const event = bundle.events.find((e: { subject: string }) => e.subject === 'Požár lokomotivy řady 363');
  const list = await (await request.get(`/v2/messages/event/${event.id}`, { headers: s.headers })).json();
  const messages = Object.values(
    list.items as Record<
      string,
      { type: string; media: string[] | null; content: string; data: Record<string, unknown> }
    >,
  );
  const x21 = messages.find((m) => m.type === 'X21');
  expect(x21).toBeTruthy();
  expect(x21!.media?.[0]).toMatch(new RegExp(`^${event.id}-\\d{8}_\\d{6}-.+\\.jpg$`));
  expect(x21!.content).toContain('PHA-2025-0412');
  expect(x21!.data).toMatchObject({ tts: 'Zaslán snímek mapy', validity: 60 });
  const media = await request.get(`/v2/media/event/${event.id}/${encodeURIComponent(x21!.media![0])}`, {
    headers: s.headers,
  });
  expect(media.ok()).toBe(true);
  expect(media.headers()['content-type']).toContain('image/jpeg');
  expect((await media.body()).length).toBeGreaterThan(5000);
});
