/**
 * Position ingest (issue 14) through the real app: each protocol (OsmAnd query, form and Traccar Client JSON;
 * Traccar forwarding), the secret in path / Bearer / key, each refusal reason, out-of-order and duplicates, the
 * admin API, the heartbeat on the same path, history, the delta with only the changed vehicle, and the
 * coalesced invalidations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { toWireTime } from '@panel/domain/locale';
import { unpackPositions, type AppBundle } from '@panel/domain/sync';
import type { CreatedTrackerSecret, TrackerState } from '@panel/domain/positions';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession, pullFullBundle } from '../../test/factory.js';
import { positionIngestOf } from './ingest.js';
import { navigationUnits } from './positions.fixtures.js';
import { osmandRequest } from './osmandClient.js';
import { jacksonDate, traccarClientAndroidQuery, traccarClientJson, traccarForward } from './positions.samples.js';
import { prunePositions } from './retention.js';

type Answer = { result: boolean; positions: { status: string; reason?: string; message?: string }[] };

describe('positions (issue 14)', () => {
  let t: TestApp;
  let admin: TestSession;
  let dispecer: TestSession;
  /** navigation units in vehicles */
  let nav: { id: number; code: string; resourceId: number }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin');
    dispecer = await login(t.app, 'dispecer');
    nav = await navigationUnits(t.db);
    expect(nav.length).toBeGreaterThan(6);
  });
  afterAll(async () => {
    await t?.close();
  });

  const createSecret = async (deviceId: number, payload: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/positions/trackers/${deviceId}/secret`,
      headers: admin.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CreatedTrackerSecret;
  };
  // write-behind: what was answered is written by the next batch; tests read the database after it
  const flushed = () => positionIngestOf(t.app.deps).flush();
  const vehicle = async (id: number) => {
    await flushed();
    return (await t.db.select().from(s.resources).where(eq(s.resources.id, id)))[0];
  };
  const tracker = async (deviceId: number) => {
    await flushed();
    return (
      (
        await t.app.inject({ method: 'GET', url: '/v2/positions/trackers', headers: admin.headers })
      ).json() as TrackerState[]
    ).find((x) => x.deviceId === deviceId)!;
  };
  const secondsAgo = (n: number) => new Date(Date.now() - n * 1000);
  const osmand = (secret: string, id: string, fix: Parameters<typeof osmandRequest>[2]) =>
    t.app.inject(osmandRequest('', { secret, id }, fix));

  describe('OsmAnd protocol', () => {
    it('a fix in the path-secret URL becomes the vehicle pnt, the device location and a history row', async () => {
      const d = nav[0];
      const { secret, osmandPath } = await createSecret(d.id);
      expect(osmandPath).toBe(`/v2/positions/osmand/${secret}`);
      const at = secondsAgo(3);
      const res = await osmand(secret, d.code, { latitude: 50.08, longitude: 14.43, at, speed: 50, accuracy: 12 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: true, positions: [{ status: 'accepted' }] });
      const v = await vehicle(d.resourceId);
      expect(v).toMatchObject({ latitude: 50.08, longitude: 14.43, locationAccuracy: 12, sourceName: d.code });
      expect(v.speed).toBeCloseTo(50, 1); // sent in knots, stored in km/h
      expect(v.locationAt!.getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
      await flushed();
      const [dev] = await t.db.select().from(s.devices).where(eq(s.devices.id, d.id));
      expect(dev).toMatchObject({ locationLatitude: 50.08, locationLongitude: 14.43 });
      const history = await t.db
        .select()
        .from(s.resourcePositions)
        .where(and(eq(s.resourcePositions.resourceId, d.resourceId), eq(s.resourcePositions.deviceId, d.id)));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ latitude: 50.08, longitude: 14.43, accuracy: 12 });
    });

    it("Traccar Client Android's query (speed in knots, accuracy 0 = unknown) with the secret as key", async () => {
      const d = nav[1];
      const { secret } = await createSecret(d.id);
      const ts = Math.floor(Date.now() / 1000) - 2;
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/positions/osmand?${traccarClientAndroidQuery(d.code, ts)}&key=${secret}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Answer).positions[0].status).toBe('accepted');
      const v = await vehicle(d.resourceId);
      expect(v.speed).toBeCloseTo(27 * 1.852, 3);
      expect(v.locationAccuracy).toBeNull();
      expect(v.locationAt!.getTime()).toBe(ts * 1000);
    });

    it('a POSTed form with Authorization: Bearer', async () => {
      const d = nav[2];
      const { secret } = await createSecret(d.id);
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/positions/osmand',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${secret}` },
        payload: `id=${d.code}&lat=49.5&lon=15.5&timestamp=${encodeURIComponent(secondsAgo(1).toISOString())}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await vehicle(d.resourceId)).latitude).toBe(49.5);
    });

    it("Traccar Client 9's JSON (speed m/s, ISO time) to the path-secret URL", async () => {
      const d = nav[3];
      const { secret } = await createSecret(d.id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/v2/positions/osmand/${secret}`,
        payload: traccarClientJson(d.code, secondsAgo(4).toISOString()),
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = await vehicle(d.resourceId);
      expect(v).toMatchObject({ latitude: 49.1950602, longitude: 16.6068371, locationAccuracy: 8.2 });
      expect(v.speed).toBeCloseTo(12.5 * 3.6, 6);
    });

    it('422 on the field for a request that is not a position', async () => {
      const { secret } = await createSecret(nav[4].id);
      const missing = await t.app.inject({
        method: 'GET',
        url: `/v2/positions/osmand/${secret}?id=${nav[4].code}&lon=14`,
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual([{ field: 'lat', message: 'Chybí zeměpisná šířka.' }]);
      const bad = await t.app.inject({
        method: 'GET',
        url: `/v2/positions/osmand/${secret}?id=${nav[4].code}&lat=abc&lon=14&timestamp=2025-02-30T10:00:00Z`,
      });
      expect(bad.statusCode).toBe(422);
      expect((bad.json() as { field: string }[]).map((e) => e.field)).toEqual(['lat', 'timestamp']);
    });
  });

  describe('Traccar forwarding', () => {
    it('{position, device} with the secret in the path; device.uniqueId is the tracker id', async () => {
      const d = nav[4];
      const { secret, traccarPath } = await createSecret(d.id, { trackerId: '356938035643809' });
      const res = await t.app.inject({
        method: 'POST',
        url: traccarPath,
        payload: traccarForward('356938035643809', jacksonDate(secondsAgo(5))),
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = await vehicle(d.resourceId);
      expect(v).toMatchObject({ latitude: 49.8209226, longitude: 18.2625243, locationAccuracy: 6 });
      expect(v.speed).toBeCloseTo(32.4 * 1.852, 6);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('with forward.header Authorization: Bearer', async () => {
      const d = nav[5];
      const { secret } = await createSecret(d.id);
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/positions/traccar',
        headers: { authorization: `Bearer ${secret}` },
        payload: traccarForward(d.code, jacksonDate(secondsAgo(2))),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await vehicle(d.resourceId)).latitude).toBe(49.8209226);
    });
  });

  describe('authentication', () => {
    it('401 without a secret, with an unknown one, with another device id, after rotation and revocation', async () => {
      const d = nav[6];
      const fix = { latitude: 50, longitude: 15, at: secondsAgo(1) };
      expect(
        (await t.app.inject({ method: 'GET', url: `/v2/positions/osmand?id=${d.code}&lat=50&lon=15` })).statusCode,
      ).toBe(401);
      const unknown = await osmand('x'.repeat(43), d.code, fix);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ result: false, message: 'Neznámé zařízení nebo neplatný klíč.' });
      const first = await createSecret(d.id);
      expect((await osmand(first.secret, nav[0].code, fix)).statusCode).toBe(401); // the secret is not nav[0]'s
      const second = await createSecret(d.id); // rotation
      expect((await osmand(first.secret, d.code, fix)).statusCode).toBe(401);
      expect((await osmand(second.secret, d.code, fix)).statusCode).toBe(200);
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/v2/positions/trackers/${d.id}/secret`,
        headers: admin.headers,
      });
      expect(revoke.statusCode).toBe(200);
      const revoked = await osmand(second.secret, d.code, { ...fix, at: new Date() });
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ result: false, message: 'Klíč zařízení byl zneplatněn.' });
      const state = await tracker(d.id);
      expect(state).toMatchObject({ hasSecret: false, lastRefusalReason: 'revokedDevice' });
      expect(state.refusals.revokedDevice).toBe(1);
      expect(state.lastReportAt).not.toBeNull();
      // the accepted fix (with the second secret) is the device's last position
      expect(state.lastFixAt).toBe(toWireTime(fix.at));
    });

    it('the admin API is role admin only; the secret is stored hashed', async () => {
      const d = nav[0];
      for (const [method, url] of [
        ['GET', '/v2/positions/trackers'],
        ['POST', `/v2/positions/trackers/${d.id}/secret`],
        ['DELETE', `/v2/positions/trackers/${d.id}/secret`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: dispecer.headers,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const { secret } = await createSecret(d.id);
      const [row] = await t.db.select().from(s.deviceTrackers).where(eq(s.deviceTrackers.deviceId, d.id));
      expect(row.secretHash).not.toContain(secret);
      expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
      const taken = await t.app.inject({
        method: 'POST',
        url: `/v2/positions/trackers/${d.id}/secret`,
        headers: admin.headers,
        payload: { trackerId: nav[1].code },
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toEqual([{ field: 'trackerId', message: 'Tento identifikátor už používá jiné zařízení.' }]);
    });
  });

  describe('bad positions', () => {
    it('each refusal reason is answered, counted and leaves the current position as it was', async () => {
      const d = nav[7];
      const { secret } = await createSecret(d.id);
      const good = secondsAgo(10);
      expect((await osmand(secret, d.code, { latitude: 50.1, longitude: 14.5, at: good })).statusCode).toBe(200);
      const before = await vehicle(d.resourceId);
      const countersBefore = positionIngestOf(t.app.deps).counters();
      const cases: [string, Parameters<typeof osmandRequest>[2]][] = [
        ['outsideBounds', { latitude: 48.2082, longitude: 16.3738, at: secondsAgo(5) }], // Vienna
        ['future', { latitude: 50.1, longitude: 14.6, at: new Date(Date.now() + 10 * 60_000) }],
        ['outOfOrder', { latitude: 50.1, longitude: 14.6, at: secondsAgo(60) }],
        ['outOfOrder', { latitude: 50.2, longitude: 14.6, at: good }], // same time, another place
        ['inaccurate', { latitude: 50.1, longitude: 14.6, at: secondsAgo(5), accuracy: 1500 }],
      ];
      for (const [reason, fix] of cases) {
        const res = await osmand(secret, d.code, fix);
        expect(res.statusCode, reason).toBe(200);
        expect(res.json(), reason).toMatchObject({ result: false, positions: [{ status: 'refused', reason }] });
      }
      const invalid = await t.app.inject({
        method: 'GET',
        url: `/v2/positions/osmand/${secret}?id=${d.code}&lat=50.1&lon=14.6&valid=false&timestamp=${Math.floor(Date.now() / 1000) - 4}`,
      });
      expect((invalid.json() as Answer).positions[0].reason).toBe('inaccurate');
      const after = await vehicle(d.resourceId);
      expect(after).toMatchObject({
        latitude: before.latitude,
        longitude: before.longitude,
        locationAt: before.locationAt,
      });
      const counters = positionIngestOf(t.app.deps).counters();
      expect(counters.refused.outsideBounds - countersBefore.refused.outsideBounds).toBe(1);
      expect(counters.refused.outOfOrder - countersBefore.refused.outOfOrder).toBe(2);
      expect(counters.refused.inaccurate - countersBefore.refused.inaccurate).toBe(2);
      const state = await tracker(d.id);
      expect(state.refusals).toEqual({ outsideBounds: 1, future: 1, outOfOrder: 2, inaccurate: 2 });
      expect(state.lastRefusalReason).toBe('inaccurate');
      const ready = (await t.app.inject({ method: 'GET', url: '/readyz' })).json() as { positions: typeof counters };
      expect(ready.positions.refused.future).toBeGreaterThanOrEqual(1);
    });

    it('a duplicate is ignored (no second history row), a newer fix is taken', async () => {
      const d = nav[8];
      const { secret } = await createSecret(d.id);
      const fix = { latitude: 49.9, longitude: 14.9, at: secondsAgo(8) };
      expect(((await osmand(secret, d.code, fix)).json() as Answer).positions[0].status).toBe('accepted');
      const dup = await osmand(secret, d.code, fix);
      expect(dup.statusCode).toBe(200);
      expect(dup.json()).toEqual({ result: true, positions: [{ status: 'duplicate' }] });
      await flushed();
      const rows = await t.db.select().from(s.resourcePositions).where(eq(s.resourcePositions.deviceId, d.id));
      expect(rows).toHaveLength(1);
      expect(
        ((await osmand(secret, d.code, { ...fix, latitude: 49.91, at: secondsAgo(3) })).json() as Answer).positions[0]
          .status,
      ).toBe('accepted');
      expect((await vehicle(d.resourceId)).latitude).toBe(49.91);
    });

    it('a batch of Traccar Client fixes out of time order: each in order, the newest current', async () => {
      const d = nav[9];
      const { secret } = await createSecret(d.id);
      const one = traccarClientJson(d.code, secondsAgo(20).toISOString()).location;
      const two = { ...one, timestamp: secondsAgo(10).toISOString(), coords: { ...one.coords, latitude: 49.3 } };
      const res = await t.app.inject({
        method: 'POST',
        url: `/v2/positions/osmand/${secret}`,
        payload: { location: [two, one], device_id: d.code },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Answer).positions.map((p) => p.status)).toEqual(['accepted', 'accepted']);
      expect((await vehicle(d.resourceId)).latitude).toBe(49.3);
    });

    it('hostile values never make a 5xx', async () => {
      const d = nav[9];
      const { secret } = await createSecret(d.id);
      for (const q of [
        'lat=1e999&lon=14',
        'lat=NaN&lon=14',
        'lat=50&lon=14&timestamp=99999999999999999',
        'location=50',
        'lat[]=1&lon=2',
        'lat=50&lon=14&speed=x',
      ]) {
        const res = await t.app.inject({ method: 'GET', url: `/v2/positions/osmand/${secret}?id=${d.code}&${q}` });
        expect(res.statusCode, q).toBeLessThan(500);
      }
      for (const payload of [{ location: 5 }, { location: [] }, { position: [1] }, 'x=1']) {
        const res = await t.app.inject({ method: 'POST', url: `/v2/positions/traccar/${secret}`, payload });
        expect(res.statusCode).toBeLessThan(500);
      }
    });
  });

  describe('live on every panel', () => {
    it('the delta after a report carries only the moved position, and invalidations are coalesced', async () => {
      const d = nav[10];
      const { secret } = await createSecret(d.id);
      const start = (await pullFullBundle(t.app, dispecer.headers)).json() as AppBundle;
      const ingest = positionIngestOf(t.app.deps);
      ingest.hub.flush();
      const pushedBefore = t.hub.invalidations.length;
      for (let i = 0; i < 5; i += 1) {
        const res = await osmand(secret, d.code, { latitude: 50 + i / 1000, longitude: 14.4, at: secondsAgo(5 - i) });
        expect((res.json() as Answer).positions[0].status).toBe('accepted');
      }
      // five commits in well under a second: at most one invalidation went out, the rest waits for the second
      expect(t.hub.invalidations.length - pushedBefore).toBeLessThanOrEqual(1);
      await ingest.flush();
      ingest.hub.flush();
      const pushed = t.hub.invalidations.slice(pushedBefore);
      expect(pushed.length).toBeLessThanOrEqual(2);
      expect(pushed.at(-1)!.tables).toEqual(expect.arrayContaining(['resources']));
      const delta = (
        await t.app.inject({ method: 'POST', url: '/v2/app', headers: dispecer.headers, payload: { uid: start.uid } })
      ).json() as AppBundle;
      expect(delta.resetData).toBe(false);
      // the position alone (issue 28 item 1): not the whole row, which a deployed vehicle's route makes large
      expect(delta.resources).toEqual([]);
      expect(unpackPositions(delta.positions!).resources).toContainEqual(
        expect.objectContaining({ id: d.resourceId, latitude: 50.004, longitude: 14.4, sourceName: d.code }),
      );
      expect(unpackPositions(delta.positions!).devices.map((x) => x.id)).toContain(d.id);
      // any others are positions the panel holds already, sent again from the start of its bucket when it is far
      // behind (modules/sync/delta/span.ts): as they were in its bundle
      for (const p of unpackPositions(delta.positions!).resources.filter((x) => x.id !== d.resourceId)) {
        const held = start.resources.find((r) => r.id === p.id)!;
        expect([held.pnt?.latitude, held.pnt?.longitude, held.locationAt]).toEqual([
          p.latitude,
          p.longitude,
          p.locationAt,
        ]);
      }
      expect(pushed.at(-1)!.revision).toBe(Number(delta.uid.split('.')[1]));
    });

    it("the panel's heartbeat location goes through the same ingest (a navigation unit moves its vehicle)", async () => {
      const d = nav[11];
      const session = await login(t.app, 'admin', { confirmDevice: false });
      // confirm the navigation unit as the session's device (admin may use any device of its own)
      await t.db.insert(s.userDevices).values({ userId: session.user.id, deviceId: d.id }).onConflictDoNothing();
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/v2/auth/device',
        headers: session.headers,
        payload: { deviceId: d.id },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/devices/heartbeat',
        headers: session.headers,
        payload: { location: { latitude: 49.75, longitude: 13.38 }, status: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ result: true, position: { status: 'accepted' } });
      expect(await vehicle(d.resourceId)).toMatchObject({ latitude: 49.75, longitude: 13.38, sourceName: d.code });
      const far = await t.app.inject({
        method: 'POST',
        url: '/v2/devices/heartbeat',
        headers: session.headers,
        payload: { location: { latitude: 40, longitude: 13.38 } },
      });
      expect(far.json()).toMatchObject({ result: true, position: { status: 'refused', reason: 'outsideBounds' } });
    });
  });

  it('retention deletes history received before the limit, in chunks', async () => {
    const d = nav[0];
    const old = new Date(Date.now() - 8 * 86_400_000);
    await t.db.insert(s.resourcePositions).values(
      Array.from({ length: 30 }, () => ({
        resourceId: d.resourceId,
        latitude: 50,
        longitude: 14,
        recordedAt: old,
        receivedAt: old,
      })),
    );
    const kept = (await t.db.select().from(s.resourcePositions)).filter(
      (r) => r.receivedAt.getTime() > old.getTime() + 1000,
    ).length;
    const removed = await prunePositions(t.db, 7);
    expect(removed).toBeGreaterThanOrEqual(30);
    const rows = await t.db.select().from(s.resourcePositions);
    expect(rows.every((r) => r.receivedAt.getTime() > Date.now() - 7 * 86_400_000)).toBe(true);
    expect(rows.length).toBe(kept);
  });
});
