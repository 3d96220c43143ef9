/**
 * Positions (issue 14): a vehicle's navigation unit reports through the OsmAnd protocol (HTTP from the test,
 * as Traccar Client sends it, with the secret an administrator created) and its marker moves on an open panel
 * within 2 s — the push of the coalesced invalidation, the delta with the moved vehicle, the map layer.
 */
import { expect } from '@playwright/test';
import { apiLogin, loginAs, openEvent, test } from './helpers';
import { layerFeatures, mapState } from './mapHelpers';

const EVENT_TITLE = 'Požár lokomotivy řady 363';

test('a vehicle reporting through OsmAnd moves on an open panel within 2 s', async ({ page, request }) => {
  await loginAs(page, 'jednotka');
  await openEvent(page, EVENT_TITLE);
  await expect.poll(async () => (await mapState(page)).layers['vehicles'] ?? 0).toBeGreaterThan(0);
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Automatické centrování' }).click();

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
