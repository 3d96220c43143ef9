/**
 * Issue 24 item 12: units see only what they may. Another base's vehicle deployed on an event the unit does not
 * see keeps its position (mutual aid) but comes without the event's and the job's ids and without the target
 * (destination, route, waypoints, ETA) — in GET /v2/resources, in the full bundle and in a delta. Its own base and
 * the central base (which sees every event) still get all of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppBundle, Resource } from '@panel/domain/sync';
import type { ResourceOverview } from '@panel/domain/vehicles';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, pullFullBundle, type TestApp, type TestSession } from '../../../test/factory.js';

const BRNO = 4;
const TARGET = { destinationLatitude: 49.1951, destinationLongitude: 16.6068 };

describe('other bases’ deployed vehicles (issue 24 item 12)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let vehicleId: number;
  let jobId: number;
  let eventId: number;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['jednotka', 'brno', 'dispecer']) sessions[u] = await login(t.app, u);
    const [event] = await t.db.select().from(s.events).where(eq(s.events.baseId, BRNO)).limit(1);
    const jobs = await t.db
      .select({ job: s.eventJobs, resource: s.resources })
      .from(s.eventJobs)
      .innerJoin(s.resources, eq(s.resources.id, s.eventJobs.resourceId))
      .where(and(eq(s.eventJobs.eventId, event.id), isNull(s.eventJobs.endedAt), eq(s.resources.baseId, BRNO)));
    expect(jobs.length, 'the demo deploys a Brno vehicle on the Brno event').toBeGreaterThan(0);
    ({ id: jobId } = jobs[0].job);
    vehicleId = jobs[0].resource.id;
    eventId = event.id;
    // a route was sent: the target is on the vehicle (sendRoute.ts writes these)
    await t.db
      .update(s.resources)
      .set({
        ...TARGET,
        waypoints: '[[16.6,49.19]]',
        eta: new Date(Date.now() + 600_000),
        latitude: 49.2,
        longitude: 16.6,
      })
      .where(eq(s.resources.id, vehicleId));
  }, 120_000);
  afterAll(async () => t?.close());

  const overview = async (user: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/resources', headers: sessions[user].headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ResourceOverview[]).find((r) => r.id === vehicleId)!;
  };
  const bundle = async (user: string, uid: string | null = null) => {
    const res = uid
      ? await t.app.inject({ method: 'POST', url: '/v2/app', headers: sessions[user].headers, payload: { uid } })
      : await pullFullBundle(t.app, sessions[user].headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AppBundle;
  };
  const vehicleIn = (b: AppBundle) => b.resources.find((r: Resource) => r.id === vehicleId);

  function expectHidden(r: Resource | undefined) {
    expect(r).toBeDefined();
    expect(r).toMatchObject({ event: null, eventJob: null, hiddenJob: true });
    expect(r!.pnt).toMatchObject({ latitude: 49.2, longitude: 16.6 });
    expect(r!.pnt).toMatchObject({ destinationLatitude: null, destinationLongitude: null, waypoints: null, eta: null });
    expect(r!.pnt!.route).toBeNull();
    expect(JSON.stringify(r)).not.toContain(String(TARGET.destinationLatitude));
  }

  it('GET /v2/resources: the unit gets the position, not the job, the event id or the target', async () => {
    const row = await overview('jednotka');
    expectHidden(row);
    expect(row.job).toBeNull();
    const own = await overview('brno');
    expect(own).toMatchObject({ event: eventId, eventJob: jobId, hiddenJob: false });
    expect(own.pnt).toMatchObject(TARGET);
    expect(own.job).toMatchObject({ id: jobId, eventId });
    expect((await overview('dispecer')).pnt).toMatchObject(TARGET);
  });

  it('the full bundle: the same for the unit; the owning and the central base get all of it', async () => {
    expectHidden(vehicleIn(await bundle('jednotka')));
    expect(vehicleIn(await bundle('brno'))).toMatchObject({ event: eventId, eventJob: jobId, pnt: TARGET });
    expect(vehicleIn(await bundle('dispecer'))).toMatchObject({ event: eventId, eventJob: jobId, pnt: TARGET });
  });

  it('a delta that re-sends the vehicle hides the same for the unit', async () => {
    const [unitUid, ownUid] = [(await bundle('jednotka')).uid, (await bundle('brno')).uid];
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v2/event-jobs/${jobId}`,
      headers: sessions.brno.headers,
      payload: { eventJobStatusId: 16 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const unitDelta = await bundle('jednotka', unitUid);
    expect(unitDelta.resetData).toBe(false);
    expectHidden(vehicleIn(unitDelta));
    expect(vehicleIn(await bundle('brno', ownUid))).toMatchObject({ event: eventId, eventJob: jobId, pnt: TARGET });
  });

  it('sharing the event with the unit later re-sends the vehicle with its job; unsharing hides it again', async () => {
    const share = async (units: number[]) => {
      const [row] = await t.db.select().from(s.events).where(eq(s.events.id, eventId));
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v2/events/${eventId}`,
        headers: sessions.dispecer.headers,
        payload: { eventToBase: units, version: row.version },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const unitBase = sessions.jednotka.user.baseId!;
    const before = (await bundle('jednotka')).uid;
    await share([unitBase]);
    // the vehicle's own row did not change: only the sharing makes the delta carry it, now with its job
    const shared = await bundle('jednotka', before);
    expect(shared.resetData).toBe(false);
    expect(vehicleIn(shared)).toMatchObject({ event: eventId, eventJob: jobId, hiddenJob: false, pnt: TARGET });
    await share([]);
    const unshared = await bundle('jednotka', shared.uid);
    expect(unshared.resetData).toBe(false);
    expectHidden(vehicleIn(unshared));
  });
});
