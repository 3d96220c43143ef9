/**
 * Login throttling through the real login route (issue 24 item 9): attackers are still throttled — per address,
 * per account from unknown addresses, with growing delays — while the right password from a confirmed device or
 * a known good address is never refused for strangers' failures; the administrator's unlock; shared through the DB.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loginFailures, loginTrust } from '../../db/schema/index.js';
import { createTestApp, login, TEST_PASSWORD, type TestApp } from '../../test/factory.js';
import { LOGIN_LIMITS, pruneLoginFailures, throttledMessage, waitSeconds } from './throttle.js';

const THROTTLED = /^Příliš mnoho neúspěšných pokusů o přihlášení\. Zkuste to znovu za \d+ min\.$/;
const ACCOUNT = LOGIN_LIMITS.perAccount;
const ADDRESS = LOGIN_LIMITS.perAddress;
const TRUSTED = LOGIN_LIMITS.perTrustedSource;

describe('waitSeconds: growing delays', () => {
  it('free failures wait nothing, then the delay doubles up to the cap', () => {
    const rule = { free: 3, baseSeconds: 10, capSeconds: 60 };
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((n) => waitSeconds(n, rule))).toEqual([0, 0, 0, 10, 20, 40, 60, 60]);
  });
});

describe('login throttling', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(loginFailures);
    await t.db.delete(loginTrust);
  });

  const attempt = (
    username: string,
    password: string,
    address = '10.0.0.1',
    opts: { app?: FastifyInstance; trustToken?: string } = {},
  ) =>
    (opts.app ?? t.app).inject({
      method: 'POST',
      url: '/v2/auth/login',
      headers: { 'app-code': 'panel' },
      remoteAddress: address,
      payload: { username, password, ...(opts.trustToken ? { trustToken: opts.trustToken } : {}) },
    });

  async function failTimes(n: number, username: string, address = '10.0.0.1', trustToken?: string) {
    for (let i = 0; i < n; i++) {
      expect((await attempt(username, `spatne-${i}`, address, { trustToken })).statusCode).toBe(401);
    }
  }

  /** makes every recorded failure older, as if the delay had passed (the database's clock, not a sleep) */
  const age = (seconds: number) =>
    t.db.update(loginFailures).set({ failedAt: sql`failed_at - make_interval(secs => ${seconds})` });

  /** a confirmed device: log in from `address`, confirm the device, answer its trust token */
  async function confirmWorkstation(username: string, address: string): Promise<string> {
    const res = await attempt(username, TEST_PASSWORD, address);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: string; instance: string; device: { id: number } };
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/v2/auth/device',
      headers: { authorization: `Bearer ${body.message}`, 'app-code': 'panel', 'app-instance': body.instance },
      payload: { deviceId: body.device.id },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return (confirm.json() as { trustToken: string }).trustToken;
  }

  describe('the attack', () => {
    it('an account from unknown addresses: free failures, then 429 with Retry-After and the Czech message', async () => {
      await failTimes(ACCOUNT.free, 'dispecer', '198.51.100.1');
      const refused = await attempt('dispecer', 'spatne', '198.51.100.2');
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(ACCOUNT.baseSeconds - 5);
      expect(retryAfter).toBeLessThanOrEqual(ACCOUNT.baseSeconds);
      expect(refused.json()).toEqual({ message: expect.stringMatching(THROTTLED) });
      expect(refused.json().message).toBe(throttledMessage(retryAfter));
      // an unknown address gets no answer on the password, the right one neither
      expect((await attempt('dispecer', TEST_PASSWORD, '198.51.100.3')).statusCode).toBe(429);
    });

    it('the delays grow with each failure and refused attempts do not extend them', async () => {
      await failTimes(ACCOUNT.free, 'mng', '198.51.100.1');
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        const refused = await attempt('mng', 'spatne', '198.51.100.9');
        expect(refused.statusCode).toBe(429);
        waits.push(Number(refused.headers['retry-after']));
        await age(waits[i]); // the delay is over: the next guess gets an answer, and fails
        expect((await attempt('mng', `spatne-x${i}`, '198.51.100.9')).statusCode).toBe(401);
      }
      expect(waits[1]).toBeGreaterThan(waits[0] * 1.5);
      expect(waits[3]).toBeGreaterThan(waits[2] * 1.5);
      for (let i = 0; i < 3; i++) expect((await attempt('mng', 'spatne', '198.51.100.9')).statusCode).toBe(429);
      expect(await t.db.$count(loginFailures, eq(loginFailures.username, 'mng'))).toBe(ACCOUNT.free + 4);
    });

    it('the username counts case-insensitively and with surrounding spaces; unknown names like real ones', async () => {
      await failTimes(3, 'Dispecer', '198.51.100.1');
      await failTimes(2, ' dispecer ', '198.51.100.1');
      expect((await attempt('DISPECER', TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
      await failTimes(ACCOUNT.free, 'nikdo', '198.51.100.5');
      expect((await attempt('nikdo', 'x', '198.51.100.5')).statusCode).toBe(429);
    });

    it('one address trying many names is throttled after its free failures', async () => {
      for (let i = 0; i < ADDRESS.free; i++) {
        expect((await attempt(`host${i % 5}x${i}`, 'spatne', '203.0.113.7')).statusCode).toBe(401);
      }
      const refused = await attempt('cizi', 'spatne', '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // and a name that never worked from there is refused too, the right password included
      expect((await attempt('jednotka', TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
      expect((await attempt('jednotka', TEST_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    });

    it('a client cannot pick a new address per try with X-Forwarded-For unless TRUST_PROXY trusts its peer', async () => {
      const spoofed = (username: string, i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/v2/auth/login',
          headers: { 'app-code': 'panel', 'x-forwarded-for': `203.0.113.${i}` },
          remoteAddress: '10.7.7.7',
          payload: { username, password: `spatne-${i}` },
        });
      for (let i = 0; i < ADDRESS.free; i++) expect((await spoofed(`x${i}`, i)).statusCode).toBe(401);
      expect((await spoofed('x99', 99)).statusCode).toBe(429);
    });

    it('parallel guesses: at most the free failures get an answer on the password', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => attempt('dispecer', `spatne-${i}`, `198.51.100.${i + 10}`)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(ACCOUNT.free);
      expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    });

    it('a guesser on a trusted source waits too: free failures, then at most a minute between tries', async () => {
      await confirmWorkstation('dispecer', '10.20.0.1');
      await failTimes(TRUSTED.free, 'dispecer', '10.20.0.1');
      const refused = await attempt('dispecer', 'spatne', '10.20.0.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(TRUSTED.capSeconds);
      await age(TRUSTED.capSeconds);
      expect((await attempt('dispecer', TEST_PASSWORD, '10.20.0.1')).statusCode).toBe(200);
    });
  });

  describe('the lock-out that no longer happens', () => {
    it('strangers locking an account do not refuse the right password from its known good address', async () => {
      // the dispatcher logged in from the dispatch room's address before
      expect((await attempt('dispecer', TEST_PASSWORD, '10.30.0.1')).statusCode).toBe(200);
      // an attacker elsewhere runs the account's unknown-source counter into its delays
      await failTimes(ACCOUNT.free, 'dispecer', '198.51.100.66');
      expect((await attempt('dispecer', TEST_PASSWORD, '198.51.100.66')).statusCode).toBe(429);
      // the room: the right password passes at once, and the attacker's counter is not reset by it
      expect((await attempt('dispecer', TEST_PASSWORD, '10.30.0.1')).statusCode).toBe(200);
      expect((await attempt('dispecer', TEST_PASSWORD, '198.51.100.67')).statusCode).toBe(429);
    });

    it('a confirmed device logs in from any address (e.g. after the NAT address changed)', async () => {
      const token = await confirmWorkstation('jednotka', '10.40.0.1');
      await failTimes(ACCOUNT.free, 'jednotka', '198.51.100.70');
      const moved = await attempt('jednotka', TEST_PASSWORD, '10.40.9.9', { trustToken: token });
      expect(moved.statusCode, moved.body).toBe(200);
      // a made-up token is no trust (from an address the account never worked from)
      expect((await attempt('jednotka', TEST_PASSWORD, '10.40.9.10', { trustToken: 'x'.repeat(43) })).statusCode).toBe(
        429,
      );
      // nor is the token for another account
      await failTimes(ACCOUNT.free, 'udrp', '198.51.100.71');
      expect((await attempt('udrp', TEST_PASSWORD, '10.40.9.11', { trustToken: token })).statusCode).toBe(429);
    });

    it('twenty mistypes from the room’s shared address do not lock out its other users', async () => {
      for (const user of ['dispecer', 'jednotka', 'udrp']) {
        expect((await attempt(user, TEST_PASSWORD, '10.50.0.1')).statusCode).toBe(200);
      }
      // somebody in the room (or behind its NAT) fails 20 times with names that never worked there
      for (let i = 0; i < ADDRESS.free + 3; i++) await attempt(`preklep${i}`, 'spatne', '10.50.0.1');
      expect((await attempt('neznamy', TEST_PASSWORD, '10.50.0.1')).statusCode).toBe(429);
      for (const user of ['dispecer', 'jednotka', 'udrp']) {
        expect((await attempt(user, TEST_PASSWORD, '10.50.0.1')).statusCode).toBe(200);
      }
    });

    it('the administrator unlocks an account; others may not (403); counted in the metrics', async () => {
      await failTimes(ACCOUNT.free, 'mng', '198.51.100.80');
      expect((await attempt('mng', TEST_PASSWORD, '198.51.100.81')).statusCode).toBe(429);
      const admin = await login(t.app, 'admin');
      const dispecer = await login(t.app, 'dispecer');
      const unlock = (headers: Record<string, string>, username: string) =>
        t.app.inject({ method: 'POST', url: '/v2/auth/unlock', headers, payload: { username } });
      expect((await unlock(dispecer.headers, 'mng')).statusCode).toBe(403);
      const bad = await unlock(admin.headers, '  ');
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual([{ field: 'username', message: 'Prosím zadejte uživatelské jméno' }]);
      const before = await t.app.metrics.registry.getSingleMetricAsString('panel_login_unlocks_total');
      const ok = await unlock(admin.headers, ' MNG ');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ result: true, removed: ACCOUNT.free });
      expect((await attempt('mng', TEST_PASSWORD, '198.51.100.81')).statusCode).toBe(200);
      const after = await t.app.metrics.registry.getSingleMetricAsString('panel_login_unlocks_total');
      const value = (text: string) => Number(/panel_login_unlocks_total (\d+)/.exec(text)![1]);
      expect(value(after)).toBe(value(before) + 1);
    });

    it('a login through a trusted source while strangers are throttled is counted', async () => {
      expect((await attempt('udrp', TEST_PASSWORD, '10.60.0.1')).statusCode).toBe(200);
      await failTimes(ACCOUNT.free, 'udrp', '198.51.100.90');
      const read = async () =>
        Number(
          /panel_login_trusted_total (\d+)/.exec(
            await t.app.metrics.registry.getSingleMetricAsString('panel_login_trusted_total'),
          )![1],
        );
      const before = await read();
      expect((await attempt('udrp', TEST_PASSWORD, '10.60.0.1')).statusCode).toBe(200);
      expect(await read()).toBe(before + 1);
    });
  });

  it('counters are shared through the database: another server node over the same DB refuses too', async () => {
    const other = await buildApp({ config: t.config, db: t.db });
    await other.ready();
    try {
      await failTimes(ACCOUNT.free, 'jednotka', '198.51.100.100');
      expect((await attempt('jednotka', TEST_PASSWORD, '198.51.100.101', { app: other })).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('pruning drops failures older than the window and trust unused for its days', async () => {
    await failTimes(2, 'a9');
    expect((await attempt('dispecer', TEST_PASSWORD, '10.70.0.1')).statusCode).toBe(200);
    const [first] = await t.db.select({ id: loginFailures.id }).from(loginFailures).orderBy(loginFailures.id);
    await t.db
      .update(loginFailures)
      .set({ failedAt: sql`now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes + 1})` })
      .where(eq(loginFailures.id, first.id));
    await t.db
      .update(loginTrust)
      .set({ lastSuccessAt: sql`now() - make_interval(days => ${LOGIN_LIMITS.trustDays + 1})` });
    await pruneLoginFailures(t.db);
    const left = await t.db.select({ id: loginFailures.id }).from(loginFailures);
    expect(left).toHaveLength(1);
    expect(left[0].id).not.toBe(first.id);
    expect(await t.db.$count(loginTrust)).toBe(0);
  });
});
