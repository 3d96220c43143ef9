/**
 * Run cards (issue 26 item 1): the administrator keeps a card in 'Poplachové plány' (validation in Czech, saved,
 * listed); a dispatcher opens the deployment dialog of an event the card matches, sees the proposal per line with
 * the shortfall, changes a line, deploys by plan in one call and sees the vehicles deployed on the event; a planned
 * vehicle with a navigation unit then drives there on its OsmAnd reports and arrives by the geofence.
 * Screenshots of both dialogs at 1440×900, 1366×768 and 390×844 go to RUN_CARD_SHOTS (default /tmp/rc-shots).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, loginAs, openEvent, settle, test } from './helpers';

const SHOTS = process.env.RUN_CARD_SHOTS ?? '/tmp/rc-shots';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** The open dialog at each size (the page is resized under it), back to the first size at the end. */
async function shotsAtSizes(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

test('the administrator keeps the run cards in Další možnosti', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await page.getByTestId('menu-run-cards').click();
  const dialog = page.getByTestId('run-cards-dialog');
  await expect(
    dialog.getByTestId('run-card-row').filter({ hasText: 'Požár kolejového vozidla' }).first(),
  ).toBeVisible();

  // a bad count and ETA: the Czech messages under the fields, nothing saved
  const rowsBefore = await dialog.getByTestId('run-card-row').count();
  await dialog.getByTestId('run-card-name').fill('Požár na mostě');
  await dialog.getByTestId('run-card-category').locator('..').click();
  await page.getByRole('option', { name: 'Mimořádná událost' }).click();
  await dialog.getByLabel('Objekt (tunel, most…)').click();
  await page.getByRole('option', { name: 'Most' }).click();
  await dialog.getByLabel('Druh techniky').click();
  await page.getByRole('option', { name: /^CAS/ }).click();
  await dialog.getByTestId('run-card-count').fill('0');
  await dialog.getByTestId('run-card-eta').fill('-5');
  await dialog.getByTestId('run-card-save').click();
  await expect(dialog.getByText('Počet musí být celé číslo od 1 do 20.')).toBeVisible();
  await expect(dialog.getByText('Dojezd musí být celý počet minut větší než 0 (nejvýše 240).')).toBeVisible();
  await shotsAtSizes(page, 'run-cards-admin-invalid');

  await dialog.getByTestId('run-card-count').fill('2');
  await dialog.getByTestId('run-card-eta').fill('25');
  await dialog.getByTestId('run-card-save').click();
  await expect(page.getByText('Poplachový plán byl uložen')).toBeVisible();
  await expect(dialog.getByTestId('run-card-row')).toHaveCount(rowsBefore + 1);
  await expect(dialog.getByTestId('run-card-row').filter({ hasText: 'Požár na mostě' })).toContainText(
    '2× CAS do 25 min',
  );
  await shotsAtSizes(page, 'run-cards-admin');
});

test('a carded event: the deployment dialog proposes the plan, deploy by plan in one click', async ({
  page,
  request,
}) => {
  // the unit Praha reports a locomotive fire: the card 'Požár lokomotivy' (2× CAS, TA, inspector) matches
  const subject = `Požár lokomotivy ${Date.now()}`;
  await reportLocomotiveFire(request, subject, 'Praha hl.n.', [50.0831, 14.4353]);
  const { tab, dialog } = await openDeployment(page, subject);
  const plan = dialog.getByTestId('run-card-plan');
  await expect(plan).toContainText('Poplachový plán: Požár lokomotivy');
  const lines = plan.getByTestId('plan-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText('2× CAS do 20 min');
  // the demo keeps one Praha tender on another event: one is proposed, the other is missing within 20 min
  const picks = plan.getByTestId('plan-pick');
  await expect(dialog.getByTestId('vehicle-row').first()).toBeVisible();
  await shotsAtSizes(page, 'run-cards-deployment');

  // the dispatcher empties the inspector's slot, then deploys the rest by plan
  const inspector = lines.filter({ hasText: 'INSP' });
  await inspector.getByTestId('plan-pick').locator('..').click();
  await page.getByRole('option', { name: '— nenasazovat —' }).click();
  await expect(inspector.getByTestId('plan-shortfall')).toHaveText('chybí 1× INSP do 30 min');
  const chosen = (await picks.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).filter(Boolean);
  expect(chosen.length).toBeGreaterThan(0);
  await plan.getByTestId('deploy-by-plan').click();
  await expect(page.getByText(/^Nasazeno \d+ vozid/)).toBeVisible();
  for (const id of chosen) {
    await expect(dialog.locator(`[data-testid="vehicle-row"][data-resource-id="${id}"]`)).toHaveAttribute(
      'data-deployment',
      'here',
    );
  }
  // the plan now counts them and proposes only the inspector left out
  await expect(lines.filter({ hasText: 'CAS' })).toContainText('nasazeno');
  await dialog.getByRole('button', { name: 'Zavřít' }).click();
  await expect(tab.getByTestId('deployed-vehicle')).toHaveCount(chosen.length);

  // one command: one journal row for the whole plan
  const admin = await apiLogin(request, 'admin');
  const events = await (await request.post('/v2/app', { headers: admin.headers, data: { uid: null } })).json();
  const ev = events.events.find((e: { subject: string }) => e.subject === subject);
  expect(ev.jobs).toHaveLength(chosen.length);
});

test('right after creating a carded event the deployment dialog shows its plan', async ({ page }) => {
  // 'Příjem volání' makes an event of category 5, type 2 (technical help): the demo card 'Technická pomoc'
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Příjem volání' }).click();
  await page.getByLabel('Popis události', { exact: false }).fill(`Strom na trati ${Date.now()}`);
  await page.getByRole('button', { name: 'Založit' }).click();
  await expect(page.getByText('Událost byla založena')).toBeVisible();
  await page.getByRole('tab', { name: 'Technika' }).click();
  await page.getByTestId('vehicles-tab').getByRole('button', { name: 'Nasadit techniku' }).click();
  const plan = page.getByRole('dialog', { name: /Nasazení techniky/ }).getByTestId('run-card-plan');
  await expect(plan).toContainText('Poplachový plán: Technická pomoc');
  // no place yet, so no ETA: nothing is proposed within the limit and the shortfall says so
  await expect(plan.getByTestId('plan-shortfall')).toHaveText('chybí 1× TA do 30 min');
});

/** Where the driving test's event is: a crossing near Praha-Vršovice, its vehicle starts 3 km south. */
const PLACE: [number, number] = [50.0668, 14.4503];
const KM_LAT = 1 / 111.2;

test('a vehicle of the plan drives to the place and arrives by the geofence', async ({ page, request }) => {
  // a free tender with a navigation unit, from whatever base: it reports 3 km south of the place, so the plan of
  // the unit Praha takes it for a CAS line (a fresh position first, then the nearest; mutual aid if not Praha's)
  const admin = await apiLogin(request, 'admin');
  const trackers = (await (await request.get('/v2/positions/trackers', { headers: admin.headers })).json()) as {
    deviceId: number;
    code: string;
    resourceId: number | null;
  }[];
  const vehicles = (await (await request.get('/v2/resources', { headers: admin.headers })).json()) as {
    id: number;
    job: unknown;
  }[];
  const tracker = trackers.find(
    (t) => t.code.startsWith('N-') && vehicles.some((v) => v.id === t.resourceId && v.job == null),
  );
  expect(tracker, 'a free tender with a navigation unit').toBeTruthy();
  const report = await osmand(request, admin.headers, tracker!);
  await report(PLACE[0] - 3 * KM_LAT, Date.now());

  const subject = `Požár lokomotivy u přejezdu ${Date.now()}`;
  await reportLocomotiveFire(request, subject, 'Praha-Vršovice, přejezd', PLACE);
  const { tab, dialog } = await openDeployment(page, subject);
  const plan = dialog.getByTestId('run-card-plan');
  await expect(plan).toContainText('Poplachový plán: Požár lokomotivy');
  await expect
    .poll(() => plan.getByTestId('plan-pick').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
    .toContain(String(tracker!.resourceId));
  await plan.getByTestId('deploy-by-plan').click();
  await expect(page.getByText(/^Nasazeno \d+ vozid/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Zavřít' }).click();

  // it drives in: 1.5 km south, then twice at the place 21 s apart (the geofence's dwell); nobody sets its status
  const row = tab.locator(`[data-testid="deployed-vehicle"][data-resource-id="${tracker!.resourceId}"]`);
  await expect(row).toHaveAttribute('data-status', '14');
  const start = Date.now();
  await report(PLACE[0] - 1.5 * KM_LAT, start);
  await report(PLACE[0], start + 11_000);
  await report(PLACE[0], start + 32_000);
  await expect(row).toHaveAttribute('data-status', '18', { timeout: 20_000 });
  await expect(row).toContainText('Na místě');
});

/**
 * The tracker's OsmAnd call (Traccar Client's protocol) with a fresh secret: one fix on the place's meridian at
 * the given latitude and time (the ingest takes fixes up to 60 s ahead of its clock).
 */
async function osmand(
  request: APIRequestContext,
  headers: Record<string, string>,
  tracker: { deviceId: number; code: string },
) {
  const made = await request.post(`/v2/positions/trackers/${tracker.deviceId}/secret`, { headers, data: {} });
  expect(made.ok(), await made.text()).toBe(true);
  const { secret } = (await made.json()) as { secret: string };
  return async (lat: number, at: number) => {
    const res = await request.get(
      `/v2/positions/osmand/${secret}?id=${tracker.code}&lat=${lat.toFixed(5)}&lon=${PLACE[1]}` +
        `&timestamp=${Math.floor(at / 1000)}&speed=40&accuracy=5`,
    );
    expect(await res.json()).toEqual({ result: true, positions: [{ status: 'accepted' }] });
  };
}

/** The unit Praha reports a locomotive fire at a place: the demo card 'Požár lokomotivy' matches it. */
async function reportLocomotiveFire(
  request: APIRequestContext,
  subject: string,
  address: string,
  [latitude, longitude]: [number, number],
) {
  const unit = await apiLogin(request, 'jednotka');
  const made = await request.post('/v2/events', {
    headers: unit.headers,
    data: {
      uuid: randomUUID(),
      eventCategoryId: 1,
      eventTypeId: 9,
      subject,
      address,
      description: 'Hoří lokomotiva',
      targetLatitude: latitude,
      targetLongitude: longitude,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
}

/** The dispatcher opens the event's Technika tab and its deployment dialog. */
async function openDeployment(page: Page, subject: string) {
  await loginAs(page, 'dispecer');
  await openEvent(page, subject);
  await page.getByRole('tab', { name: 'Technika' }).click();
  const tab = page.getByTestId('vehicles-tab');
  await tab.getByRole('button', { name: 'Nasadit techniku' }).click();
  return { tab, dialog: page.getByRole('dialog', { name: /Nasazení techniky/ }) };
}
