/**
 * What follows a position (issue 14 items 4–5), with a fake clock and positions written as the ingest writes
 * them (the history row and the vehicle's current position), then `onPositionsAccepted`:
 * the ETA throttle (200 m or 30 s), one routing call per job at a time, the fallback when routing fails, and the
 * geofence transitions with dwell, the off switches and the system's journal rows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { JOB_STATUS } from '@panel/domain/constants';
import { haversine } from '@panel/domain/map';
import * as s from '../../db/schema/index.js';
import type { RoutingProvider, RouteResult } from '../../integrations/routing/provider.js';
import { ServiceError } from '../../integrations/geo/http.js';
import { createTestApp, type TestApp } from '../../test/factory.js';
import { etaInFlight } from './eta.js';
import { onPositionsAccepted, trackingIdle, type TrackingDeps } from './index.js';

// the event's place and the vehicle's base, ~10 km apart (Praha)
const TARGET: [number, number] = [14.5, 50.05];
const BASE: [number, number] = [14.4, 50.1];
/** a point `m` metres north of p (1° latitude ≈ 111 195 m) */
const north = (p: [number, number], m: number): [number, number] => [p[0], p[1] + m / 111_195];

/** A routing service under test control: counts calls, can fail or hang until released. */
function fakeRouting() {
  const calls: [number, number][][] = [];
  let mode: 'ok' | 'fail' | 'hold' = 'ok';
  let release: (() => void) | null = null;
  const provider: RoutingProvider = {
    kind: 'osrm',
    async route(from, to): Promise<RouteResult> {
      calls.push([from, to]);
      if (mode === 'fail') throw new ServiceError('routing', 'routing: timeout');
      if (mode === 'hold') await new Promise<void>((r) => (release = r));
      return {
        route: { type: 'LineString', coordinates: [from, [from[0], to[1]], to] },
        distance: 12_000,
        duration: 600,
      };
    },
  };
  return {
    provider,
    calls,
    set: (m: typeof mode) => (mode = m),
    release: () => release?.(),
  };
}

describe('tracking: ETA and geofence (issue 14)', () => {
  let t: TestApp;
  let clock = new Date('2026-03-02T10:00:00Z');
  let routing: ReturnType<typeof fakeRouting>;
  let deps: TrackingDeps;
  let eventId: number;
  let baseId: number;
  let resourceId: number;
  let jobId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const [ev] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    eventId = ev.id;
    await t.db
      .update(s.events)
      .set({
        targetLongitude: TARGET[0],
        targetLatitude: TARGET[1],
        destinationLongitude: null,
        destinationLatitude: null,
      })
      .where(eq(s.events.id, eventId));
    const [base] = await t.db
      .insert(s.bases)
      .values({ uid: 'trk-base', code: 'TRK', name: 'Testovací stanice', longitude: BASE[0], latitude: BASE[1] })
      .returning();
    baseId = base.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    clock = new Date('2026-03-02T10:00:00Z');
    routing = fakeRouting();
    deps = { db: t.db, hub: t.hub, routing: routing.provider, now: () => clock };
    const [res] = await t.db
      .insert(s.resources)
      .values({ name: `CAS test ${++seq}`, baseId, resourceTypeId: 1, longitude: BASE[0], latitude: BASE[1] })
      .returning();
    resourceId = res.id;
    const [job] = await t.db
      .insert(s.eventJobs)
      .values({ eventId, resourceId, baseId, eventJobStatusId: JOB_STATUS.ON_THE_WAY, createdAt: clock })
      .returning();
    jobId = job.id;
  });

  /** The ingest's part: the history row and the current position; then our hook. */
  async function fix(at: [number, number], opts: { accuracy?: number; advance?: number } = {}) {
    clock = new Date(clock.getTime() + (opts.advance ?? 10) * 1000);
    await t.db.insert(s.resourcePositions).values({
      resourceId,
      longitude: at[0],
      latitude: at[1],
      accuracy: opts.accuracy ?? 8,
      recordedAt: clock,
    });
    await t.db
      .update(s.resources)
      .set({ longitude: at[0], latitude: at[1], locationAt: clock })
      .where(eq(s.resources.id, resourceId));
    await onPositionsAccepted(deps, [
      { resourceId, longitude: at[0], latitude: at[1], speed: 40, accuracy: opts.accuracy ?? 8, recordedAt: clock },
    ]);
    await trackingIdle();
  }
  const vehicle = async () => (await t.db.select().from(s.resources).where(eq(s.resources.id, resourceId)))[0];
  const job = async () => (await t.db.select().from(s.eventJobs).where(eq(s.eventJobs.id, jobId)))[0];
  const geofenceJournal = async () =>
    (
      await t.db
        .select()
        .from(s.journal)
        .where(and(eq(s.journal.eventId, eventId), eq(s.journal.type, 'eventJob.geofence')))
    ).filter((r) => (r.data as { id: number }).id === jobId);

  describe('ETA recompute', () => {
    it('computes on the first position, then again only after 200 m or 30 s', async () => {
      await fix(north(BASE, 0));
      expect(routing.calls).toHaveLength(1);
      let v = await vehicle();
      expect(v.etaSource).toBe('route');
      expect(v.eta?.getTime()).toBe(clock.getTime() + 600_000);
      expect(v.route).toEqual({ type: 'LineString', coordinates: [BASE, [BASE[0], TARGET[1]], TARGET] });
      expect([v.destinationLongitude, v.destinationLatitude]).toEqual(TARGET);

      // 150 m and 10 s later: not due
      await fix(north(BASE, 150));
      expect(routing.calls).toHaveLength(1);
      // 250 m from the basis, 20 s after it: due by distance
      await fix(north(BASE, 250));
      expect(routing.calls).toHaveLength(2);
      // standing still: due again only when 30 s have passed since the last computation
      await fix(north(BASE, 260), { advance: 20 });
      expect(routing.calls).toHaveLength(2);
      await fix(north(BASE, 260), { advance: 10 });
      expect(routing.calls).toHaveLength(3);
      v = await vehicle();
      expect(v.eta?.getTime()).toBe(clock.getTime() + 600_000);
    });

    it('a moved event target is due at once', async () => {
      await fix(north(BASE, 0));
      await t.db
        .update(s.events)
        .set({ destinationLongitude: 14.51, destinationLatitude: 50.04 })
        .where(eq(s.events.id, eventId));
      try {
        await fix(north(BASE, 10), { advance: 1 });
        expect(routing.calls).toHaveLength(2);
        expect(routing.calls[1][1]).toEqual([14.51, 50.04]);
      } finally {
        await t.db
          .update(s.events)
          .set({ destinationLongitude: null, destinationLatitude: null })
          .where(eq(s.events.id, eventId));
      }
    });

    it('one routing call per job at a time: a burst of positions while one is running starts no second', async () => {
      routing.set('hold');
      clock = new Date(clock.getTime() + 1000);
      const burst = Array.from({ length: 100 }, (_, i) => ({
        resourceId,
        longitude: BASE[0],
        latitude: BASE[1] + (i * 500) / 111_195,
        speed: 50,
        accuracy: 5,
        recordedAt: new Date(clock.getTime() + i),
      }));
      await onPositionsAccepted(deps, burst.slice(0, 50));
      await onPositionsAccepted(deps, burst.slice(50));
      clock = new Date(clock.getTime() + 60_000);
      await onPositionsAccepted(deps, burst.slice(99));
      expect(etaInFlight()).toBe(1);
      expect(routing.calls).toHaveLength(1);
      // the newest of the batch was routed
      expect(routing.calls[0][0]).toEqual([burst[49].longitude, burst[49].latitude]);
      routing.set('ok');
      routing.release();
      await trackingIdle();
      expect(etaInFlight()).toBe(0);
      expect((await vehicle()).etaSource).toBe('route');
    });

    it('routing fails: the recent road route stays, then the estimate is stored and labelled; never throws', async () => {
      await fix(north(BASE, 0));
      const routed = await vehicle();
      routing.set('fail');
      // 40 s later: due, routing fails, the route of 40 s ago stands
      await fix(north(BASE, 50), { advance: 40 });
      expect(routing.calls).toHaveLength(2);
      let v = await vehicle();
      expect(v.etaSource).toBe('route');
      expect(v.eta).toEqual(routed.eta);
      // 100 s after the last good route: the estimate (straight line × 1.3 at 60 km/h) replaces it
      await fix(north(BASE, 100), { advance: 60 });
      expect(routing.calls).toHaveLength(3);
      v = await vehicle();
      expect(v.etaSource).toBe('estimate');
      expect(v.route).toEqual({ type: 'LineString', coordinates: [north(BASE, 100), TARGET] });
      const from = north(BASE, 100);
      const straight = haversine(from, TARGET);
      const seconds = (v.eta!.getTime() - clock.getTime()) / 1000;
      expect(seconds).toBeGreaterThan(((straight * 1.3) / (60_000 / 3600)) * 0.97);
      expect(seconds).toBeLessThan(((straight * 1.3) / (60_000 / 3600)) * 1.03);
    });

    it('without a routing service the ETA is the estimate, labelled so on the wire', async () => {
      deps = { db: t.db, hub: t.hub, now: () => clock, config: { mapServices: {} as never } };
      await fix(north(BASE, 0));
      expect(routing.calls).toHaveLength(0);
      expect((await vehicle()).etaSource).toBe('estimate');
    });

    it('a job at the scene (18) gets no ETA any more', async () => {
      await t.db.update(s.eventJobs).set({ eventJobStatusId: 18, geofence: false }).where(eq(s.eventJobs.id, jobId));
      await fix(north(BASE, 0));
      expect(routing.calls).toHaveLength(0);
    });
  });

  describe('geofence', () => {
    it('arrives (18) only after dwelling 20 s with 2 fixes within 150 m; journaled as the system', async () => {
      await fix(north(TARGET, 400));
      await fix(north(TARGET, 120)); // first fix inside
      expect((await job()).eventJobStatusId).toBe(15);
      await fix(north(TARGET, 90), { advance: 10 }); // 2 fixes, 10 s: not yet
      expect((await job()).eventJobStatusId).toBe(15);
      await fix(north(TARGET, 60), { advance: 10 }); // 3 fixes over 20 s
      const j = await job();
      expect(j.eventJobStatusId).toBe(18);
      expect(j.arriveAt?.getTime()).toBe(clock.getTime());
      const [row] = await geofenceJournal();
      expect(row).toMatchObject({ userId: null, deviceId: null, tableName: 'event_jobs' });
      expect(row.data).toMatchObject({ by: 'geofence', changes: { eventJobStatusId: { old: 15, new: 18 } } });
      expect(t.hub.invalidations.length).toBeGreaterThan(0);
    });

    it('driving past the target (fast, < 20 s inside) and a single outlier fix never arrive', async () => {
      await fix(north(TARGET, 140), { advance: 5 });
      await fix(north(TARGET, -140), { advance: 5 });
      await fix(north(TARGET, -600), { advance: 10 });
      await fix(north(TARGET, 10), { advance: 30 }); // one jump inside
      await fix(north(TARGET, 700), { advance: 30 });
      // inaccurate fixes do not count either
      await fix(north(TARGET, 10), { advance: 30, accuracy: 300 });
      await fix(north(TARGET, 10), { advance: 30, accuracy: 300 });
      expect((await job()).eventJobStatusId).toBe(15);
      expect(await geofenceJournal()).toHaveLength(0);
    });

    it('leaves (19) beyond 200 m after having been there, then home (20) ends the job', async () => {
      await fix(north(TARGET, 50));
      await fix(north(TARGET, 40), { advance: 30 });
      expect((await job()).eventJobStatusId).toBe(18);
      // wandering in the 150–200 m band is not leaving (hysteresis)
      await fix(north(TARGET, 180), { advance: 30 });
      await fix(north(TARGET, 190), { advance: 30 });
      expect((await job()).eventJobStatusId).toBe(18);
      await fix(north(TARGET, 400), { advance: 15 });
      await fix(north(TARGET, 900), { advance: 15 }); // 2 fixes outside, 15 s: not yet
      expect((await job()).eventJobStatusId).toBe(18);
      await fix(north(TARGET, 1500), { advance: 15 });
      expect((await job()).eventJobStatusId).toBe(19);
      await fix(north(BASE, 100), { advance: 600 });
      await fix(north(BASE, 20), { advance: 20 });
      const j = await job();
      expect(j.eventJobStatusId).toBe(20);
      expect(j.endedAt?.getTime()).toBe(clock.getTime());
      const rows = await geofenceJournal();
      expect(
        rows.map((r) => (r.data as { changes: { eventJobStatusId: { new: number } } }).changes.eventJobStatusId.new),
      ).toEqual([18, 19, 20]);
      expect(rows.every((r) => r.userId === null && r.deviceId === null)).toBe(true);
    });

    it('a job set to 18 by hand before the vehicle got there does not flip to 19', async () => {
      await t.db.update(s.eventJobs).set({ eventJobStatusId: 18 }).where(eq(s.eventJobs.id, jobId));
      await fix(north(TARGET, 900));
      await fix(north(TARGET, 700), { advance: 30 });
      await fix(north(TARGET, 500), { advance: 30 });
      expect((await job()).eventJobStatusId).toBe(18);
    });

    it('off per deployment: nothing changes', async () => {
      await t.db.update(s.eventJobs).set({ geofence: false }).where(eq(s.eventJobs.id, jobId));
      await fix(north(TARGET, 20));
      await fix(north(TARGET, 20), { advance: 60 });
      expect((await job()).eventJobStatusId).toBe(15);
      expect(await geofenceJournal()).toHaveLength(0);
    });

    it('off by the setting `geofence: false`: nothing changes; on again, it works', async () => {
      await t.db.insert(s.settings).values({ key: 'geofence', value: false });
      try {
        await fix(north(TARGET, 20));
        await fix(north(TARGET, 20), { advance: 60 });
        expect((await job()).eventJobStatusId).toBe(15);
      } finally {
        await t.db.delete(s.settings).where(eq(s.settings.key, 'geofence'));
      }
      await fix(north(TARGET, 20), { advance: 10 });
      expect((await job()).eventJobStatusId).toBe(18);
    });

    it('a dispatcher change between decision and write wins (the job is read again under lock)', async () => {
      await fix(north(TARGET, 20));
      await t.db.update(s.eventJobs).set({ eventJobStatusId: 16 }).where(eq(s.eventJobs.id, jobId));
      // the decision is made from status 16 now, and applies: no stale write from 15
      await fix(north(TARGET, 20), { advance: 30 });
      expect((await job()).eventJobStatusId).toBe(18);
      const [row] = await geofenceJournal();
      expect(row.data).toMatchObject({ changes: { eventJobStatusId: { old: 16, new: 18 } } });
    });

    it('a database failure is logged, never thrown to the ingest', async () => {
      const broken = {
        ...deps,
        db: {
          select: () => {
            throw new Error('db down');
          },
        } as never,
      };
      await expect(
        onPositionsAccepted(broken, [
          { resourceId, longitude: 1, latitude: 2, speed: null, accuracy: null, recordedAt: clock },
        ]),
      ).resolves.toBeUndefined();
    });
  });
});
