import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { devices, loginTrust, sessions, users } from '../../db/schema/index.js';
import { createTestApp, createUser, login, TEST_PASSWORD, type TestApp, pullFullBundle } from '../../test/factory.js';
import { hashToken, sessionStoreFor } from './sessions.js';
import { hashTrustToken } from './throttle.js';

const INVALID = 'Neplatné uživatelské jméno nebo heslo.';

describe('auth', () => {
  let t: TestApp;
  let deviceIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const [a, b] = await t.db
      .insert(devices)
      .values([
        { code: 'T-001', name: 'Testovací tablet 1', baseId: 2 },
        { code: 'T-002', name: 'Testovací tablet 2', baseId: 2 },
      ])
      .returning({ id: devices.id });
    deviceIds = [a.id, b.id];
    await createUser(t.db, { username: 'tester', baseId: 2, roles: ['admin'], deviceIds });
    await createUser(t.db, { username: 'bezzarizeni', baseId: 2 });
    await createUser(t.db, { username: 'neaktivni', baseId: 2, active: false, deviceIds });
  });

  afterAll(async () => {
    await t?.close();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const inject = (opts: InjectOptions) => t.app.inject(opts);
  const confirmDevice = (headers: Record<string, string>, payload: object) =>
    inject({ method: 'POST', url: '/v2/auth/device', headers, payload });

  describe('POST /v2/auth/login', () => {
    it('answers token, user, devices and instance; stores only the token hash', async () => {
      const res = await inject({
        method: 'POST',
        url: '/v2/auth/login',
        headers: { 'app-code': 'panel' },
        payload: { username: 'tester', password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        result: true,
        user: { username: 'tester', baseId: 2, firstName: 'Test', lastName: 'tester', groups: [] },
        device: { id: deviceIds[0], code: 'T-001', name: 'Testovací tablet 1' },
        devices: [
          { id: deviceIds[0], code: 'T-001', name: 'Testovací tablet 1' },
          { id: deviceIds[1], code: 'T-002', name: 'Testovací tablet 2' },
        ],
      });
      expect(body.user.roles).toEqual(['admin']);
      expect(body.message).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.instance).toMatch(/^[0-9a-f-]{36}$/);

      const [row] = await t.db.select().from(sessions).where(eq(sessions.instance, body.instance));
      expect(row.tokenHash).toBe(hashToken(body.message));
      expect(row.tokenHash).not.toContain(body.message);
      expect(row.deviceId).toBeNull();
      expect(row.appCode).toBe('panel');
      const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
      expect(days).toBeCloseTo(3, 5);
    });

    it('stores passwords as argon2id', async () => {
      const [row] = await t.db.select().from(users).where(eq(users.username, 'tester'));
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('offers the device confirmed last at the next login', async () => {
      const first = await login(t.app, 'tester', { confirmDevice: false });
      const res = await confirmDevice(first.headers, { deviceId: deviceIds[1] });
      expect(res.statusCode).toBe(200);
      const second = await login(t.app, 'tester', { confirmDevice: false });
      expect(second.device?.id).toBe(deviceIds[1]);
    });

    it('answers device null and an empty list for a user without devices', async () => {
      const s = await login(t.app, 'bezzarizeni', { confirmDevice: false });
      expect(s.device).toBeNull();
      expect(s.devices).toEqual([]);
    });

    it.each([
      ['wrong password', { username: 'tester', password: 'spatne-heslo' }],
      ['unknown user', { username: 'nikdo', password: TEST_PASSWORD }],
      ['inactive user', { username: 'neaktivni', password: TEST_PASSWORD }],
    ])('answers 401 for %s', async (_name, payload) => {
      const res = await inject({ method: 'POST', url: '/v2/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ result: false, message: INVALID });
    });

    it('answers 422 with Czech field messages for missing fields', async () => {
      const res = await inject({ method: 'POST', url: '/v2/auth/login', payload: { username: '' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([
        { field: 'username', message: 'Prosím zadejte uživatelské jméno' },
        { field: 'password', message: 'Prosím zadejte heslo' },
      ]);
    });

    it('answers 400 for malformed JSON', async () => {
      const res = await inject({
        method: 'POST',
        url: '/v2/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });

    it('answers 413 for a body over the limit', async () => {
      const res = await inject({
        method: 'POST',
        url: '/v2/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe('session headers', () => {
    it('answers 401 without bearer, with a wrong app-code or a mismatched instance', async () => {
      const s = await login(t.app, 'tester');
      const cases: Record<string, string>[] = [
        {},
        { 'app-code': 'panel', 'app-instance': s.instance },
        { authorization: `Bearer ${s.token}`, 'app-instance': s.instance },
        { authorization: `Bearer ${s.token}`, 'app-code': 'panel' },
        { ...s.headers, 'app-code': 'jine' },
        { ...s.headers, 'app-instance': '00000000-0000-0000-0000-000000000000' },
        { ...s.headers, authorization: 'Bearer neplatny-token' },
        { ...s.headers, authorization: `Basic ${s.token}` },
      ];
      // POST /v2/app, not logout: logout may leave the instance out (issue 24 item 20, tested below)
      for (const headers of cases) {
        const res = await inject({ method: 'POST', url: '/v2/app', headers, payload: { uid: null } });
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json()).toMatchObject({ result: false, message: expect.any(String) });
      }
      const ok = await pullFullBundle(t.app, s.headers);
      expect(ok.statusCode).toBe(200);
    });

    it('answers 401 for an app code the session was not opened for', async () => {
      const s = await login(t.app, 'tester', { appCode: 'panel' });
      const res = await inject({
        method: 'POST',
        url: '/v2/app',
        headers: { ...s.headers, 'app-code': 'mobile' },
        payload: { uid: null },
      });
      expect(res.statusCode).toBe(401);
    });

    it('answers 401 once the session expired (3 days)', async () => {
      const s = await login(t.app, 'tester');
      const probe = () => pullFullBundle(t.app, s.headers);
      expect((await probe()).statusCode).toBe(200);
      // cached session: expiry is checked against the clock, not only in the database
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 3 * 86_400_000 + 60_000);
      expect((await probe()).statusCode).toBe(401);
      vi.useRealTimers();
      // and the expired row was removed
      const rows = await t.db.select().from(sessions).where(eq(sessions.instance, s.instance));
      expect(rows).toEqual([]);
    });

    it('answers 401 for a session whose stored expiry passed', async () => {
      const s = await login(t.app, 'tester');
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.instance, s.instance));
      sessionStoreFor(t.db).clearCache();
      const res = await pullFullBundle(t.app, s.headers);
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /v2/auth/device', () => {
    it('answers 403 on POST /v2/app until the device is confirmed, then 200', async () => {
      const s = await login(t.app, 'tester', { confirmDevice: false });
      const before = await pullFullBundle(t.app, s.headers);
      expect(before.statusCode).toBe(403);
      expect(before.json()).toEqual({ message: 'Zařízení není potvrzeno.' });

      const res = await confirmDevice(s.headers, { deviceId: deviceIds[0] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        result: true,
        device: { id: deviceIds[0], code: 'T-001', name: 'Testovací tablet 1' },
        // the workstation's trust token for the login throttle (issue 24 item 9); only its hash is stored
        trustToken: expect.stringMatching(/^[\w-]{43}$/),
      });
      const token = (res.json() as { trustToken: string }).trustToken;
      const trust = await t.db.select().from(loginTrust).where(eq(loginTrust.deviceId, deviceIds[0]));
      expect(trust.map((r) => r.key)).toEqual([hashTrustToken(token)]);
      const [row] = await t.db.select().from(sessions).where(eq(sessions.instance, s.instance));
      expect(row.deviceId).toBe(deviceIds[0]);

      const after = await pullFullBundle(t.app, s.headers);
      expect(after.statusCode).toBe(200);
    });

    it('answers 422 for a device that is not the user’s', async () => {
      const [other] = await t.db
        .insert(devices)
        .values({ code: 'CIZI-1', name: 'Cizí tablet', baseId: 2 })
        .returning({ id: devices.id });
      const s = await login(t.app, 'tester', { confirmDevice: false });
      for (const deviceId of [other.id, 999_999]) {
        const res = await confirmDevice(s.headers, { deviceId });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual([{ field: 'deviceId', message: expect.any(String) }]);
      }
      const missing = await confirmDevice(s.headers, {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json()[0].field).toBe('deviceId');
    });
  });

  describe('POST /v2/auth/logout', () => {
    it('ends the session: the token answers 401 afterwards', async () => {
      const s = await login(t.app, 'tester');
      const probe = () => pullFullBundle(t.app, s.headers);
      expect((await probe()).statusCode).toBe(200);
      const res = await inject({ method: 'POST', url: '/v2/auth/logout', headers: s.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: true });
      expect((await probe()).statusCode).toBe(401);
      const rows = await t.db.select().from(sessions).where(eq(sessions.instance, s.instance));
      expect(rows).toEqual([]);
    });

    it('is allowed before the device is confirmed', async () => {
      const s = await login(t.app, 'tester', { confirmDevice: false });
      const res = await inject({ method: 'POST', url: '/v2/auth/logout', headers: s.headers });
      expect(res.statusCode).toBe(200);
    });

    it('ends the session without an app-instance (a panel that lost it; issue 24 item 20)', async () => {
      const s = await login(t.app, 'tester');
      const { ['app-instance']: _lost, ...withoutInstance } = s.headers;
      const res = await inject({ method: 'POST', url: '/v2/auth/logout', headers: withoutInstance });
      expect(res.statusCode, res.body).toBe(200);
      expect(await t.db.select().from(sessions).where(eq(sessions.instance, s.instance))).toEqual([]);
      expect((await pullFullBundle(t.app, s.headers)).statusCode).toBe(401);
    });

    it('without an instance still needs the token and its app code; a wrong instance is refused', async () => {
      const s = await login(t.app, 'tester');
      const logout = (headers: Record<string, string>) => inject({ method: 'POST', url: '/v2/auth/logout', headers });
      expect((await logout({ authorization: s.headers.authorization })).statusCode).toBe(401);
      expect((await logout({ authorization: 'Bearer nic', 'app-code': 'panel' })).statusCode).toBe(401);
      expect((await logout({ ...s.headers, 'app-instance': 'cizi-instance' })).statusCode).toBe(401);
      expect((await logout({ 'app-code': 'panel' })).statusCode).toBe(401);
      // none of them ended it
      expect((await pullFullBundle(t.app, s.headers)).statusCode).toBe(200);
    });
  });

  describe('PUT /v3/user/change-password', () => {
    const change = (headers: Record<string, string>, payload: unknown) =>
      inject({ method: 'PUT', url: '/v3/user/change-password', headers, payload: payload as object });

    it('changes the password: the new one logs in, the old one not; other sessions end', async () => {
      await createUser(t.db, { username: 'heslar', baseId: 2, deviceIds });
      const other = await login(t.app, 'heslar');
      const s = await login(t.app, 'heslar', { confirmDevice: false }); // allowed before device confirmation
      const res = await change(s.headers, { oldPassword: TEST_PASSWORD, newPassword: 'nove-heslo-123' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: true });

      await expect(login(t.app, 'heslar', { password: 'nove-heslo-123' })).resolves.toMatchObject({
        user: { username: 'heslar' },
      });
      const old = await inject({
        method: 'POST',
        url: '/v2/auth/login',
        payload: { username: 'heslar', password: TEST_PASSWORD },
      });
      expect(old.statusCode).toBe(401);

      // this panel stays logged in, the other session is gone
      const mine = await inject({ method: 'POST', url: '/v2/auth/logout', headers: s.headers });
      expect(mine.statusCode).toBe(200);
      const theirs = await pullFullBundle(t.app, other.headers);
      expect(theirs.statusCode).toBe(401);
    });

    it('answers 422 oldPassword for a wrong old password', async () => {
      const s = await login(t.app, 'tester');
      const res = await change(s.headers, { oldPassword: 'spatne-heslo', newPassword: 'nove-heslo-123' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'oldPassword', message: 'Původní heslo není správné.' }]);
    });

    it('answers 422 with the spec rules for a short or missing password', async () => {
      const s = await login(t.app, 'tester');
      const short = await change(s.headers, { oldPassword: TEST_PASSWORD, newPassword: 'kratke' });
      expect(short.statusCode).toBe(422);
      expect(short.json()).toEqual([{ field: 'newPassword', message: 'Heslo musí mít alespoň 8 znaků' }]);
      const missing = await change(s.headers, {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual([
        { field: 'oldPassword', message: 'Prosím zadejte původní heslo' },
        { field: 'newPassword', message: 'Prosím zadejte heslo' },
      ]);
      // nothing changed
      await expect(login(t.app, 'tester')).resolves.toBeTruthy();
    });

    it('answers 401 without a session', async () => {
      const res = await change({}, { oldPassword: TEST_PASSWORD, newPassword: 'nove-heslo-123' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('public and fallback routes', () => {
    it('GET /version.json answers {hash, version, commit, environment} without a session', async () => {
      const res = await inject({ method: 'GET', url: '/version.json?t=123' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        hash: expect.stringMatching(/^\S+$/),
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        commit: expect.stringMatching(/^\S+$/),
        environment: 'test',
      });
      const again = await inject({ method: 'GET', url: '/version.json' });
      expect(again.json().hash).toBe(res.json().hash);
    });

    it('answers unknown API paths with a JSON 404 and / with a page telling to build the panel', async () => {
      const api = await inject({ method: 'GET', url: '/v2/neexistuje' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: expect.any(String) });
      const page = await inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('npm run build');
    });
  });
});
