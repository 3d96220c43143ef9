/**
 * Issue 12, item 5 through the real app: closing (state 5) or removing (state 6) an event ends its active
 * deployments in the same command — status 20 and endedAt, one `eventJob.end` journal row per job, the jobs and
 * the vehicles in the change log — so the vehicles are free again and deploy elsewhere without `move`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { AppBundle, EventJob, Resource } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

describe('closing or removing an event ends its deployments (issue 12)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let resourceId: Record<string, number>;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka']) sessions[u] = await login(t.app, u);
    resourceId = Object.fromEntries((await t.db.select().from(s.resources)).map((r) => [r.name, r.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const h = (user: string) => sessions[user].headers;
  const uuid = () => `c105e000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  const createEvent = async (user: string, extra: Record<string, unknown> = {}): Promise<number> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: h(user),
      payload: { uuid: uuid(), description: `zásah ${seq}`, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const deploy = async (user: string, eventId: number, vehicle: string, extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/event-jobs',
      headers: h(user),
      payload: { uuid: uuid(), eventId, resourceId: resourceId[vehicle], ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as EventJob;
  };
  const putEvent = (user: string, id: number, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/v2/events/${id}`, headers: h(user), payload: body });
  const bundle = async (user: string, uid: string | null = null): Promise<AppBundle> => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: h(user), payload: { uid } });
    expect(res.statusCode).toBe(200);
    return res.json() as AppBundle;
  };
  const resourcesOf = async (user: string): Promise<Resource[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/resources', headers: h(user) });
    expect(res.statusCode).toBe(200);
    return res.json() as Resource[];
  };
  const jobRows = async (ids: number[]) =>
    t.db.select().from(s.eventJobs).where(inArray(s.eventJobs.id, ids)).orderBy(s.eventJobs.id);
  const endRows = async (eventId: number) =>
    (await t.db.select().from(s.journal).where(eq(s.journal.eventId, eventId)).orderBy(s.journal.id)).filter(
      (j) => j.type === 'eventJob.end',
    );

  /**
   * The unit (base PHA) deploys its own vehicle and a free one of base BRN, then closes or removes its event:
   * both jobs end although the unit could not end the BRN vehicle's job by hand (the event's rule covers it).
   */
  async function endsWith(eventStateId: 5 | 6, vehicles: [string, string]) {
    const eventId = await createEvent('jednotka');
    const jobs = [await deploy('jednotka', eventId, vehicles[0]), await deploy('jednotka', eventId, vehicles[1])];
    const ids = jobs.map((j) => j.id);
    const before = await bundle('dispecer');
    const pushes = t.hub.invalidations.length;

    const res = await putEvent('jednotka', eventId, { eventStatusId: 11, eventStateId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventStateId, eventStatusId: 11 });

    for (const row of await jobRows(ids)) {
      expect(row.eventJobStatusId).toBe(20);
      expect(row.endedAt).toBeInstanceOf(Date);
    }
    const kind = eventStateId === 5 ? 'event.close' : 'event.remove';
    const ends = await endRows(eventId);
    expect(ends.map((j) => (j.data as { id: number }).id).sort()).toEqual([...ids].sort());
    for (const j of ends) {
      expect(j).toMatchObject({ tableName: 'event_jobs', userId: sessions.jednotka.user.id });
      expect(j.data).toMatchObject({ eventJobStatusId: { new: 20 }, endedBy: kind });
    }
    // one command: the close and the job ends are one push
    expect(t.hub.invalidations.length).toBe(pushes + 1);

    // the vehicles are free: no current event or job
    const list = await resourcesOf('dispecer');
    for (const v of vehicles) {
      expect(list.find((r) => r.id === resourceId[v])).toMatchObject({ event: null, eventJob: null });
    }
    // a delta carries the ended jobs and the freed vehicles
    const delta = await bundle('dispecer', before.uid);
    expect(delta.resetData).toBe(false);
    const changed = new Map(delta.eventJobs.map((j) => [j.id, j]));
    for (const id of ids) expect(changed.get(id)?.eventJobStatusId).toBe(20);
    for (const v of vehicles) {
      expect(delta.resources.find((r) => r.id === resourceId[v])).toMatchObject({ event: null, eventJob: null });
    }
    return { eventId, ids };
  }

  it('close (state 5): both jobs end (status 20, journaled), the vehicles are free, a delta carries them', async () => {
    await endsWith(5, ['CAS 20 Scania P 360 PHA', 'CAS 20 Scania P 360 BRN']);
  });

  it('remove (state 6): the same', async () => {
    await endsWith(6, ['VYA Mercedes Unimog PHA', 'DA Ford Transit PHA']);
  });

  it('a closed event’s vehicle deploys to another event without move; the new job says it moved from nowhere', async () => {
    await endsWith(5, ['CAS 20 Scania P 360 PHA', 'CAS 20 Scania P 360 BRN']);
    const other = await createEvent('jednotka');
    const job = await deploy('jednotka', other, 'CAS 20 Scania P 360 BRN');
    expect(job).toMatchObject({ eventId: other, eventJobStatusId: 14 });
    const [create] = (await t.db.select().from(s.journal).where(eq(s.journal.eventId, other))).filter(
      (j) => j.type === 'eventJob.create',
    );
    expect(create.data).toMatchObject({ id: job.id, movedFrom: null });
  });

  it('a job ended by hand before the close is not ended or journaled again', async () => {
    const eventId = await createEvent('jednotka');
    const done = await deploy('jednotka', eventId, 'VYA Mercedes Unimog PHA');
    const open = await deploy('jednotka', eventId, 'DA Ford Transit PHA');
    const end = await t.app.inject({
      method: 'PUT',
      url: `/v2/event-jobs/${done.id}`,
      headers: h('jednotka'),
      payload: { eventJobStatusId: 20 },
    });
    expect(end.statusCode, end.body).toBe(200);
    const [endedAt] = (await jobRows([done.id])).map((r) => r.endedAt);

    expect((await putEvent('jednotka', eventId, { eventStatusId: 11, eventStateId: 5 })).statusCode).toBe(200);
    const ends = await endRows(eventId);
    expect(ends.map((j) => (j.data as { id: number }).id)).toEqual([done.id, open.id]);
    expect((await jobRows([done.id]))[0].endedAt).toEqual(endedAt);
    expect((await jobRows([open.id]))[0].eventJobStatusId).toBe(20);
  });

  it('a job left open on a closed event (data from before): the overview says eventActive false; a deploy elsewhere without move ends it', async () => {
    const [closed] = await t.db.select().from(s.events).where(eq(s.events.code, 'PLZ-2025-0233'));
    expect(closed.eventStateId).toBe(5);
    const vehicle = 'Inspektor Škoda Kodiaq PHA';
    const [legacy] = await t.db
      .insert(s.eventJobs)
      .values({ uuid: uuid(), eventId: closed.id, eventJobStatusId: 18, resourceId: resourceId[vehicle] })
      .returning();
    const row = (await resourcesOf('dispecer')).find((r) => r.id === resourceId[vehicle]) as Resource & {
      job: { id: number; eventActive: boolean } | null;
    };
    expect(row.job).toMatchObject({ id: legacy.id, eventActive: false });

    const other = await createEvent('jednotka');
    const job = await deploy('jednotka', other, vehicle);
    expect(job.eventId).toBe(other);
    expect((await jobRows([legacy.id]))[0]).toMatchObject({ eventJobStatusId: 20, endedAt: expect.any(Date) });
    expect((await endRows(closed.id)).at(-1)!.data).toMatchObject({ id: legacy.id, endedBy: 'event.inactive' });
    const now = (await resourcesOf('dispecer')).find((r) => r.id === resourceId[vehicle])!;
    expect(now).toMatchObject({ event: other, eventJob: job.id });
  });

  it('a close refused (403) ends nothing', async () => {
    // shared with the unit's base PHA: it sees the event but may not close another base's event
    const [pha] = await t.db.select().from(s.bases).where(eq(s.bases.code, 'PHA'));
    const eventId = await createEvent('dispecer', { eventToBase: [pha.id] });
    const job = await deploy('dispecer', eventId, 'VYA Mercedes Unimog PHA');
    const res = await putEvent('jednotka', eventId, { eventStatusId: 11, eventStateId: 5 });
    expect(res.statusCode).toBe(403);
    expect((await jobRows([job.id]))[0]).toMatchObject({ eventJobStatusId: 14, endedAt: null });
    expect(await endRows(eventId)).toEqual([]);
  });
});
