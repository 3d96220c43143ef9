/**
 * The ingest's answer from memory and its write-behind (issue 14, ingest p99 < 20 ms): a queue written in
 * batches with ONE revision each; out of order decided against the in-memory last fix (before anything is
 * written); revocation refused at once on this node and caught at write time on another; a database outage
 * answered without waiting, bounded, written when the database is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { currentRevision } from '../../sync/revision.js';
import { createTestApp, type TestApp } from '../../test/factory.js';
import type { Fix } from './decode.js';
import { PositionIngest, positionIngestOf, type PositionIngestOptions } from './ingest.js';
import { osmandRequest } from './osmandClient.js';
import { navigationUnitsWithSecrets, SYSTEM, type NavigationUnit } from './positions.fixtures.js';
import { hashTrackerSecret } from './secrets.js';
import { removeTrackerSecret } from './trackers.js';
import { countTurns } from '../../test/loopTurns.js';
import { holdBackground } from '../../db/precedence.js';
import { PUSH_PRECEDENCE_MAX_MS } from './writeBehind.js';

const limits = { retentionDays: 7, maxAccuracyM: 250, futureToleranceS: 60 };

describe('position write-behind', () => {
  let t: TestApp;
  /** navigation units in vehicles, each with a secret */
  let nav: (NavigationUnit & { secret: string })[];

  beforeAll(async () => {
    t = await createTestApp();
    nav = await navigationUnitsWithSecrets(t, 10);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An ingest of its own (another node, or a database that fails), written only when the test says so. */
  const ingestOn = (db: Database, options: PositionIngestOptions = {}) =>
    new PositionIngest({ db, hub: t.hub }, () => limits, { flushMs: 3_600_000, ...options });
  const fixOf = (code: string, latitude: number, at: Date): Fix => ({
    trackerId: code,
    latitude,
    longitude: 14.5,
    recordedAt: at,
    speed: 30,
    accuracy: 5,
    valid: true,
    battery: null,
  });
  const report = (d: (typeof nav)[number], latitude: number, at: Date) => ({
    credential: { kind: 'secret' as const, secretHash: hashTrackerSecret(d.secret) },
    fix: fixOf(d.code, latitude, at),
    source: 'osmand' as const,
  });
  const vehicle = async (id: number) => (await t.db.select().from(s.resources).where(eq(s.resources.id, id)))[0];
  const historyOf = (deviceId: number) =>
    t.db.select().from(s.resourcePositions).where(eq(s.resourcePositions.deviceId, deviceId));
  // fix times after the demo seed's positions (the future tolerance is 60 s)
  const ago = (s: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + 40_000 - s * 1000);

  it('queues accepted fixes and writes them in one batch: one transaction, ONE revision, one invalidation', async () => {
    const ingest = ingestOn(t.db);
    const devices = nav.slice(0, 5);
    const outcomes = await ingest.submit(
      devices.flatMap((d, i) => [report(d, 50 + i / 100, ago(20)), report(d, 50.5 + i / 100, ago(10))]),
    );
    expect(outcomes.map((o) => o.status)).toEqual(Array(10).fill('accepted'));
    // answered, not yet written
    expect(ingest.writer.pending).toBe(10);
    expect((await vehicle(devices[0].resourceId)).latitude).not.toBe(50.5);
    const revision = currentRevision(t.db);
    ingest.hub.flush();
    const pushed = t.hub.invalidations.length;
    await ingest.flush();
    ingest.hub.flush();
    expect(currentRevision(t.db)).toBe(revision + 1);
    expect(t.hub.invalidations.length - pushed).toBe(1);
    // a batch of positions moves rows alone: its push gives way to a write's (realtime/deltaPush.ts)
    expect(t.hub.invalidations.at(-1)).toMatchObject({ revision: revision + 1, moves: true });
    expect(t.hub.invalidations.at(-1)!.tables).toEqual(expect.arrayContaining(['resources', 'devices']));
    for (const [i, d] of devices.entries()) {
      expect(await vehicle(d.resourceId)).toMatchObject({ latitude: 50.5 + i / 100, sourceName: d.code });
      expect(await historyOf(d.id)).toHaveLength(2);
    }
    expect(ingest.counters().writeBehind).toMatchObject({ batches: 1, written: 10, queued: 0, dropped: 0 });
  });

  it('a batch lets the event loop turn between its statements (PGlite runs them in this thread)', async () => {
    const ingest = ingestOn(t.db);
    const devices = nav.slice(0, 5);
    // 250 fixes: the history goes in 3 inserts of at most INSERT_CHUNK rows
    const reports = devices.flatMap((d, i) =>
      Array.from({ length: 50 }, (_, k) => report(d, 50.6 + i / 100 + k / 10_000, ago(9 - k / 10))),
    );
    expect((await ingest.submit(reports)).every((o) => o.status === 'accepted')).toBe(true);
    const loop = countTurns();
    await ingest.flush();
    loop.stop();
    // without the yields a whole transaction ran as one chain of microtasks: no turn at all
    expect(loop.turns).toBeGreaterThanOrEqual(5);
    for (const d of devices) expect(await historyOf(d.id)).toHaveLength(52);
    expect(ingest.counters().writeBehind).toMatchObject({ batches: 1, written: 250 });
  });

  it('a batch waits while a write is pushed, at most PUSH_PRECEDENCE_MAX_MS (db/precedence.ts)', async () => {
    const ingest = ingestOn(t.db);
    // a device the earlier tests are done with, at times after theirs (a vehicle's position only goes forward)
    const d = nav[4];
    expect((await ingest.submit([report(d, 50.7, ago(3))]))[0].status).toBe('accepted');
    const release = holdBackground(t.db);
    const flushed = ingest.flush().then(() => performance.now());
    await new Promise((r) => setTimeout(r, 50));
    // not begun: the fix is still queued (what comes meanwhile joins the batch)
    expect(ingest.writer.pending).toBe(1);
    expect(ingest.counters().writeBehind).toMatchObject({ batches: 0, written: 0 });
    const releasedAt = performance.now();
    release();
    expect(await flushed).toBeGreaterThanOrEqual(releasedAt);
    expect(ingest.counters().writeBehind).toMatchObject({ batches: 1, written: 1 });
    expect((await vehicle(d.resourceId)).latitude).toBe(50.7);

    // a hold never released: the batch goes after the bound
    const stuck = holdBackground(t.db);
    expect((await ingest.submit([report(d, 50.8, ago(2))]))[0].status).toBe('accepted');
    const started = performance.now();
    await ingest.flush();
    expect(performance.now() - started).toBeGreaterThanOrEqual(PUSH_PRECEDENCE_MAX_MS - 5);
    expect((await vehicle(d.resourceId)).latitude).toBe(50.8);
    stuck();
  });

  it('decides out of order against the in-memory last fix, before anything is written', async () => {
    const ingest = ingestOn(t.db);
    const d = nav[5];
    // the times are taken once: two calls of ago() may fall either side of a second boundary
    const newer = ago(5);
    const older = ago(8);
    expect((await ingest.submit([report(d, 49.6, newer)]))[0].status).toBe('accepted');
    // the database still has the older position: only the memory knows the fix of 5 s ago
    expect((await vehicle(d.resourceId)).latitude).not.toBe(49.6);
    expect(await ingest.submit([report(d, 49.7, older)])).toEqual([
      { status: 'refused', reason: 'outOfOrder', deviceId: d.id },
    ]);
    expect(await ingest.submit([report(d, 49.6, newer)])).toEqual([{ status: 'duplicate', deviceId: d.id }]);
    await ingest.flush();
    expect((await vehicle(d.resourceId)).latitude).toBe(49.6);
    expect(await historyOf(d.id)).toHaveLength(1);
    const [tracker] = await t.db.select().from(s.deviceTrackers).where(eq(s.deviceTrackers.deviceId, d.id));
    expect(tracker.refusals).toEqual({ outOfOrder: 1 });
    expect(tracker.lastRefusalReason).toBe('outOfOrder');
  });

  it('a revoked secret is refused at once on this node; another node that still trusts it stores nothing', async () => {
    const d = nav[6];
    const ingest = positionIngestOf(t.app.deps);
    const other = ingestOn(t.db);
    const send = (at: Date) =>
      t.app.inject(osmandRequest('', { secret: d.secret, id: d.code }, { latitude: 49.9, longitude: 14.5, at }));
    expect((await send(ago(6))).statusCode).toBe(200); // this node's cache knows the secret now
    expect((await other.submit([report(d, 49.91, ago(5))]))[0].status).toBe('accepted'); // and the other's
    await ingest.flush();
    await other.flush();
    expect((await vehicle(d.resourceId)).latitude).toBe(49.91);

    await removeTrackerSecret(t.app.deps, SYSTEM, d);
    const refused = await send(ago(4));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ result: false, message: 'Klíč zařízení byl zneplatněn.' });
    // the other node answers from its cache within the TTL, but the write checks the secret under the row lock
    expect((await other.submit([report(d, 49.95, ago(3))]))[0].status).toBe('accepted');
    await other.flush();
    expect(other.counters().writeBehind.discardedRevoked).toBe(1);
    expect((await vehicle(d.resourceId)).latitude).toBe(49.91);
    expect(await historyOf(d.id)).toHaveLength(2);
  });

  it('after the TTL another node reloads the device and refuses the revoked secret', async () => {
    const d = nav[7];
    const other = ingestOn(t.db, { cacheTtlMs: 0, cacheRevalidateMs: 0 });
    expect((await other.submit([report(d, 49.8, ago(9))]))[0].status).toBe('accepted');
    await removeTrackerSecret(t.app.deps, SYSTEM, d);
    // expired: this answer comes from the stale entry while it reloads in the background
    await other.submit([report(d, 49.81, ago(8))]);
    await new Promise((r) => setTimeout(r, 50));
    expect(await other.submit([report(d, 49.82, ago(7))])).toEqual([
      { status: 'refused', reason: 'revokedDevice', deviceId: d.id },
    ]);
    await other.flush();
    // both fixes answered before the revocation reached this node are dropped when written after it
    expect(other.counters().writeBehind.discardedRevoked).toBe(2);
  });

  it('a database outage: answers without the database, keeps the newest fix per device in a bounded queue, writes on recovery', async () => {
    let down = false;
    const failing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && down) return () => Promise.reject(new Error('database down (test)'));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const ingest = ingestOn(failing, { maxQueued: 6, batchSize: 100 });
      const devices = nav.slice(8, 10);
      // known devices (one lookup each), then the database goes away
      await ingest.submit(devices.map((d) => report(d, 49.0, ago(60))));
      down = true;
      for (let k = 1; k <= 10; k += 1) {
        const outcomes = await ingest.submit(devices.map((d) => report(d, 49.0 + k / 100, ago(60 - k))));
        expect(outcomes.map((o) => o.status)).toEqual(['accepted', 'accepted']);
      }
      await expect(ingest.flush()).rejects.toThrow('database down (test)');
      const stats = ingest.counters().writeBehind;
      expect(stats.queued).toBeLessThanOrEqual(6);
      expect(stats.dropped).toBe(22 - stats.queued);
      expect(stats.failures).toBeGreaterThanOrEqual(1);
      down = false;
      await ingest.flush();
      expect(ingest.counters().writeBehind.queued).toBe(0);
      for (const d of devices) {
        // the newest fix of each device survived the shedding and is current
        expect((await vehicle(d.resourceId)).latitude).toBe(49.1);
        const rows = await historyOf(d.id);
        expect(rows.length).toBeGreaterThanOrEqual(1);
        expect(rows.length).toBeLessThanOrEqual(6);
      }
    } finally {
      console.error = consoleError;
    }
  });
});
