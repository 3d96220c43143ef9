/**
 * Issue 12 item 13 through the real app: 'send route to the vehicle' (POST /v2/event-jobs/{id}/route: the route
 * from the user's home unit to the event's destination or target written to the vehicle's pnt; 422 with the
 * spec's warning when the home unit has no coordinates) and 'show waypoints' (PUT showWaypointsTimeout: the
 * wire carries the seconds left, 0 once the time is over).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppBundle, EventJob, SentRoute } from '@panel/domain/sync';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';
import { waypointSecondsLeft } from './presenter.js';

describe('send route and show waypoints (issue 12 item 13)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let job: typeof s.eventJobs.$inferSelect;
  let event: typeof s.events.$inferSelect;
  let pha: typeof s.bases.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['jednotka', 'mng']) sessions[u] = await login(t.app, u);
    [pha] = await t.db.select().from(s.bases).where(eq(s.bases.code, 'PHA'));
    [event] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    [job] = await t.db
      .select()
      .from(s.eventJobs)
      .where(and(eq(s.eventJobs.eventId, event.id), isNull(s.eventJobs.endedAt)));
  });
  afterAll(async () => {
    await t?.close();
  });

  const h = (user: string) => sessions[user].headers;
  const send = (user: string, id = job.id) =>
    t.app.inject({ method: 'POST', url: `/v2/event-jobs/${id}/route`, headers: h(user) });
  const bundle = async (user: string, uid: string | null = null): Promise<AppBundle> => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: h(user), payload: { uid } });
    return res.json() as AppBundle;
  };

  it('writes the route from the home unit to the destination (else the target) to the vehicle', async () => {
    expect(pha.longitude).not.toBeNull();
    const before = await bundle('jednotka');
    // a destination set on the event wins over its target
    await t.db
      .update(s.events)
      .set({ destinationLongitude: 14.5, destinationLatitude: 50.05 })
      .where(eq(s.events.id, event.id));
    const res = await send('jednotka');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as SentRoute;
    expect(answer.jobId).toBe(job.id);
    expect(answer.route.coordinates[0]).toEqual([pha.longitude, pha.latitude]);
    expect(answer.route.coordinates.at(-1)).toEqual([14.5, 50.05]);
    expect(answer.distanceText).toMatch(/ km$/);
    expect(answer.resource.id).toBe(job.resourceId);
    expect(answer.resource.pnt).toMatchObject({ destinationLongitude: 14.5, destinationLatitude: 50.05 });
    expect(JSON.parse(answer.resource.pnt!.waypoints!)).toEqual(answer.route.coordinates);

    const [vehicle] = await t.db.select().from(s.resources).where(eq(s.resources.id, job.resourceId!));
    expect(vehicle.destinationLongitude).toBe(14.5);
    expect(JSON.parse(vehicle.waypoints!)).toEqual(answer.route.coordinates);
    expect(vehicle.eta!.getTime()).toBeGreaterThan(Date.now());
    // journalled on the event and carried by the next delta
    const journal = await t.db.select().from(s.journal).where(eq(s.journal.eventId, event.id));
    expect(journal.some((j) => j.type === 'eventJob.route')).toBe(true);
    const delta = await bundle('jednotka', before.uid);
    expect(delta.resources.map((r) => r.id)).toContain(job.resourceId);
  });

  it("422 with the spec's warning when the home unit has no coordinates; nothing is written", async () => {
    await t.db.update(s.bases).set({ longitude: null, latitude: null }).where(eq(s.bases.id, pha.id));
    await t.db.update(s.resources).set({ waypoints: null }).where(eq(s.resources.id, job.resourceId!));
    try {
      const res = await send('jednotka');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'baseId', message: 'Vaše domovská jednotka nemá zadané souřadnice.' }]);
      const [vehicle] = await t.db.select().from(s.resources).where(eq(s.resources.id, job.resourceId!));
      expect(vehicle.waypoints).toBeNull();
    } finally {
      await t.db
        .update(s.bases)
        .set({ longitude: pha.longitude, latitude: pha.latitude })
        .where(eq(s.bases.id, pha.id));
    }
  });

  it('403 without the deployment right (MNG), 404 for an unknown job', async () => {
    expect((await send('mng')).statusCode).toBe(403);
    expect((await send('jednotka', 999_999)).statusCode).toBe(404);
  });

  it('show waypoints: the wire carries the seconds left, and 0 once they are over', async () => {
    const fresh = (await bundle('jednotka')).eventJobs.find((j) => j.id === job.id)!;
    expect(fresh.showWaypointsTimeout).toBe(0); // the seed shows none
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/event-jobs/${job.id}`,
      headers: h('jednotka'),
      payload: { showWaypointsTimeout: 60 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json() as EventJob;
    expect(shown.showWaypointsTimeout).toBeGreaterThanOrEqual(59);
    expect(shown.showWaypointsTimeout).toBeLessThanOrEqual(60);
    // a panel that loads later gets what is left
    await t.db
      .update(s.eventJobs)
      .set({ showWaypointsUntil: new Date(Date.now() + 20_000) })
      .where(eq(s.eventJobs.id, job.id));
    const later = (await bundle('jednotka')).eventJobs.find((j) => j.id === job.id)!;
    expect(later.showWaypointsTimeout).toBeGreaterThanOrEqual(19);
    expect(later.showWaypointsTimeout).toBeLessThanOrEqual(20);
    // over: 0
    await t.db
      .update(s.eventJobs)
      .set({ showWaypointsUntil: new Date(Date.now() - 1000) })
      .where(eq(s.eventJobs.id, job.id));
    expect((await bundle('jednotka')).eventJobs.find((j) => j.id === job.id)!.showWaypointsTimeout).toBe(0);
  });

  it('waypointSecondsLeft rounds up and never goes below 0', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(waypointSecondsLeft(null, now)).toBe(0);
    expect(waypointSecondsLeft(new Date('2026-01-01T10:00:30.200Z'), now)).toBe(31);
    expect(waypointSecondsLeft(new Date('2026-01-01T09:59:00Z'), now)).toBe(0);
  });
});
