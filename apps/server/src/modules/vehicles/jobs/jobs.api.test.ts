/**
 * Deployment calls of issue 5 through the real app (docs/API.md "Vehicles and deployment (issue 5) — contract"):
 * POST/PUT/DELETE /v2/event-jobs with the permission rules of 000 §6 (create EventJob; end, move and remove need
 * the vehicle's base or the central base), the move of a vehicle busy elsewhere in one transaction, status 20
 * leaving the lists, the journal, the change log (a delta of POST /v2/app) and the recorded push.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppBundle, EventJob, Resource } from '@panel/domain/sync';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';

describe('event jobs (issue 5)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let eventId: Record<string, number>;
  let eventUuid: Record<string, string>;
  let resourceId: Record<string, number>;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'mng', 'brno', 'udrp']) sessions[u] = await login(t.app, u);
    const evs = await t.db.select().from(s.events);
    eventId = Object.fromEntries(evs.map((e) => [e.code!, e.id]));
    eventUuid = Object.fromEntries(evs.map((e) => [e.code!, e.uuid]));
    resourceId = Object.fromEntries((await t.db.select().from(s.resources)).map((r) => [r.name, r.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const PHA = 'PHA-2025-0412';
  const BRN = 'BRN-2025-0198';
  const h = (user: string) => sessions[user].headers;
  const uuid = () => `5e550000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  const create = (user: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v2/event-jobs', headers: h(user), payload: { uuid: uuid(), ...body } });
  const put = (user: string, id: number, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/v2/event-jobs/${id}`, headers: h(user), payload: body });
  const del = (user: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/v2/event-jobs/${id}`, headers: h(user) });
  const bundle = async (user: string, uid: string | null = null): Promise<AppBundle> => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: h(user), payload: { uid } });
    expect(res.statusCode).toBe(200);
    return res.json() as AppBundle;
  };
  const activeJob = async (resource: string) => {
    const [row] = await t.db
      .select()
      .from(s.eventJobs)
      .where(and(eq(s.eventJobs.resourceId, resourceId[resource]), isNull(s.eventJobs.endedAt)));
    return row;
  };
  const jobCount = async () => (await t.db.select({ id: s.eventJobs.id }).from(s.eventJobs)).length;
  const journalOf = async (event: string, type: string) =>
    (await t.db.select().from(s.journal).where(eq(s.journal.eventId, eventId[event]))).filter((j) => j.type === type);

  describe('POST /v2/event-jobs', () => {
    it('401 without a session, 403 without create EventJob (group MNG)', async () => {
      const anon = await t.app.inject({ method: 'POST', url: '/v2/event-jobs', payload: {} });
      expect(anon.statusCode).toBe(401);
      const before = await jobCount();
      const res = await create('mng', { eventId: eventId[PHA], resourceId: resourceId['CAS 20 Scania P 360 PHA'] });
      expect(res.statusCode).toBe(403);
      expect(await jobCount()).toBe(before);
    });

    it('404 for an unknown event and for an event the unit does not see', async () => {
      const free = resourceId['CAS 20 Scania P 360 PHA'];
      expect((await create('jednotka', { eventId: 999_999, resourceId: free })).statusCode).toBe(404);
      expect((await create('jednotka', { eventUuid: 'nope', resourceId: free })).statusCode).toBe(404);
      expect((await create('jednotka', { eventId: eventId[BRN], resourceId: free })).statusCode).toBe(404);
    });

    it('422 with Czech field errors: no event, unknown vehicle, status 20, bad time, inactive event', async () => {
      const free = resourceId['CAS 20 Scania P 360 PHA'];
      const noEvent = await create('jednotka', { resourceId: free });
      expect(noEvent.statusCode).toBe(422);
      expect(noEvent.json()).toEqual(expect.arrayContaining([{ field: 'eventId', message: 'Chybí událost.' }]));

      const unknown = await create('jednotka', { eventId: eventId[PHA], resourceId: 999_999 });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual([{ field: 'resourceId', message: 'Neznámá technika.' }]);

      const ended = await create('jednotka', { eventId: eventId[PHA], resourceId: free, eventJobStatusId: 20 });
      expect(ended.statusCode).toBe(422);
      expect(ended.json()).toEqual([{ field: 'eventJobStatusId', message: 'Neplatný stav výjezdu.' }]);

      const badTime = await create('jednotka', { eventId: eventId[PHA], resourceId: free, arriveAt: 'zítra' });
      expect(badTime.statusCode).toBe(422);
      expect(badTime.json()[0].field).toBe('arriveAt');

      const closed = await create('dispecer', { eventId: eventId['PLZ-2025-0233'], resourceId: free });
      expect(closed.statusCode).toBe(422);
      expect(closed.json()).toEqual([{ field: 'eventId', message: 'Událost není aktivní.' }]);
      expect(await activeJob('CAS 20 Scania P 360 PHA')).toBeUndefined();
    });

    it('without a uuid the server makes one (issue 16): each such call is a new deployment, no retry', async () => {
      const body = { eventId: eventId[PHA], resourceId: resourceId['CAS 20 Scania P 360 PHA'] };
      const send = () => t.app.inject({ method: 'POST', url: '/v2/event-jobs', headers: h('jednotka'), payload: body });
      const res = await send();
      expect(res.statusCode, res.body).toBe(201);
      const job = res.json() as EventJob;
      expect(job.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const [row] = await t.db.select().from(s.eventJobs).where(eq(s.eventJobs.id, job.id));
      expect(row.uuid).toBe(job.uuid);
      // the same call again is not taken for a retry of the first: the vehicle is already on the event
      const again = await send();
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual([{ field: 'resourceId', message: 'Technika je již nasazena u této události.' }]);
      // the vehicle is free again for the tests below
      expect((await del('jednotka', job.id)).statusCode).toBe(200);
    });

    it('deploys a free vehicle: 201 the bundle EventJob, journal, change log, push; a retry answers 200', async () => {
      const pushes = t.hub.invalidations.length;
      const id = uuid();
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/event-jobs',
        headers: h('jednotka'),
        payload: { uuid: id, eventId: eventId[PHA], resourceId: resourceId['CAS 20 Scania P 360 PHA'], baseId: 99 },
      });
      expect(res.statusCode, res.body).toBe(201);
      const job = res.json() as EventJob;
      expect(job).toEqual({
        id: expect.any(Number),
        uuid: id,
        eventUuid: eventUuid[PHA],
        eventId: eventId[PHA],
        eventJobStatusId: 14,
        baseId: (await t.db.select().from(s.bases).where(eq(s.bases.code, 'PHA')))[0].id,
        resourceId: resourceId['CAS 20 Scania P 360 PHA'],
        vehicle: resourceId['CAS 20 Scania P 360 PHA'],
        arriveAt: null,
        eventJobCategoryId: null,
        showWaypointsTimeout: 0,
        geofence: true,
      });
      const journal = await journalOf(PHA, 'eventJob.create');
      expect(journal.at(-1)).toMatchObject({
        tableName: 'event_jobs',
        userId: sessions.jednotka.user.id,
        data: { id: job.id, resourceId: job.resourceId, resourceName: 'CAS 20 Scania P 360 PHA', movedFrom: null },
      });
      expect(t.hub.invalidations.length).toBe(pushes + 1);
      expect(t.hub.invalidations.at(-1)!.tables).toEqual(expect.arrayContaining(['eventJobs', 'events', 'resources']));

      const again = await t.app.inject({
        method: 'POST',
        url: '/v2/event-jobs',
        headers: h('jednotka'),
        payload: { uuid: id, eventId: eventId[PHA], resourceId: resourceId['CAS 20 Scania P 360 PHA'] },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(job);
      expect(t.hub.invalidations.length).toBe(pushes + 1);
    });

    it('a delta of POST /v2/app carries the job, the vehicle now on the event, and the event with the job', async () => {
      const before = await bundle('jednotka');
      const res = await create('jednotka', {
        eventId: eventId[PHA],
        resourceId: resourceId['VYA Mercedes Unimog PHA'],
      });
      expect(res.statusCode).toBe(201);
      const job = res.json() as EventJob;
      const delta = await bundle('jednotka', before.uid);
      expect(delta.resetData).toBe(false);
      expect(delta.eventJobs.map((j) => j.id)).toEqual([job.id]);
      const vehicle = delta.resources.find((r) => r.id === job.resourceId)!;
      expect(vehicle).toMatchObject({ event: eventId[PHA], eventJob: job.id });
      expect(delta.events.find((e) => e.id === eventId[PHA])!.jobs).toContain(job.id);
    });

    it('422 when the vehicle is already deployed on this event', async () => {
      const res = await create('jednotka', { eventId: eventId[PHA], resourceId: resourceId['CAS 30 Tatra 815-7 PHA'] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'resourceId', message: 'Technika je již nasazena u této události.' }]);
    });

    it('422 when the vehicle works on another event and the body does not say move', async () => {
      const busy = await activeJob('CAS 30 Tatra 815-7 BRN');
      const res = await create('jednotka', { eventId: eventId[PHA], resourceId: resourceId['CAS 30 Tatra 815-7 BRN'] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'resourceId', message: 'Technika zasahuje u jiné události!' }]);
      expect(await activeJob('CAS 30 Tatra 815-7 BRN')).toEqual(busy);
    });

    it('move of another base’s vehicle by a unit: 403, nothing changes', async () => {
      const busy = await activeJob('CAS 30 Tatra 815-7 BRN');
      const count = await jobCount();
      const res = await create('jednotka', {
        eventId: eventId[PHA],
        resourceId: resourceId['CAS 30 Tatra 815-7 BRN'],
        move: true,
      });
      expect(res.statusCode).toBe(403);
      expect(await activeJob('CAS 30 Tatra 815-7 BRN')).toEqual(busy);
      expect(await jobCount()).toBe(count);
    });

    it('move by the central base: the other job ends (status 20, endedAt) in the same command', async () => {
      const old = await activeJob('CAS 30 Tatra 815-7 BRN');
      expect(old.eventId).toBe(eventId[BRN]);
      const before = await bundle('dispecer');
      const pushes = t.hub.invalidations.length;
      const res = await create('dispecer', {
        eventId: eventId[PHA],
        resourceId: resourceId['CAS 30 Tatra 815-7 BRN'],
        eventJobStatusId: 15,
        move: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      const job = res.json() as EventJob;
      expect(job).toMatchObject({ eventId: eventId[PHA], eventJobStatusId: 15 });
      const [ended] = await t.db.select().from(s.eventJobs).where(eq(s.eventJobs.id, old.id));
      expect(ended.eventJobStatusId).toBe(20);
      expect(ended.endedAt).toBeInstanceOf(Date);
      expect((await activeJob('CAS 30 Tatra 815-7 BRN')).id).toBe(job.id);
      expect(t.hub.invalidations.length).toBe(pushes + 1);
      expect((await journalOf(BRN, 'eventJob.end')).at(-1)!.data).toMatchObject({ id: old.id, movedTo: eventId[PHA] });
      expect((await journalOf(PHA, 'eventJob.create')).at(-1)!.data).toMatchObject({ movedFrom: eventId[BRN] });

      const delta = await bundle('dispecer', before.uid);
      const rows = new Map(delta.eventJobs.map((j) => [j.id, j]));
      expect(rows.get(old.id)!.eventJobStatusId).toBe(20);
      expect(rows.get(job.id)!.eventId).toBe(eventId[PHA]);
      expect(delta.resources.find((r) => r.id === job.resourceId)!.event).toBe(eventId[PHA]);
      expect(delta.events.find((e) => e.id === eventId[BRN])!.jobs).not.toContain(old.id);

      // the full bundle leaves the ended job out
      const full = await bundle('dispecer');
      expect(full.eventJobs.some((j) => j.id === old.id)).toBe(false);
    });

    it('the unit may deploy a free vehicle of another base (create EventJob only)', async () => {
      const res = await create('jednotka', {
        eventId: eventId[PHA],
        resourceId: resourceId['CAS 20 Scania P 360 BRN'],
      });
      expect(res.statusCode, res.body).toBe(201);
      // the vehicle's own base hears of it too
      const [brn] = await t.db.select().from(s.bases).where(eq(s.bases.code, 'BRN'));
      expect(t.hub.invalidations.at(-1)!.channels).toContain(`base.${brn.id}`);
    });

    it('deploying in status 18 stamps the arrival time', async () => {
      const res = await create('dispecer', {
        eventId: eventId['DZIN-118840'],
        resourceId: resourceId['DA Ford Transit PHA'],
        eventJobStatusId: 18,
      });
      expect(res.statusCode).toBe(201);
      expect((res.json() as EventJob).arriveAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });
  });

  describe('PUT /v2/event-jobs/{id}', () => {
    it('403 without create EventJob, 404 unknown or invisible, 422 bad status', async () => {
      const job = await activeJob('CAS 30 Tatra 815-7 PHA');
      expect((await put('mng', job.id, { eventJobStatusId: 19 })).statusCode).toBe(403);
      expect((await put('jednotka', 999_999, { eventJobStatusId: 19 })).statusCode).toBe(404);
      const brnJob = await activeJob('Inspektor Škoda Kodiaq BRN');
      expect((await put('jednotka', brnJob.id, { eventJobStatusId: 18 })).statusCode).toBe(404);
      const bad = await put('jednotka', job.id, { eventJobStatusId: 7 });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual([{ field: 'eventJobStatusId', message: 'Neplatný stav výjezdu.' }]);
    });

    it('updates the status and the ETA; journal with the changes; no change writes nothing', async () => {
      const job = await activeJob('TA-L VW Crafter PHA');
      const res = await put('jednotka', job.id, { eventJobStatusId: 19, arriveAt: '2030-01-02 03:04:05' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: job.id, eventJobStatusId: 19, arriveAt: '2030-01-02 03:04:05' });
      const entry = (await journalOf(PHA, 'eventJob.update')).at(-1)!;
      expect(entry.data).toMatchObject({ id: job.id, changes: { eventJobStatusId: { old: 18, new: 19 } } });
      const pushes = t.hub.invalidations.length;
      const same = await put('jednotka', job.id, { eventJobStatusId: 19, arriveAt: '2030-01-02 03:04:05' });
      expect(same.statusCode).toBe(200);
      expect(t.hub.invalidations.length).toBe(pushes);
    });

    it('reaching 18 stamps arriveAt when none is set', async () => {
      const job = await activeJob('CAS 20 Scania P 360 PHA');
      expect(job.arriveAt).toBeNull();
      const res = await put('jednotka', job.id, { eventJobStatusId: 18 });
      expect(res.statusCode).toBe(200);
      expect((res.json() as EventJob).arriveAt).not.toBeNull();
    });

    it('end (status 20): another base’s vehicle 403 for a unit; its own base ends it; again 422', async () => {
      const nym = await activeJob('CAS 30 Tatra 815-7 NYM');
      const refused = await put('jednotka', nym.id, { eventJobStatusId: 20 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Nasazení může ukončit jen jednotka techniky nebo centrální dispečink.');
      expect((await activeJob('CAS 30 Tatra 815-7 NYM')).id).toBe(nym.id);

      const own = await activeJob('CAS 30 Tatra 815-7 PHA');
      const before = await bundle('jednotka');
      const res = await put('jednotka', own.id, { eventJobStatusId: 20 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: own.id, eventJobStatusId: 20 });
      const [row] = await t.db.select().from(s.eventJobs).where(eq(s.eventJobs.id, own.id));
      expect(row.endedAt).toBeInstanceOf(Date);
      expect((await journalOf(PHA, 'eventJob.end')).at(-1)!.data).toMatchObject({ id: own.id });

      const delta = await bundle('jednotka', before.uid);
      expect(delta.eventJobs.find((j) => j.id === own.id)!.eventJobStatusId).toBe(20);
      const vehicle = delta.resources.find((r) => r.id === own.resourceId) as Resource;
      expect(vehicle).toMatchObject({ event: null, eventJob: null });
      expect((await bundle('jednotka')).eventJobs.some((j) => j.id === own.id)).toBe(false);

      const again = await put('jednotka', own.id, { eventJobStatusId: 19 });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual([{ field: 'eventJobStatusId', message: 'Nasazení již bylo ukončeno.' }]);
    });

    it('the central base ends any vehicle’s job', async () => {
      const nym = await activeJob('CAS 30 Tatra 815-7 NYM');
      const res = await put('dispecer', nym.id, { eventJobStatusId: 20 });
      expect(res.statusCode).toBe(200);
      expect(await activeJob('CAS 30 Tatra 815-7 NYM')).toBeUndefined();
    });
  });

  describe('DELETE /v2/event-jobs/{id}', () => {
    it('403 without create EventJob or for another base’s vehicle (unit), 404 unknown', async () => {
      const job = await activeJob('CAS 20 Scania P 360 BRN');
      expect((await del('mng', job.id)).statusCode).toBe(403);
      expect((await del('jednotka', job.id)).statusCode).toBe(403);
      expect((await del('jednotka', 999_999)).statusCode).toBe(404);
      expect((await activeJob('CAS 20 Scania P 360 BRN')).id).toBe(job.id);
    });

    it('removes the row: `removed.eventJobs` in the delta and the vehicle is free again', async () => {
      const job = await activeJob('VYA Mercedes Unimog PHA');
      const before = await bundle('jednotka');
      const res = await del('jednotka', job.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: true });
      expect(await t.db.select().from(s.eventJobs).where(eq(s.eventJobs.id, job.id))).toEqual([]);
      expect((await journalOf(PHA, 'eventJob.remove')).at(-1)!.data).toMatchObject({ id: job.id });
      const delta = await bundle('jednotka', before.uid);
      expect(delta.removed?.eventJobs).toContain(job.id);
      expect(delta.resources.find((r) => r.id === job.resourceId)).toMatchObject({ event: null });
      expect((await del('jednotka', job.id)).statusCode).toBe(404);
    });
  });
});
