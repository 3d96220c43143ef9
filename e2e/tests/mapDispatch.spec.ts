/**
 * Map dispatch (issue 12 item 13): the vehicles' destination set and removed with the spec's toasts; 'Odeslat
 * trasu do vozidla' on a deployed vehicle (the warning when the home unit has no coordinates); 'Zobrazit trasu
 * vozidla' shows the waypoint line, which is gone after its time (SHOW_WAYPOINTS_SECONDS = 60). Vehicle
 * markers draw their resource type's icon file (the built-in glyph when it is missing) and show the 001 §2
 * tooltip (title, content, overview) on hover and on a tap.
 */
import { expect, type Page } from '@playwright/test';
import { SHOW_WAYPOINTS_SECONDS } from '@panel/domain/constants';
import { loginAs, openEvent, shot, test } from './helpers';
import { holdMap, layerFeatures, mapDrawn } from './mapHelpers';

const EVENT_TITLE = 'Požár lokomotivy řady 363';

async function openEventMap(page: Page) {
  await loginAs(page, 'jednotka');
  await openEvent(page, EVENT_TITLE);
  await expect(page.getByTestId('event-detail')).toBeVisible();
  await holdMap(page, 'vehicles');
  await mapDrawn(page);
}

/** Right-click on the first deployed vehicle of the map (layer 'vehicles', features with a jobId). */
async function rightClickJob(page: Page) {
  const jobs = (await layerFeatures(page, 'vehicles', 'jobId')).filter((f) => typeof f.value === 'number');
  expect(jobs.length).toBeGreaterThan(0);
  const pixel = await page.evaluate((xy) => window.__panelMap!.getPixelFromCoordinate(xy), jobs[0].xy!);
  await page
    .getByTestId('map')
    .click({ button: 'right', position: { x: Math.round(pixel[0]), y: Math.round(pixel[1]) } });
  await expect(page.getByTestId('map-context-menu')).toBeVisible();
  return page.getByTestId('map-context-menu');
}

const waypointLines = async (page: Page) =>
  (await layerFeatures(page, 'job-lines', 'kind')).filter((f) => f.value === 'job-waypoints').length;

test('destination toasts; send the route; the waypoint line shows and is gone after its time', async ({ page }) => {
  // the page's clock is the test's (it runs as the real one until told): the line's minute is run, not waited out
  await page.clock.install();
  await openEventMap(page);
  const box = (await page.getByTestId('map').boundingBox())!;
  const free = { x: Math.round(box.width / 2 + 150), y: Math.round(box.height / 2 - 120) };

  // the destination: set, then removed, each with the spec's toast
  await page.getByTestId('map').click({ button: 'right', position: free });
  await page.getByTestId('map-context-menu').getByRole('menuitem', { name: 'Nastavit cíl pro techniku' }).click();
  await expect(page.getByText('Místo dojezdu techniky bylo nastaveno')).toBeVisible();
  await shot(page, 'map-dispatch-1-destination-set');
  // the right click lands on the flag, whose drag handle is there: it opens the menu and saves nothing (it once
  // saved the same place again, and the removal picked next was refused as someone else's change)
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && /\/v2\/events\/\d+$/.test(r.url())) saves.push(r.postData() ?? '');
  });
  await page.getByTestId('map').click({ button: 'right', position: free });
  await page.getByTestId('map-context-menu').getByRole('menuitem', { name: 'Odebrat cíl pro techniku' }).click();
  await expect(page.getByText('Místo dojezdu techniky bylo odebráno')).toBeVisible();
  expect(saves.map((body) => JSON.parse(body) as Record<string, unknown>)).toEqual([
    expect.objectContaining({ destinationLatitude: null, destinationLongitude: null }),
  ]);

  // send the route to the vehicle: the request goes, the vehicle gets its waypoints
  expect(await waypointLines(page)).toBe(0);
  let menu = await rightClickJob(page);
  const sent = page.waitForResponse((r) => /\/v2\/event-jobs\/\d+\/route$/.test(r.url()));
  await menu.getByRole('menuitem', { name: 'Odeslat trasu do vozidla' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText('Požadavek odeslán')).toBeVisible();

  // show waypoints: the line is drawn while the time runs, then it is gone
  menu = await rightClickJob(page);
  await menu.getByRole('menuitem', { name: 'Zobrazit trasu vozidla' }).click();
  await expect.poll(() => waypointLines(page)).toBe(1);
  await shot(page, 'map-dispatch-2-waypoints');
  // the line stays while its time counts down, and is gone once SHOW_WAYPOINTS_SECONDS have passed
  await page.clock.runFor((SHOW_WAYPOINTS_SECONDS - 10) * 1000);
  expect(await waypointLines(page)).toBe(1);
  await page.clock.runFor(11_000);
  await expect.poll(() => waypointLines(page)).toBe(0);
});

test('send route: the warning when the home unit has no coordinates, and no call', async ({ page }) => {
  // the demo units all have coordinates: the bundle is answered with the user's unit (Praha) without them
  await page.route('**/v2/app', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { bases?: { code: string; longitude: unknown; latitude: unknown }[] };
    for (const b of body.bases ?? []) if (b.code === 'PHA') Object.assign(b, { longitude: null, latitude: null });
    await route.fulfill({ response, json: body });
  });
  await openEventMap(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/v2\/event-jobs\/\d+\/route$/.test(r.url())) calls.push(r.url());
  });
  const menu = await rightClickJob(page);
  await menu.getByRole('menuitem', { name: 'Odeslat trasu do vozidla' }).click();
  await expect(page.getByText('Vaše domovská jednotka nemá zadané souřadnice.')).toBeVisible();
  await shot(page, 'map-dispatch-3-route-warning');
  expect(calls).toEqual([]);
});

/** The view coordinates of the deployed vehicles (layer 'vehicles', features with a jobId) and their titles. */
async function jobMarkers(page: Page) {
  const jobs = await layerFeatures(page, 'vehicles', 'title');
  const ids = await layerFeatures(page, 'vehicles', 'jobId');
  return jobs.filter((_, i) => typeof ids[i].value === 'number');
}

/** Icon files each marker of the layer 'vehicles' draws, by the marker's title. */
const markerIcons = (page: Page) =>
  page.evaluate(() => {
    type Styled = { get(k: string): unknown; getStyle(): { getImage(): { getSrc?(): string } | null }[] };
    const layer = window
      .__panelMap!.getLayers()
      .getArray()
      .find((l) => l.get('name') === 'vehicles') as unknown as { getSource(): { getFeatures(): Styled[] } };
    return Object.fromEntries(
      layer
        .getSource()
        .getFeatures()
        .map((f) => [f.get('title'), f.getStyle().flatMap((s) => s.getImage()?.getSrc?.() ?? [])]),
    ) as Record<string, string[]>;
  });

test("vehicle markers draw the type's icon file and show their tooltip on hover", async ({ page }) => {
  await openEventMap(page);
  // the icon files are served with the panel, as SVG
  const icon = await page.request.get('/resource-icons/cas.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
  // the deployed CAS draws its type's file once loaded
  await expect
    .poll(async () => Object.entries(await markerIcons(page)).find(([t]) => /^CAS 30 Tatra 815-7 PHA$/.test(t))?.[1])
    .toEqual(['/resource-icons/cas.svg']);

  // hover the deployed vehicle: its tooltip with the title, content and the event's overview
  const [job] = await jobMarkers(page);
  const pixel = await page.evaluate((xy) => window.__panelMap!.getPixelFromCoordinate(xy), job.xy!);
  const tooltip = page.getByTestId('vehicle-tooltip');
  await expect(tooltip).toBeHidden();
  await page.getByTestId('map').hover({ position: { x: Math.round(pixel[0]), y: Math.round(pixel[1]) } });
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveAttribute('data-mode', 'hover');
  const title = await tooltip.getByTestId('vehicle-tooltip-title').innerText();
  expect((await jobMarkers(page)).map((j) => j.value)).toContain(title);
  const content = tooltip.getByTestId('vehicle-tooltip-content');
  await expect(content).toContainText('Stav výjezdu');
  await expect(content).toContainText('Událost');
  await expect(content).toContainText(EVENT_TITLE);
  await expect(content).toContainText(/Poloha\s*(\d\d\.\d\d\.\d{4} \d\d:\d\d|Neaktuální poloha)/);
  await expect(tooltip.getByTestId('vehicle-tooltip-overview')).toContainText(EVENT_TITLE);
  // the other vehicle standing on the same spot is named, not hidden
  await expect(tooltip.getByTestId('vehicle-tooltip-others')).toContainText(/PHA/);
  // the header's icon is the loaded file
  await expect
    .poll(() => tooltip.getByTestId('resource-icon-file').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await shot(page, 'map-dispatch-4-tooltip');

  // the pointer leaves: the tooltip goes
  await page.getByTestId('map').hover({ position: { x: 20, y: Math.round(pixel[1]) } });
  await expect(tooltip).toBeHidden();
});

test.describe('without the service worker (its cache would answer the icon files)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a missing icon file keeps the built-in glyph, in the marker and in the tooltip', async ({ page }) => {
    await page.route('**/resource-icons/ta.svg', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await openEventMap(page);
    await expect
      .poll(async () => Object.entries(await markerIcons(page)).find(([t]) => t.startsWith('CAS 30 Tatra'))?.[1])
      .toEqual(['/resource-icons/cas.svg']);
    const icons = await markerIcons(page);
    expect(icons['TA-L VW Crafter PHA']).toEqual([]);

    const ta = (await jobMarkers(page)).find((j) => j.value === 'TA-L VW Crafter PHA')!;
    const pixel = await page.evaluate((xy) => window.__panelMap!.getPixelFromCoordinate(xy), ta.xy!);
    await page.getByTestId('map').hover({ position: { x: Math.round(pixel[0]), y: Math.round(pixel[1]) } });
    const tooltip = page.getByTestId('vehicle-tooltip');
    await expect(tooltip.getByTestId('vehicle-tooltip-title')).toHaveText('TA-L VW Crafter PHA');
    await expect(tooltip.getByTestId('resource-icon-glyph')).toHaveText('local_shipping');
  });
});

test('on a phone a tap on a vehicle shows its tooltip across the map, and its close button hides it', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await loginAs(page, 'jednotka');
  await openEvent(page, EVENT_TITLE);
  await page.getByRole('tab', { name: 'Mapa' }).click();
  await holdMap(page, 'vehicles');
  await mapDrawn(page);
  const [job] = await jobMarkers(page);
  const pixel = await page.evaluate((xy) => window.__panelMap!.getPixelFromCoordinate(xy), job.xy!);
  await page.getByTestId('map').tap({ position: { x: Math.round(pixel[0]), y: Math.round(pixel[1]) } });
  const tooltip = page.getByTestId('vehicle-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveAttribute('data-mode', 'tap');
  // inside the screen, across the map's width, not over the tapped marker
  const box = (await tooltip.boundingBox())!;
  const map = (await page.getByTestId('map').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(map.x);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  const markerY = map.y + pixel[1];
  expect(markerY < box.y || markerY > box.y + box.height).toBe(true);
  await shot(page, 'map-dispatch-5-tooltip-phone');
  await tooltip.getByRole('button', { name: 'Zavřít' }).click();
  await expect(tooltip).toBeHidden();
  await context.close();
});
