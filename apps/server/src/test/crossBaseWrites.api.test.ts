/**
 * Issue 24 item 11: each role writes only what 000 §6 gives it. Role udrp ("manages Message") got create EventJob
 * from the default event role 50 and changed another base's deployments and map notes; now a write on another
 * base's job needs view EventResources and on another base's note view Event (`canWriteRowsOf`). The calls of the
 * issue answer 403 and change nothing; udrp keeps role 50's writes on its own base's events; a unit keeps
 * answering 404 for another base's rows it cannot see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { authTexts } from '@panel/domain/auth';
import * as s from '../db/schema/index.js';
import { createTestApp, login, nthUuid, postEvent, type TestApp, type TestSession } from './factory.js';

const BRNO = 4;
const uuid = (n: number) => nthUuid('c205ba5e', n);

describe('cross-base writes of jobs and map notes (issue 24 item 11)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let brnoEventId: number;
  let brnoJob: typeof s.eventJobs.$inferSelect;
  let brnoNoteId: number;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['udrp', 'dispecer', 'jednotka', 'brno']) sessions[u] = await login(t.app, u);
    const [event] = await t.db.select().from(s.events).where(eq(s.events.baseId, BRNO)).limit(1);
    brnoEventId = event.id;
    [brnoJob] = await t.db
      .select()
      .from(s.eventJobs)
      .where(and(eq(s.eventJobs.eventId, event.id), isNull(s.eventJobs.endedAt)))
      .limit(1);
    const [note] = await t.db
      .insert(s.eventObjects)
      .values({ uuid: uuid(1), eventId: event.id, sequence: 1, longitude: 16.6, latitude: 49.2, content: 'Brno' })
      .returning();
    brnoNoteId = note.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const call = (user: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: sessions[user].headers, ...(payload ? { payload } : {}) });
  const jobRow = async (id: number) => (await t.db.select().from(s.eventJobs).where(eq(s.eventJobs.id, id)))[0];
  const noteRow = async (id: number) => (await t.db.select().from(s.eventObjects).where(eq(s.eventObjects.id, id)))[0];

  it('udrp: PUT and DELETE of another base’s job answer 403 and change nothing', async () => {
    expect(brnoJob, 'the demo has an active job on the Brno event').toBeDefined();
    const put = await call('udrp', 'PUT', `/v2/event-jobs/${brnoJob.id}`, { eventJobStatusId: 17 });
    expect(put.statusCode, put.body).toBe(403);
    expect(put.json()).toEqual({ message: authTexts.otherBaseRefused });
    const del = await call('udrp', 'DELETE', `/v2/event-jobs/${brnoJob.id}`);
    expect(del.statusCode, del.body).toBe(403);
    const route = await call('udrp', 'POST', `/v2/event-jobs/${brnoJob.id}/route`);
    expect(route.statusCode, route.body).toBe(403);
    const after = await jobRow(brnoJob.id);
    expect(after.eventJobStatusId).toBe(brnoJob.eventJobStatusId);
    expect(after.updatedAt).toEqual(brnoJob.updatedAt);
  });

  it('udrp: deploying on another base’s event answers 403 and adds no job', async () => {
    const [free] = await t.db.select().from(s.resources).where(eq(s.resources.baseId, BRNO));
    const before = (await t.db.select().from(s.eventJobs)).length;
    const res = await call('udrp', 'POST', '/v2/event-jobs', {
      uuid: uuid(2),
      eventId: brnoEventId,
      resourceId: free.id,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect((await t.db.select().from(s.eventJobs)).length).toBe(before);
  });

  it('udrp: PUT and DELETE of another base’s map note answer 403 and change nothing', async () => {
    const put = await call('udrp', 'PUT', `/v2/event-objects/${brnoNoteId}`, { content: 'přepsáno' });
    expect(put.statusCode, put.body).toBe(403);
    const del = await call('udrp', 'DELETE', `/v2/event-objects/${brnoNoteId}`);
    expect(del.statusCode, del.body).toBe(403);
    const create = await call('udrp', 'POST', '/v2/event-objects', {
      uuid: uuid(3),
      eventId: brnoEventId,
      longitude: 16.6,
      latitude: 49.2,
      content: 'cizí',
    });
    expect(create.statusCode, create.body).toBe(403);
    expect((await noteRow(brnoNoteId)).content).toBe('Brno');
    expect(
      await t.db
        .select()
        .from(s.eventObjects)
        .where(eq(s.eventObjects.uuid, uuid(3))),
    ).toEqual([]);
  });

  it('a unit: another base’s job and note stay 404 (it does not see them); the owning unit may write', async () => {
    expect((await call('jednotka', 'PUT', `/v2/event-jobs/${brnoJob.id}`, { eventJobStatusId: 17 })).statusCode).toBe(
      404,
    );
    expect((await call('jednotka', 'DELETE', `/v2/event-objects/${brnoNoteId}`)).statusCode).toBe(404);
    const own = await call('brno', 'PUT', `/v2/event-objects/${brnoNoteId}`, { content: 'Brno upraveno' });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('udrp keeps event role 50 on its own base: deploys and changes a job on a central event', async () => {
    const event = await postEvent<{ id: number }>(t, sessions.dispecer, { uuid: uuid(4), description: 'ústředí' });
    const [central] = await t.db.select().from(s.events).where(eq(s.events.id, event.id));
    expect(central.baseId).toBe(sessions.udrp.user.baseId);
    const busy = new Set(
      (await t.db.select().from(s.eventJobs).where(isNull(s.eventJobs.endedAt))).map((j) => j.resourceId),
    );
    const [free] = (await t.db.select().from(s.resources).where(eq(s.resources.active, 1))).filter(
      (r) => !busy.has(r.id),
    );
    const job = await call('udrp', 'POST', '/v2/event-jobs', { uuid: uuid(5), eventId: event.id, resourceId: free.id });
    expect(job.statusCode, job.body).toBe(201);
    const jobId = (job.json() as { id: number }).id;
    const put = await call('udrp', 'PUT', `/v2/event-jobs/${jobId}`, { eventJobStatusId: 17 });
    expect(put.statusCode, put.body).toBe(200);
  });
});
