/**
 * Device calls of issue 7 through the real app (docs/API.md "Devices, sounds, speech and logs (issue 7)"): the
 * list and detail by the bundle's visibility, the test request (device_tests row, journal, push to the device),
 * and the device side (heartbeat, test result) reaching other panels through a POST /v2/app delta.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { DeviceDetail, DeviceRow, TestResultAnswer } from '@panel/domain/devices';
import type { AppBundle, Device } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

describe('devices (issue 7)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let deviceId: Record<string, number>;
  let baseId: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'jednotka', 'brno', 'udrp']) sessions[u] = await login(t.app, u);
    deviceId = Object.fromEntries((await t.db.select().from(s.devices)).map((d) => [d.code, d.id]));
    baseId = Object.fromEntries((await t.db.select().from(s.bases)).map((b) => [b.code, b.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const h = (user: string) => sessions[user].headers;
  const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: h(user) });
  const send = (user: string, method: 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h(user), ...(payload ? { payload } : {}) });
  const bundle = async (user: string, uid: string | null = null): Promise<AppBundle> => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: h(user), payload: { uid } });
    expect(res.statusCode).toBe(200);
    return res.json() as AppBundle;
  };

  describe('GET /v2/devices', () => {
    it('401 without a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/v2/devices' })).statusCode).toBe(401);
    });

    it('a unit user sees the own unit only, each with a test status', async () => {
      const res = await get('jednotka', '/v2/devices');
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as DeviceRow[];
      expect(list.length).toBeGreaterThan(1);
      expect(new Set(list.map((d) => d.baseId))).toEqual(new Set([baseId.PHA]));
      expect(list.map((d) => d.code)).toContain('T-PHA-01');
      for (const d of list) expect(['ok', 'warning', 'error', 'unknown']).toContain(d.testStatus);
    });

    it('403 for another unit without device.all; the central base may filter any unit', async () => {
      expect((await get('jednotka', `/v2/devices?baseId=${baseId.BRN}`)).statusCode).toBe(403);
      const own = await get('jednotka', `/v2/devices?baseId=${baseId.PHA}`);
      expect(own.statusCode).toBe(200);
      const all = (await get('admin', '/v2/devices')).json() as Device[];
      expect(new Set(all.map((d) => d.baseId)).size).toBeGreaterThan(3);
      const brn = (await get('admin', `/v2/devices?baseId=${baseId.BRN}`)).json() as Device[];
      expect(brn.length).toBeGreaterThan(0);
      expect(brn.every((d) => d.baseId === baseId.BRN)).toBe(true);
    });
  });

  describe('GET /v2/devices/{id}', () => {
    it('the Device with testResult as JSON text and the evaluated rows', async () => {
      const tested = (await t.db.select().from(s.devices)).find(
        (d) => d.baseId === baseId.PHA && d.testResult != null,
      )!;
      const res = await get('jednotka', `/v2/devices/${tested.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json() as DeviceDetail;
      expect(typeof d.testResult).toBe('string');
      expect(JSON.parse(d.testResult!)).toEqual(tested.testResult);
      expect(d.test.rows.map((r) => r.parameter)).toContain('battery');
      expect(d.testStatus).toBe(d.test.status);
    });

    it('403 for a device of another unit, 404 for an unknown one, 422 for a bad id', async () => {
      expect((await get('jednotka', `/v2/devices/${deviceId['T-BRN-01']}`)).statusCode).toBe(403);
      expect((await get('admin', `/v2/devices/${deviceId['T-BRN-01']}`)).statusCode).toBe(200);
      const missing = await get('jednotka', '/v2/devices/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Zařízení nebylo nalezeno.' });
      expect((await get('jednotka', '/v2/devices/abc')).statusCode).toBe(422);
    });
  });

  describe('PUT /v2/devices/request-test', () => {
    it('answers the spec text, records the request, journals it and pushes device-test to the device', async () => {
      const id = deviceId['M-PHA-01'];
      const emits = t.hub.deviceEmits.length;
      const res = await send('jednotka', 'PUT', '/v2/devices/request-test', { id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: true, message: 'Test pro zařízení byl zadán', devices: [id] });
      expect(t.hub.deviceEmits.slice(emits)).toEqual([
        { deviceId: id, event: 'device-test', payload: { deviceId: id } },
      ]);
      const [j] = await t.db
        .select()
        .from(s.journal)
        .where(eq(s.journal.type, 'device.requestTest'))
        .orderBy(desc(s.journal.id))
        .limit(1);
      expect(j).toMatchObject({ tableName: 'devices', userId: sessions.jednotka.user.id, data: { deviceId: id } });
      const [req] = await t.db
        .select()
        .from(s.deviceTests)
        .where(eq(s.deviceTests.deviceId, id))
        .orderBy(desc(s.deviceTests.id))
        .limit(1);
      expect(req.result).toMatchObject({ request: { userId: sessions.jednotka.user.id } });
      const detail = (await get('jednotka', `/v2/devices/${id}`)).json() as DeviceDetail;
      expect(detail.testRequestedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it('takes a list', async () => {
      const ids = [deviceId['M-PHA-01'], deviceId['T-PHA-01']];
      const emits = t.hub.deviceEmits.length;
      const res = await send('jednotka', 'PUT', '/v2/devices/request-test', { ids });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        t.hub.deviceEmits
          .slice(emits)
          .map((e) => e.deviceId)
          .sort(),
      ).toEqual([...ids].sort());
    });

    it('403 without manage Device or for another unit; 404 unknown; 422 without an id', async () => {
      const emits = t.hub.deviceEmits.length;
      expect((await send('udrp', 'PUT', '/v2/devices/request-test', { id: deviceId['X-COIS-01'] })).statusCode).toBe(
        403,
      );
      const other = await send('jednotka', 'PUT', '/v2/devices/request-test', {
        ids: [deviceId['M-PHA-01'], deviceId['T-BRN-01']],
      });
      expect(other.statusCode).toBe(403);
      expect((await send('jednotka', 'PUT', '/v2/devices/request-test', { id: 999999 })).statusCode).toBe(404);
      const bad = await send('jednotka', 'PUT', '/v2/devices/request-test', {});
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual([{ field: 'id', message: 'Zadejte id zařízení.' }]);
      expect(t.hub.deviceEmits.length).toBe(emits);
    });
  });

  describe('device side', () => {
    it('heartbeat updates connectedAt and the position; another panel gets it in a delta', async () => {
      const id = sessions.brno.device!.id;
      const before = await bundle('admin');
      const pushes = t.hub.invalidations.length;
      const res = await send('brno', 'POST', '/v2/devices/heartbeat', {
        location: { latitude: 49.1951, longitude: 16.6068 },
        battery: 77,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { result: boolean; connectedAt: number; testRequested: boolean };
      expect(body.result).toBe(true);
      expect(Math.abs(body.connectedAt - Date.now() / 1000)).toBeLessThan(5);
      // the heartbeat's own command, then the position through the ingest (issue 14; its push may be coalesced)
      expect(t.hub.invalidations.length - pushes).toBeGreaterThanOrEqual(1);
      expect(t.hub.invalidations.length - pushes).toBeLessThanOrEqual(2);
      expect(t.hub.invalidations.at(-1)!.tables).toEqual(['devices']);
      expect(res.json()).toMatchObject({ position: { status: 'accepted' } });
      const delta = await bundle('admin', before.uid);
      expect(delta.resetData).toBe(false);
      const d = (delta.devices as Device[]).find((x) => x.id === id)!;
      expect(d).toMatchObject({ locationLatitude: 49.1951, locationLongitude: 16.6068, connectedAt: body.connectedAt });
    });

    it('a pending test request shows in the heartbeat answer until the result comes', async () => {
      const id = sessions.jednotka.device!.id;
      await send('admin', 'PUT', '/v2/devices/request-test', { id });
      const hb = await send('jednotka', 'POST', '/v2/devices/heartbeat', {});
      expect(hb.json()).toMatchObject({ testRequested: true });

      const before = await bundle('brno');
      const own = await bundle('jednotka');
      const parameters = {
        device: 'Samsung Galaxy Tab Active4 Pro',
        app_version: '3.13.0',
        expect_app_version: '3.14.2',
        mobile_data_enabled: true,
        wifi_enabled: false,
        gps_enabled: true,
        location_high_precision: false,
        battery: 41,
        device_to_server_time_diff: 1500,
        storage_fill: 50,
      };
      const res = await send('jednotka', 'POST', '/v2/devices/test-result', { parameters, extra: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as TestResultAnswer;
      expect(body.test.status).toBe('error');
      expect(body.test.rows.find((r) => r.parameter === 'app_version')!.hint).toBe(
        'Proveďte aktualizaci aplikace (3.13.0 -> 3.14.2)',
      );
      expect(JSON.parse(body.device.testResult!)).toEqual(parameters);

      const delta = await bundle('jednotka', own.uid);
      const d = (delta.devices as Device[]).find((x) => x.id === id)!;
      expect(JSON.parse(d.testResult!)).toEqual(parameters);
      expect(d.testedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      // another unit's panel does not get it
      const other = await bundle('brno', before.uid);
      expect((other.devices as Device[]).some((x) => x.id === id)).toBe(false);

      const rows = await t.db
        .select()
        .from(s.deviceTests)
        .where(and(eq(s.deviceTests.deviceId, id)))
        .orderBy(desc(s.deviceTests.id))
        .limit(1);
      expect(rows[0].result).toEqual(parameters);
      const [dev] = await t.db.select().from(s.devices).where(eq(s.devices.id, id));
      expect(dev.appVersion).toBe('3.13.0');
      const [j] = await t.db
        .select()
        .from(s.journal)
        .where(eq(s.journal.type, 'device.testResult'))
        .orderBy(desc(s.journal.id))
        .limit(1);
      expect(j).toMatchObject({ deviceId: id, data: { deviceId: id, status: 'error' } });

      expect((await send('jednotka', 'POST', '/v2/devices/heartbeat', {})).json()).toMatchObject({
        testRequested: false,
      });
      const detail = (await get('jednotka', `/v2/devices/${id}`)).json() as DeviceDetail;
      expect(detail.testRequestedAt).toBeNull();
      expect(detail.testStatus).toBe('error');
    });

    it('422 for bad parameters and positions', async () => {
      const bad = await send('jednotka', 'POST', '/v2/devices/test-result', { parameters: { battery: 'plno' } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual([{ field: 'parameters.battery', message: 'Hodnota musí být číslo 0 až 100.' }]);
      const none = await send('jednotka', 'POST', '/v2/devices/test-result', {});
      expect(none.statusCode).toBe(422);
      expect(none.json()).toEqual([{ field: 'parameters', message: 'Chybí parametry testu.' }]);
      const far = await send('jednotka', 'POST', '/v2/devices/heartbeat', { location: { latitude: 91, longitude: 0 } });
      expect(far.statusCode).toBe(422);
      expect(far.json()).toEqual([{ field: 'location.latitude', message: 'Chybné souřadnice.' }]);
    });

    it('403 before the device is confirmed', async () => {
      const s2 = await login(t.app, 'jednotka', { confirmDevice: false });
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/devices/heartbeat',
        headers: s2.headers,
        payload: {},
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
