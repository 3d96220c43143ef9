/**
 * The ingest's device cache (issue 14, ingest p99): expired entries answer from memory and are reloaded
 * together, one query per gathering window instead of one per report; a reload forgets a secret that is gone;
 * `warm` loads the fleet in one query at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/factory.js';
import { DeviceCache } from './deviceCache.js';
import { navigationUnitsWithSecrets, SYSTEM, type NavigationUnit } from './positions.fixtures.js';
import { hashTrackerSecret } from './secrets.js';
import { writeTrackerSecret } from './trackers.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('device cache', () => {
  let t: TestApp;
  /** navigation units in vehicles, each with a secret */
  let nav: (NavigationUnit & { secret: string })[];

  beforeAll(async () => {
    t = await createTestApp();
    nav = await navigationUnitsWithSecrets(t, 5);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** the database, counting the selects made through it */
  const counting = () => {
    const counter = { selects: 0 };
    const db = new Proxy(t.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== 'select' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          counter.selects += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    return { db: db as Database, counter };
  };
  const secretOf = (d: (typeof nav)[number]) => ({ kind: 'secret' as const, secretHash: hashTrackerSecret(d.secret) });

  it('expired entries answer at once and are reloaded together in one query', async () => {
    const { db, counter } = counting();
    const cache = new DeviceCache(db, 0, () => Date.now(), 30);
    for (const d of nav) expect((await cache.resolve(secretOf(d)))?.id).toBe(d.id);
    expect(counter.selects).toBe(nav.length); // a miss asks at once, one query each
    await wait(5);
    // expired: each answer comes from memory, not a promise, and no query is made yet
    for (const d of nav) expect(cache.resolve(secretOf(d))).toMatchObject({ id: d.id, code: d.code });
    expect(counter.selects).toBe(nav.length);
    await wait(80);
    expect(counter.selects).toBe(nav.length + 1);
    // the reload refreshed the entries and moved the vehicles' last fix in from the rows
    for (const d of nav) expect(cache.lastFix.has(`r${d.resourceId}`)).toBe(true);
  });

  it('warm loads every tracker in one query: their first reports answer from memory', async () => {
    const { db, counter } = counting();
    const cache = new DeviceCache(db);
    expect(await cache.warm()).toBeGreaterThanOrEqual(nav.length);
    expect(counter.selects).toBe(1);
    for (const d of nav) {
      expect(cache.resolve(secretOf(d))).toMatchObject({ id: d.id, code: d.code, resourceId: d.resourceId });
      expect(cache.lastFix.has(`r${d.resourceId}`)).toBe(true);
    }
    expect(counter.selects).toBe(1);
  });

  it('a secret rotated elsewhere is forgotten by the reload: the next report asks the database and is unknown', async () => {
    const { db } = counting();
    const cache = new DeviceCache(db, 0, () => Date.now(), 10);
    const d = nav[0];
    const old = secretOf(d);
    expect((await cache.resolve(old))?.id).toBe(d.id);
    // rotated through another ingest (another node): this cache is not told
    const { secret } = await writeTrackerSecret({ db: t.db, hub: t.hub }, SYSTEM, d, {});
    d.secret = secret;
    await wait(5);
    expect(cache.resolve(old)).toMatchObject({ id: d.id }); // stale: answered, reload gathered
    await wait(60);
    const after = cache.resolve(old);
    expect(after).toBeInstanceOf(Promise);
    expect(await after).toBeNull();
    expect((await cache.resolve(secretOf(d)))?.id).toBe(d.id);
  });

  it('a reload that fails keeps the entries; the next expired answer gathers them again', async () => {
    let down = false;
    // the query builder as far as the reload uses it, failing when it is run
    const broken = {
      from: () => broken,
      leftJoin: () => broken,
      where: () => Promise.reject(new Error('database down (test)')),
    };
    const failing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'select' && down) return () => broken;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const cache = new DeviceCache(failing as Database, 0, () => Date.now(), 10);
    const d = nav[1];
    expect((await cache.resolve(secretOf(d)))?.id).toBe(d.id);
    down = true;
    await wait(5);
    expect(cache.resolve(secretOf(d))).toMatchObject({ id: d.id });
    await wait(40);
    expect(cache.resolve(secretOf(d))).toMatchObject({ id: d.id });
    down = false;
    await wait(40);
    expect(cache.resolve(secretOf(d))).toMatchObject({ id: d.id });
  });
});
