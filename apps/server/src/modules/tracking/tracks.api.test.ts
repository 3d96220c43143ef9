/**
 * Trails, tracks and the dialog's ETA through the real app (issue 14 items 4 and 6): who may see which vehicle's
 * history (a unit: its own vehicles and those on its events), the thinning, a deployment's track bounded by its
 * departure and end, and the free vehicles sorted by ETA with the estimate labelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { fromWireTime } from '@panel/domain/locale';
import type { JobTrack, ResourceTrail, VehicleEta } from '@panel/domain/tracking';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';
import { thin } from './tracks.js';

describe('tracking API (issue 14)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let resourceId: Record<string, number>;
  let eventId: Record<string, number>;
  const PHA_CAR = 'CAS 20 Scania P 360 PHA';

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'mng']) sessions[u] = await login(t.app, u);
    resourceId = Object.fromEntries((await t.db.select().from(s.resources)).map((r) => [r.name, r.id]));
    eventId = Object.fromEntries((await t.db.select().from(s.events)).map((e) => [e.code!, e.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: sessions[user].headers });
  /** `n` fixes, one every `everyS` seconds ending now, moving `stepM` metres north each */
  async function drive(
    resource: number,
    n: number,
    everyS: number,
    stepM: number,
    start: [number, number] = [14.42, 50.08],
  ) {
    const now = Date.now();
    const rows = Array.from({ length: n }, (_, i) => ({
      resourceId: resource,
      longitude: start[0],
      latitude: start[1] + (i * stepM) / 111_195,
      accuracy: 5,
      recordedAt: new Date(now - (n - 1 - i) * everyS * 1000),
    }));
    await t.db.insert(s.resourcePositions).values(rows);
    return rows;
  }

  it('thin: a standing vehicle is one point plus its newest; moving keeps points 15 m apart', () => {
    const at = (i: number, lat: number) => ({
      resourceId: 1,
      longitude: 14,
      latitude: lat,
      recordedAt: new Date(i * 1000),
    });
    const standing = Array.from({ length: 100 }, (_, i) => at(i, 50 + (i % 2) * 0.00001));
    expect(thin(standing).points).toHaveLength(2);
    const moving = Array.from({ length: 100 }, (_, i) => at(i, 50 + (i * 20) / 111_195));
    expect(thin(moving).points).toHaveLength(100);
    expect(thin([]).points).toEqual([]);
  });

  describe('GET /v2/resources/trails', () => {
    let brnCar: number;
    beforeAll(async () => {
      brnCar =
        resourceId['CAS 20 Scania P 360 BRN'] ?? Object.entries(resourceId).find(([n]) => n.endsWith(' BRN'))![1];
      await drive(resourceId[PHA_CAR], 200, 5, 30); // ~16.6 min, 6 km
      await drive(brnCar, 50, 10, 30);
      // older than 30 minutes: not in a trail
      await t.db.insert(s.resourcePositions).values({
        resourceId: resourceId[PHA_CAR],
        longitude: 10,
        latitude: 45,
        recordedAt: new Date(Date.now() - 31 * 60_000),
      });
    });

    it('the central dispatcher gets every trail; thinned to 10 s buckets; the last 30 minutes only', async () => {
      const res = await get('dispecer', '/v2/resources/trails');
      expect(res.statusCode).toBe(200);
      const trails = res.json() as ResourceTrail[];
      const pha = trails.find((x) => x.resourceId === resourceId[PHA_CAR])!;
      expect(pha.points.length).toBeGreaterThan(90);
      expect(pha.points.length).toBeLessThanOrEqual(101); // 200 fixes every 5 s → one per 10 s bucket
      expect(pha.points.some(([lon]) => lon === 10)).toBe(false);
      expect(pha.points.at(-1)![1]).toBeCloseTo(50.08 + (199 * 30) / 111_195, 6);
      expect(trails.some((x) => x.resourceId === brnCar)).toBe(true);
    });

    it("a unit gets its own vehicles, and another base's only while it is deployed on one of its events", async () => {
      let trails = (await get('jednotka', '/v2/resources/trails')).json() as ResourceTrail[];
      expect(trails.map((x) => x.resourceId)).toContain(resourceId[PHA_CAR]);
      expect(trails.map((x) => x.resourceId)).not.toContain(brnCar);
      const [job] = await t.db
        .insert(s.eventJobs)
        .values({ eventId: eventId['PHA-2025-0412'], resourceId: brnCar, eventJobStatusId: 15 })
        .returning();
      trails = (await get('jednotka', '/v2/resources/trails')).json() as ResourceTrail[];
      expect(trails.map((x) => x.resourceId)).toContain(brnCar);
      await t.db.delete(s.eventJobs).where(eq(s.eventJobs.id, job.id));
    });

    it('403 for group MNG (no view EventResources), 401 without a session', async () => {
      expect((await get('mng', '/v2/resources/trails')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/v2/resources/trails' })).statusCode).toBe(401);
    });
  });

  describe('GET /v2/events/{id}/tracks', () => {
    it("each deployment's track from its departure to its end", async () => {
      const car =
        resourceId['CAS 30 Tatra 815 PHA'] ??
        Object.entries(resourceId).find(([n]) => n.endsWith(' PHA') && n !== PHA_CAR)![1];
      const fixes = await drive(car, 60, 10, 40, [14.5, 50.0]);
      const [job] = await t.db
        .insert(s.eventJobs)
        .values({
          eventId: eventId['PHA-2025-0412'],
          resourceId: car,
          eventJobStatusId: 20,
          createdAt: fixes[10].recordedAt,
          endedAt: fixes[49].recordedAt,
        })
        .returning();
      const res = await get('jednotka', `/v2/events/${eventId['PHA-2025-0412']}/tracks`);
      expect(res.statusCode).toBe(200);
      const track = (res.json() as JobTrack[]).find((x) => x.jobId === job.id)!;
      expect(track.points).toHaveLength(40);
      expect(track.points[0][1]).toBeCloseTo(fixes[10].latitude, 6);
      expect(track.points.at(-1)![1]).toBeCloseTo(fixes[49].latitude, 6);
      expect(track.eventJobStatusId).toBe(20);
      // 39 steps of 40 m north; departure = the job made, not its first fix
      expect(track.distance).toBeGreaterThan(39 * 40 - 5);
      expect(track.distance).toBeLessThan(39 * 40 + 5);
      expect(track.departedAt).not.toBeNull();
      expect(Math.abs(fromWireTime(track.departedAt)!.getTime() - fixes[10].recordedAt.getTime())).toBeLessThan(1000);
    });

    it("404 for another base's event (like an unknown one), 422 for a bad id", async () => {
      expect((await get('jednotka', `/v2/events/${eventId['BRN-2025-0198']}/tracks`)).statusCode).toBe(404);
      expect((await get('jednotka', '/v2/events/999999/tracks')).statusCode).toBe(404);
      expect((await get('jednotka', '/v2/events/1e3/tracks')).statusCode).toBe(422);
    });
  });

  describe('GET /v2/events/{id}/vehicle-eta', () => {
    it('free vehicles with a position, fresh ones first by ETA, the estimate labelled', async () => {
      const ev = eventId['PHA-2025-0412'];
      const [event] = await t.db.select().from(s.events).where(eq(s.events.id, ev));
      const place: [number, number] = [
        event.destinationLongitude ?? event.targetLongitude!,
        event.destinationLatitude ?? event.targetLatitude!,
      ];
      const near = resourceId[PHA_CAR];
      await t.db
        .update(s.resources)
        .set({ longitude: place[0], latitude: place[1] + 0.01, locationAt: new Date() })
        .where(eq(s.resources.id, near));
      const res = await get('dispecer', `/v2/events/${ev}/vehicle-eta`);
      expect(res.statusCode).toBe(200);
      const list = res.json() as VehicleEta[];
      expect(list[0]).toMatchObject({ resourceId: near, source: 'estimate' });
      expect(list[0].distance).toBeGreaterThan(1400); // 1.1 km × 1.3
      expect(list[0].distance).toBeLessThan(1500);
      expect(list[0].distanceText).toMatch(/^1,[45] km$/);
      expect(list[0].durationText).toBe('1 min');
      // deployed vehicles are not candidates
      const open = await t.db.select().from(s.eventJobs).where(isNull(s.eventJobs.endedAt));
      const held = new Set(open.filter((j) => j.eventJobStatusId !== 20).map((j) => j.resourceId));
      expect(held.size).toBeGreaterThan(0);
      expect(list.some((c) => held.has(c.resourceId))).toBe(false);
    });

    it('PUT /v2/event-jobs/{id} {geofence: false} turns the automatic statuses off for that deployment', async () => {
      const [job] = await t.db
        .insert(s.eventJobs)
        .values({ eventId: eventId['PHA-2025-0412'], resourceId: resourceId[PHA_CAR], eventJobStatusId: 15 })
        .returning();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v2/event-jobs/${job.id}`,
        headers: sessions.dispecer.headers,
        payload: { geofence: false },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: job.id, geofence: false });
      const [row] = await t.db.select().from(s.eventJobs).where(eq(s.eventJobs.id, job.id));
      expect(row.geofence).toBe(false);
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/v2/event-jobs/${job.id}`,
        headers: sessions.dispecer.headers,
        payload: { geofence: 'ne' },
      });
      expect(bad.statusCode).toBe(422);
      await t.db.delete(s.eventJobs).where(eq(s.eventJobs.id, job.id));
    });

    it("403 for MNG, 404 for a unit on another base's event", async () => {
      expect((await get('mng', `/v2/events/${eventId['PHA-2025-0412']}/vehicle-eta`)).statusCode).toBe(403);
      expect((await get('jednotka', `/v2/events/${eventId['BRN-2025-0198']}/vehicle-eta`)).statusCode).toBe(404);
    });
  });
});
