/**
 * The session cache costs nothing on the hot path: past its (jittered) period a session answers from memory
 * while one background read refreshes it; the refresh drops a session that ended; `last_seen_at` is written at
 * most every TOUCH_MS, not on every refresh.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { createTestApp, login, type TestApp } from '../../test/factory.js';
import { SessionStore, TOUCH_MS, jitteredPeriod } from './sessions.js';

const CACHE_MS = 30_000;
/** moves the clock the store reads (Date only: the database's own timers run as they are) */
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
const settle = () => new Promise((r) => setTimeout(r, 200));

describe('session cache without storms', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  async function credentials() {
    const s = await login(t.app, 'jednotka');
    return { token: s.token, instance: s.instance, appCode: 'panel' };
  }

  it('periods are spread ±25 %', () => {
    expect(jitteredPeriod(30_000, 0)).toBe(22_500);
    expect(jitteredPeriod(30_000, 0.5)).toBe(30_000);
    expect(jitteredPeriod(30_000, 0.999999)).toBe(37_500);
  });

  it('past its period a session answers from memory at once; many requests start one background read', async () => {
    const store = new SessionStore(t.db, { cacheMs: CACHE_MS });
    const creds = await credentials();
    const auth = await store.verify(creds);
    expect(auth).not.toBeNull();
    advance(CACHE_MS * 1.3);

    const select = vi.spyOn(t.db, 'select');
    const answers = await Promise.all(Array.from({ length: 50 }, () => store.verify(creds)));
    expect(answers.every((a) => a === auth)).toBe(true); // the cached object, not a fresh read
    await settle(); // the refresh's reads go at the next turn of the loop (batched: sessionReads.ts)
    const reads = select.mock.calls.length;
    select.mockRestore();
    expect(reads).toBeGreaterThan(0); // the refresh started…
    expect(reads).toBeLessThan(10); // …once (a load is a handful of selects), not fifty times
  });

  it('the background read drops a session that ended without a revocation reaching this node', async () => {
    const store = new SessionStore(t.db, { cacheMs: CACHE_MS });
    const creds = await credentials();
    expect(await store.verify(creds)).not.toBeNull();
    await t.db.delete(sessions).where(eq(sessions.instance, creds.instance));
    advance(CACHE_MS * 1.3);
    expect(await store.verify(creds)).not.toBeNull(); // answered while the refresh runs
    await settle();
    expect(await store.verify(creds)).toBeNull();
  });

  it('an entry unused for a further period is read before answering', async () => {
    const store = new SessionStore(t.db, { cacheMs: CACHE_MS });
    const creds = await credentials();
    expect(await store.verify(creds)).not.toBeNull();
    await t.db.delete(sessions).where(eq(sessions.instance, creds.instance));
    advance(CACHE_MS * 2.6);
    expect(await store.verify(creds)).toBeNull();
  });

  it('cached() answers what verify() would from memory alone, and nothing it would have to read', async () => {
    const store = new SessionStore(t.db, { cacheMs: CACHE_MS });
    const creds = await credentials();
    expect(store.cached(creds)).toBeUndefined(); // never read: only verify() can answer
    const auth = await store.verify(creds);
    expect(store.cached(creds)).toBe(auth);
    // the same token from another object (a request's credentials, not the socket's)
    expect(store.cached({ ...creds })).toBe(auth);
    expect(store.cached({ ...creds, instance: 'another-tab' })).toBeNull();
    expect(store.cached({ ...creds, appCode: 'admin' })).toBeNull();
    // a token changed on the same object is hashed again: not the cached session's
    const mutable = { ...creds };
    expect(store.cached(mutable)).toBe(auth);
    mutable.token = `${creds.token}x`;
    expect(store.cached(mutable)).toBeUndefined();
    expect(await store.verify(mutable)).toBeNull();

    // past its period: still from memory, and one background read starts (as verify())
    advance(CACHE_MS * 1.3);
    const select = vi.spyOn(t.db, 'select');
    expect(store.cached(creds)).toBe(auth);
    await settle();
    const reads = select.mock.calls.length;
    select.mockRestore();
    expect(reads).toBeGreaterThan(0);
    // unused for a further period: verify() must read it
    advance(CACHE_MS * 2.6);
    expect(store.cached(creds)).toBeUndefined();
    // a cache that may not be trusted now (revocations may not arrive): verify() proves it against its row
    expect(await store.verify(creds)).not.toBeNull();
    store.trustCacheWhile(() => false);
    expect(store.cached(creds)).toBeUndefined();
    expect(await store.verify(creds)).not.toBeNull();
  });

  it('last_seen_at is written at most every TOUCH_MS, not on each refresh', async () => {
    const store = new SessionStore(t.db, { cacheMs: CACHE_MS });
    const creds = await credentials();
    const update = vi.spyOn(t.db, 'update');
    expect(await store.verify(creds)).not.toBeNull(); // login just set last_seen_at
    for (let i = 0; i < 3; i++) {
      advance(CACHE_MS * 1.3);
      await store.verify(creds);
      await settle();
    }
    const touches = update.mock.calls.length;
    update.mockRestore();
    expect(touches).toBe(0);

    // a session last seen longer ago than TOUCH_MS is touched by its next read
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - TOUCH_MS - 1000) })
      .where(eq(sessions.instance, creds.instance));
    const fresh = new SessionStore(t.db, { cacheMs: CACHE_MS });
    await fresh.verify(creds);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.instance, creds.instance));
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(5000);
  });
});
