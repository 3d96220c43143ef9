/** Login throttling through the real login route: per username, per address, reset, shared through the DB. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loginFailures } from '../../db/schema/index.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/factory.js';
import { LOGIN_LIMITS, pruneLoginFailures, throttledMessage } from './throttle.js';

const THROTTLED = /^Příliš mnoho neúspěšných pokusů o přihlášení\. Zkuste to znovu za \d+ min\.$/;

describe('login throttling', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(loginFailures);
  });

  const attempt = (username: string, password: string, address = '10.0.0.1', app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      headers: { 'app-code': 'panel' },
      remoteAddress: address,
      payload: { username, password },
    });

  async function failTimes(n: number, username: string, address = '10.0.0.1') {
    for (let i = 0; i < n; i++) expect((await attempt(username, `spatne-${i}`, address)).statusCode).toBe(401);
  }

  it('5 failures per username → 429 with Retry-After and the Czech message; the right password is refused too', async () => {
    await failTimes(LOGIN_LIMITS.perUsername, 'dispecer');
    const refused = await attempt('dispecer', 'spatne');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.json()).toEqual({ message: expect.stringMatching(THROTTLED) });
    expect(refused.json().message).toBe(throttledMessage(retryAfter));

    const right = await attempt('dispecer', TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    // another user from the same address is not affected by dispecer's counter
    expect((await attempt('jednotka', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('the username counts case-insensitively and with surrounding spaces', async () => {
    await failTimes(3, 'Dispecer');
    await failTimes(2, ' dispecer ');
    expect((await attempt('DISPECER', TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('refused attempts do not extend the lockout; it lifts when the failures leave the 15-minute window', async () => {
    await failTimes(LOGIN_LIMITS.perUsername, 'mng');
    for (let i = 0; i < 3; i++) expect((await attempt('mng', 'spatne')).statusCode).toBe(429);
    expect(await t.db.$count(loginFailures, eq(loginFailures.username, 'mng'))).toBe(LOGIN_LIMITS.perUsername);

    // the oldest failure 14 min ago → only it has to leave: about a minute to wait
    const rows = await t.db.select({ id: loginFailures.id }).from(loginFailures).orderBy(loginFailures.id);
    await t.db
      .update(loginFailures)
      .set({ failedAt: sql`now() - interval '14 minutes'` })
      .where(eq(loginFailures.id, rows[0].id));
    const soon = await attempt('mng', 'spatne');
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(soon.json().message).toBe('Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 1 min.');

    await t.db
      .update(loginFailures)
      .set({ failedAt: sql`now() - interval '16 minutes'` })
      .where(eq(loginFailures.id, rows[0].id));
    expect((await attempt('mng', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a success resets the username counter', async () => {
    await failTimes(LOGIN_LIMITS.perUsername - 1, 'udrp');
    expect((await attempt('udrp', TEST_PASSWORD)).statusCode).toBe(200);
    await failTimes(LOGIN_LIMITS.perUsername, 'udrp');
    expect((await attempt('udrp', TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('20 failures from one address throttle every name from it, not other addresses; a success takes that user off it', async () => {
    const names = ['a1', 'a2', 'a3', 'a4', 'a5'];
    for (const name of names.slice(0, 4)) await failTimes(4, name, '10.9.9.9'); // 16, no name over its limit
    await failTimes(3, 'dispecer', '10.9.9.9'); // 19
    // a success of dispecer removes its 3 failures: the address is at 16 again
    expect((await attempt('dispecer', TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(200);
    await failTimes(4, 'a5', '10.9.9.9'); // 20
    const refused = await attempt('jednotka', TEST_PASSWORD, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(THROTTLED);
    expect((await attempt('jednotka', TEST_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
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
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) expect((await spoofed(`x${i % 5}`, i)).statusCode).toBe(401);
    expect((await spoofed('x9', 99)).statusCode).toBe(429);
  });

  it('unknown usernames are counted like real ones', async () => {
    await failTimes(LOGIN_LIMITS.perUsername, 'nikdo');
    expect((await attempt('nikdo', 'x')).statusCode).toBe(429);
  });

  it('parallel guesses: at most the limit get an answer on the password', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt('dispecer', `spatne-${i}`, `10.1.1.${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perUsername);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(12 - LOGIN_LIMITS.perUsername);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });

  it('counters are shared through the database: another server node over the same DB refuses too', async () => {
    const other = await buildApp({ config: t.config, db: t.db });
    await other.ready();
    try {
      await failTimes(LOGIN_LIMITS.perUsername, 'jednotka');
      expect((await attempt('jednotka', TEST_PASSWORD, '10.0.0.1', other)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('pruning drops only failures older than the window', async () => {
    await failTimes(2, 'a9');
    const [first] = await t.db.select({ id: loginFailures.id }).from(loginFailures).orderBy(loginFailures.id);
    await t.db
      .update(loginFailures)
      .set({ failedAt: sql`now() - interval '20 minutes'` })
      .where(eq(loginFailures.id, first.id));
    await pruneLoginFailures(t.db);
    const left = await t.db.select({ id: loginFailures.id }).from(loginFailures);
    expect(left).toHaveLength(1);
    expect(left[0].id).not.toBe(first.id);
  });
});
