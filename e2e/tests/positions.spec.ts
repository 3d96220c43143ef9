/**
 * Positions (issue 14): a vehicle's navigation unit reports through the OsmAnd protocol (HTTP from the test,
 * as Traccar Client sends it, with the secret an administrator created) and its marker moves on an open panel
 * within 2 s — the push of the coalesced invalidation, the delta with the moved vehicle, the map layer.
 */
import { expect } from '@playwright/test';
import { apiLogin, isDeltaPacket, loginAs, openEvent, test } from './helpers';
import { holdMap, layerFeatures, mapState } from './mapHelpers';

const EVENT_TITLE = 'Požár lokomotivy řady 363';

test('a vehicle reporting through OsmAnd moves on an open panel within 2 s', async ({ page, request }) => {
  await loginAs(page, 'jednotka');
  await openEvent(page, EVENT_TITLE);
  await holdMap(page, 'vehicles');

  // a vehicle on the map whose navigation unit (N-…) gets a tracker secret from the administrator
  const admin = await apiLogin(request, 'admin');
  const trackers = (await (await request.get('/v2/positions/trackers', { headers: admin.headers })).json()) as {
    deviceId: number;
    code: string;
    resourceId: number | null;
  }[];
  const onMap = (await layerFeatures(page, 'vehicles', 'resourceId')).filter((f) => typeof f.value === 'number');
  const unit = trackers.find((t) => t.code.startsWith('N-') && onMap.some((f) => f.value === t.resourceId));
  expect(unit, 'a vehicle on the map with a navigation unit').toBeTruthy();
  const created = await request.post(`/v2/positions/trackers/${unit!.deviceId}/secret`, {
    headers: admin.headers,
    data: {},
  });
  expect(created.ok()).toBe(true);
  const { secret } = (await created.json()) as { secret: string };

  const markerOf = async () =>
    (await layerFeatures(page, 'vehicles', 'resourceId')).find((f) => f.value === unit!.resourceId)?.xy ?? null;
  const before = await markerOf();
  expect(before).not.toBeNull();

  // Traccar Client's request: GET with the secret in the path, speed in knots, unix seconds
  const fix = { lat: 50.0874, lon: 14.4213 };
  const sentAt = Date.now();
  const res = await request.get(
    `/v2/positions/osmand/${secret}?id=${unit!.code}&lat=${fix.lat}&lon=${fix.lon}` +
      `&timestamp=${Math.floor(sentAt / 1000)}&speed=21.6&bearing=90&accuracy=6&batt=80`,
  );
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ result: true, positions: [{ status: 'accepted' }] });

  await expect
    .poll(
      async () => {
        const xy = await markerOf();
        return xy !== null && (Math.abs(xy[0] - before![0]) > 1 || Math.abs(xy[1] - before![1]) > 1);
      },
      { timeout: 2000, intervals: [50] },
    )
    .toBe(true);
  const movedAfter = Date.now() - sentAt;
  console.log(`[positions] marker moved ${movedAfter} ms after the OsmAnd report`);
  expect(movedAfter).toBeLessThan(2000);
});

/**
 * Every device of the demo reports at once through OsmAnd (the vehicles' navigation units move their vehicles,
 * phones and tablets their own location), which a central dispatcher's panel sees in full: the push carries the
 * positions alone (issue 28 item 1: `positions`, a few fields per row, not the whole rows) and the panel sets them
 * on its vehicles without pulling. Then a delta over 2 kB — a long line drawn on an event — is pushed
 * gzip-compressed, in base64 in the socket.io packet's one frame (apps/server/src/realtime/deltaPush.ts), and the
 * panel inflates it with the browser's DecompressionStream (apps/web/src/features/sync/inflate.ts) and applies it,
 * again without pulling.
 */
test('a second of moves and a large delta are applied from the push without a pull', async ({ page, request }) => {
  const compressedFrames: number[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && isDeltaPacket(payload) && payload.includes('"gz":"')) {
        compressedFrames.push(payload.length);
      }
    }),
  );
  let pulls = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/v2/app') pulls += 1;
  });
  // the panel's periodic refresh (8 s, 000 §2) off: any pull below is then one the push did not spare
  await page.addInitScript(() =>
    localStorage.setItem('panel.setup', JSON.stringify({ state: { autoRefresh: false }, version: 0 })),
  );
  await loginAs(page, 'dispecer');
  await expect.poll(async () => (await mapState(page)).layers['vehicles'] ?? 0).toBeGreaterThan(0);

  const admin = await apiLogin(request, 'admin');
  const trackers = (await (await request.get('/v2/positions/trackers', { headers: admin.headers })).json()) as {
    deviceId: number;
    code: string;
    resourceId: number | null;
  }[];
  const reporting = trackers.filter((t) => /^(N|M|T|DC)-/.test(t.code));
  expect(reporting.length, 'demo devices that report positions').toBeGreaterThan(30);
  const secrets = await Promise.all(
    reporting.map(async (t) => {
      const res = await request.post(`/v2/positions/trackers/${t.deviceId}/secret`, {
        headers: admin.headers,
        data: {},
      });
      expect(res.ok()).toBe(true);
      return ((await res.json()) as { secret: string }).secret;
    }),
  );
  const vehicles = reporting.filter((t) => t.resourceId !== null);
  const markers = async () =>
    new Map((await layerFeatures(page, 'vehicles', 'resourceId')).map((f) => [f.value, f.xy]));
  const before = await markers();
  const moving = vehicles.filter((t) => before.get(t.resourceId) != null);
  expect(moving.length, 'vehicles on the map with a navigation unit').toBeGreaterThan(0);
  await page.waitForTimeout(1500); // the panel's own start-up pulls are over
  const pullsBefore = pulls;

  // every device at once, each somewhere new in Prague (inside the Czech bounds, newer than its last fix)
  const at = Math.floor(Date.now() / 1000);
  const answers = await Promise.all(
    reporting.map((t, i) =>
      request.get(
        `/v2/positions/osmand/${secrets[i]}?id=${t.code}&lat=${(50.02 + i * 0.003).toFixed(5)}` +
          `&lon=${(14.35 + i * 0.004).toFixed(5)}&timestamp=${at}&speed=10&accuracy=5`,
      ),
    ),
  );
  for (const res of answers) expect(res.status()).toBe(200);

  const moved = async () => {
    const now = await markers();
    return moving.filter((t) => {
      const a = before.get(t.resourceId);
      const b = now.get(t.resourceId);
      return a != null && b != null && (Math.abs(a[0] - b[0]) > 1 || Math.abs(a[1] - b[1]) > 1);
    }).length;
  };
  await expect.poll(moved, { timeout: 5000, intervals: [100] }).toBe(moving.length);
  expect(pulls - pullsBefore, 'pulls after the moves').toBe(0);
  const framesAfterMoves = compressedFrames.length;

  // a dispatcher draws a long route on an event: ~1,500 vertices, a delta of ~50 kB
  const dispatcher = await apiLogin(request, 'dispecer');
  const bundle = (await (
    await request.post('/v2/app', { headers: dispatcher.headers, data: { uid: null } })
  ).json()) as { events: { id: number; baseId: number }[] };
  const own = bundle.events.find((e) => e.baseId === dispatcher.user.baseId);
  expect(own, "an active event of the dispatcher's unit").toBeTruthy();
  const geosBefore = (await mapState(page)).layers['map-objects'] ?? 0;
  const line = Array.from({ length: 1500 }, (_, i) => [14.3 + i * 0.0002, 50.0 + Math.sin(i / 40) * 0.01]);
  const drawn = await request.post('/v2/event-geos', {
    headers: dispatcher.headers,
    data: {
      uuid: crypto.randomUUID(),
      eventId: own!.id,
      geojson: { type: 'LineString', coordinates: line },
      title: 'Objízdná trasa',
    },
  });
  expect(drawn.status(), await drawn.text()).toBe(201);
  await expect
    .poll(async () => (await mapState(page)).layers['map-objects'] ?? 0, { timeout: 5000, intervals: [100] })
    .toBeGreaterThan(geosBefore);
  expect(compressedFrames.length - framesAfterMoves, 'a compressed push').toBeGreaterThan(0);
  expect(pulls - pullsBefore, 'pulls after the pushes').toBe(0);
  console.log(
    `[positions] ${reporting.length} reports moved ${moving.length} markers; the drawn line came in ` +
      `${compressedFrames.length - framesAfterMoves} compressed push(es) of ` +
      `${compressedFrames.slice(framesAfterMoves).join(', ')} B; no pull`,
  );
});
