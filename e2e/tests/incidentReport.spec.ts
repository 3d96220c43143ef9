/**
 * The incident report (issue 26 item 3): from the event detail 'Tisk zprávy' opens the report in a new tab; the
 * journey renders it with Chromium to an A4 PDF (`page.pdf()`, as the browser's 'Uložit jako PDF') and reads the
 * PDF's text with pdftotext (Debian poppler-utils): the code, category, a deployment's journaled status time,
 * the vehicles, a message of each conversation and the commander. The demo's tank wagon leak
 * (KOPIS-T-2025-7781) has vehicles deployed and photos; the journey adds a status change and a message of the
 * second conversation. Pictures of the page at three sizes and of the PDF's first page go to
 * $REPORT_SHOTS (default the e2e screenshots folder).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, loginAs, openEvent, test } from './helpers';

const CODE = 'KOPIS-T-2025-7781';
const SECOND_CHAT = 'Hasiči žádají správce infrastruktury o výluku koleje 11 do 14:00.';
const shots = process.env.REPORT_SHOTS ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** 'YYYY-MM-DD HH:mm:ss' (wire, Prague) → 'DD.MM.YYYY HH:mm' as the report prints it */
const printed = (wire: string) => `${wire.slice(8, 10)}.${wire.slice(5, 7)}.${wire.slice(0, 4)} ${wire.slice(11, 16)}`;

/** The report is drawn: data, the map's picture and every photo thumbnail. */
async function reportReady(page: Page): Promise<void> {
  await expect(page.getByTestId('incident-report')).toContainText(CODE);
  await expect(page.locator('[data-testid="report-map-canvas"][data-ready="true"]')).toHaveCount(1, {
    timeout: 20_000,
  });
  await expect(page.locator('[data-testid="report-photo"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="report-photo"][data-loaded="false"]')).toHaveCount(0);
}

/**
 * A vehicle with a navigation unit is deployed on the event and reports through OsmAnd (Traccar Client's call)
 * from 3 km south to the place: the geofence's arrival (two fixes at the place, 21 s apart) as soon as the
 * ingest has stored them, and the report's track. The last fix is up to 45 s ahead (the ingest tolerates 60 s of clock skew) and a track ends at
 * 'now': `trackComplete` is when the whole track can be seen, which the journey waits for at its end, after the
 * browser's part (nothing the browser checks depends on it).
 */
async function driveToEvent(
  request: APIRequestContext,
  eventId: number,
): Promise<{ jobId: number; name: string; trackComplete: number }> {
  const admin = await apiLogin(request, 'admin');
  const trackers = (await (await request.get('/v2/positions/trackers', { headers: admin.headers })).json()) as {
    deviceId: number;
    code: string;
    resourceId: number | null;
  }[];
  const vehicles = (await (await request.get('/v2/resources', { headers: admin.headers })).json()) as {
    id: number;
    name: string;
    job: unknown;
  }[];
  const free = trackers.find(
    (t) => t.code.startsWith('N-') && vehicles.some((v) => v.id === t.resourceId && v.job == null),
  );
  expect(free, 'a free vehicle with a navigation unit').toBeTruthy();
  const deployed = await request.post('/v2/event-jobs', {
    headers: admin.headers,
    data: { uuid: crypto.randomUUID(), eventId, resourceId: free!.resourceId, eventJobStatusId: 15 },
  });
  expect(deployed.ok(), await deployed.text()).toBe(true);
  const job = (await deployed.json()) as { id: number };
  const made = await request.post(`/v2/positions/trackers/${free!.deviceId}/secret`, {
    headers: admin.headers,
    data: {},
  });
  const { secret } = (await made.json()) as { secret: string };
  const start = Date.now() + 1000;
  const fixes: [number, number][] = [
    [0, 49.8303],
    [11, 49.8438],
    [22, 49.8574],
    [43, 49.8574],
  ];
  for (const [s, lat] of fixes) {
    const res = await request.get(
      `/v2/positions/osmand/${secret}?id=${free!.code}&lat=${lat}&lon=18.2725` +
        `&timestamp=${Math.floor((start + s * 1000) / 1000)}&speed=30&accuracy=5`,
    );
    expect(await res.json()).toEqual({ result: true, positions: [{ status: 'accepted' }] });
  }
  const lastFix = Math.floor((start + 43_000) / 1000) * 1000;
  return { jobId: job.id, name: vehicles.find((v) => v.id === free!.resourceId)!.name, trackComplete: lastFix + 1000 };
}

test('incident report: opened from the event, printed to PDF, its text checked', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = await apiLogin(request, 'dispecer');
  const events = await (
    await request.get('/v2/events/list?text=KOPIS-T&from=2000-01-01', { headers: api.headers })
  ).json();
  const event = events.find((e: { code: string }) => e.code === CODE);
  expect(event, 'the demo event').toBeTruthy();
  // a deployment reaches 'Návrat' (journaled) and the second conversation gets a message
  const before = await (await request.get(`/v2/events/${event.id}/report`, { headers: api.headers })).json();
  const cas = before.vehicles.find((v: { name: string }) => v.name === 'CAS 20 Scania P 360 OVA');
  const put = await request.put(`/v2/event-jobs/${cas.jobId}`, {
    headers: api.headers,
    data: { eventJobStatusId: 19 },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const sent = await request.post('/v2/messages', {
    headers: api.headers,
    data: { uuid: crypto.randomUUID(), eventId: event.id, messageCategoryId: 2, content: SECOND_CHAT },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const tracked = await driveToEvent(request, event.id);
  const reportNow = async () => (await request.get(`/v2/events/${event.id}/report`, { headers: api.headers })).json();
  // the geofence decides once the ingest's batch of positions is stored (modules/tracking), a moment later
  const byGeofence = async () =>
    (await reportNow()).vehicles
      .find((v: { jobId: number }) => v.jobId === tracked.jobId)
      .statuses.map((st: { byGeofence: boolean }) => st.byGeofence);
  await expect.poll(byGeofence).toEqual([false, true]);
  const report = await reportNow();
  const returned = report.vehicles
    .find((v: { jobId: number }) => v.jobId === cas.jobId)
    .statuses.find((st: { statusId: number }) => st.statusId === 19);
  expect(returned.status).toBe('Návrat');

  await loginAs(page, 'dispecer');
  await openEvent(page, 'Únik kapaliny z cisternového vozu');
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Tisk zprávy' }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(`/zprava-udalosti/${event.id}`);
  await reportReady(tab);
  await expect(tab).toHaveTitle(`Zpráva o události ${CODE}`);
  await expect(tab.getByTestId('report-commander')).toContainText('kpt. Ondřej Sýkora');
  await expect(tab.getByTestId('report-vehicle')).toHaveCount(report.vehicles.length);

  mkdirSync(shots, { recursive: true });
  for (const [w, h] of [
    [1440, 900],
    [1366, 768],
    [390, 844],
  ]) {
    await tab.setViewportSize({ width: w, height: h });
    await reportReady(tab);
    await tab.screenshot({ path: path.join(shots, `incident-report-${w}x${h}.png`), fullPage: true });
  }

  // print: A4 as the browser's 'Uložit jako PDF' (the print stylesheet applies)
  await tab.setViewportSize({ width: 1440, height: 900 });
  await reportReady(tab);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'incident-report-'));
  const pdf = path.join(dir, 'report.pdf');
  await tab.pdf({ path: pdf, format: 'A4', printBackground: true });
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const expected of [
    `Zpráva o události ${CODE}`,
    'Událost KOPIS',
    'Únik nebezpečné látky',
    'Ostrava hl.n., kolej 12',
    'CAS 20 Scania P 360 OVA',
    'Dron DJI Matrice 30T OVA',
    tracked.name,
    'podle polohy',
    `Návrat ${printed(returned.at)}`,
    'Na místě → Návrat',
    'Velitel zásahu: kpt. Ondřej Sýkora',
    'Únik zastaven utěsněním ventilu, sorbent nasazen.',
    SECOND_CHAT,
    'Fotografie',
  ]) {
    expect(text, expected).toContain(expected);
  }
  // both conversations by their names from the catalogue
  for (const c of report.conversations) expect(text).toContain(c.name);
  expect(text).not.toContain('Invalid Date');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, path.join(shots, 'incident-report-pdf')]);
  rmSync(dir, { recursive: true, force: true });

  // the track, once its last fix is no longer ahead of the clock: the three places the vehicle passed
  await expect.poll(async () => Date.now() > tracked.trackComplete, { timeout: 60_000, intervals: [500] }).toBe(true);
  const track = (await reportNow()).tracks.find((tr: { jobId: number }) => tr.jobId === tracked.jobId);
  expect(track.points.length).toBe(3);
});

test('incident report: an event the user cannot see is refused in the tab', async ({ page, request }) => {
  const api = await apiLogin(request, 'dispecer');
  const events = await (
    await request.get('/v2/events/list?text=BRN-2025&from=2000-01-01', { headers: api.headers })
  ).json();
  const brno = events.find((e: { code: string }) => e.code === 'BRN-2025-0198');
  await loginAs(page, 'jednotka');
  await page.goto(`/zprava-udalosti/${brno.id}`);
  await expect(page.getByTestId('incident-report')).toContainText('Událost neexistuje nebo k ní nemáte přístup.');
});
