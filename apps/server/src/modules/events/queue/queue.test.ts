/**
 * The Spojař queue through the real app: a dispatcher sends an event (tag ISPO_QUEUE, a pending row), the
 * external system (account with queue.view/queue.take, here admin) reads and takes it (tag ISPO).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppBundle, Event } from '@panel/domain/sync';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession, pullFullBundle } from '../../../test/factory.js';

/** A saved event: its id is known. */
type Saved = Omit<Event, 'id'> & { id: number };

describe('Spojař queue', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  const tagId: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'dispecer', 'jednotka', 'mng', 'ostrava']) sessions[u] = await login(t.app, u);
    for (const tag of await t.db.select().from(s.tags)) tagId[tag.code] = tag.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, user?: string) =>
    t.app.inject({ method, url, headers: user ? sessions[user].headers : {} });
  const byCode = async (code: string) => (await t.db.select().from(s.events).where(eq(s.events.code, code)))[0];

  let event: Saved;
  let itemId: number;

  it('sends an own event: tag ISPO_QUEUE and a pending row; a second send answers 409 with the event', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: sessions.jednotka.headers,
      payload: { uuid: '9e0e0000-0000-4000-8000-000000000001', description: 'do fronty' },
    });
    event = created.json();
    const { uid } = (await pullFullBundle(t.app, sessions.jednotka.headers)).json() as AppBundle;
    const pushes = t.hub.invalidations.length;
    const res = await call('POST', `/v2/events/${event.id}/queue`, 'jednotka');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().eventToTags).toContain(tagId.ISPO_QUEUE);
    expect(res.json().version).toBe(event.version + 1);
    const rows = await t.db.select().from(s.eventQueue).where(eq(s.eventQueue.eventId, event.id));
    expect(rows).toMatchObject([{ state: 'pending', createdBy: sessions.jednotka.user.id, takenAt: null }]);
    itemId = rows[0].id;
    expect(t.hub.invalidations.length).toBe(pushes + 1);
    const delta = (
      await t.app.inject({ method: 'POST', url: '/v2/app', headers: sessions.jednotka.headers, payload: { uid } })
    ).json() as AppBundle;
    expect(delta.events.find((e) => e.id === event.id)?.eventToTags).toContain(tagId.ISPO_QUEUE);

    const again = await call('POST', `/v2/events/${event.id}/queue`, 'jednotka');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: expect.any(String), current: { id: event.id } });
  });

  it('409 with ISPO or ISPO_QUEUE already there; 403 without update rights; 404 unknown; 401', async () => {
    const kopis = await byCode('KOPIS-T-2025-7781'); // ISPO_QUEUE
    expect((await call('POST', `/v2/events/${kopis.id}/queue`, 'ostrava')).statusCode).toBe(409);
    const dzin = await byCode('DZIN-118840'); // ISPO
    expect((await call('POST', `/v2/events/${dzin.id}/queue`, 'dispecer')).statusCode).toBe(409);
    const fire = await byCode('PHA-2025-0412');
    expect((await call('POST', `/v2/events/${fire.id}/queue`, 'mng')).statusCode).toBe(403);
    expect((await call('POST', `/v2/events/${fire.id}/queue`, 'ostrava')).statusCode).toBe(404);
    const call7 = await byCode('CALL-2025-55120'); // DZIN-CALL: no queue action
    expect((await call('POST', `/v2/events/${call7.id}/queue`, 'dispecer')).statusCode).toBe(403);
    expect((await call('POST', `/v2/events/999999/queue`, 'dispecer')).statusCode).toBe(404);
    expect((await call('GET', '/v2/queue')).statusCode).toBe(401);
  });

  it('GET /v2/queue lists pending items with their events (queue.view); others 403', async () => {
    const res = await call('GET', '/v2/queue', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: itemId,
        eventId: event.id,
        state: 'pending',
        event: expect.objectContaining({ id: event.id }),
      }),
    ]);
    expect(res.headers['x-pagination-total-count']).toBe('1');
    expect((await call('GET', '/v2/queue', 'dispecer')).statusCode).toBe(403);
    expect((await call('GET', '/v2/queue', 'jednotka')).statusCode).toBe(403);
  });

  it('take: the item is taken, ISPO_QUEUE becomes ISPO; again 409; unknown 404; others 403', async () => {
    expect((await call('POST', `/v2/queue/${itemId}/take`, 'jednotka')).statusCode).toBe(403);
    const res = await call('POST', `/v2/queue/${itemId}/take`, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: itemId,
      state: 'taken',
      takenAt: expect.any(String),
      takenBy: sessions.admin.user.id,
    });
    expect(res.json().event.eventToTags).toContain(tagId.ISPO);
    expect(res.json().event.eventToTags).not.toContain(tagId.ISPO_QUEUE);
    expect((await call('POST', `/v2/queue/${itemId}/take`, 'admin')).statusCode).toBe(409);
    expect((await call('POST', '/v2/queue/999999/take', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/v2/queue', 'admin')).json()).toEqual([]);
    const journal = await t.db.select().from(s.journal).where(eq(s.journal.eventId, event.id)).orderBy(s.journal.id);
    expect(journal.map((j) => j.type)).toEqual(['event.create', 'event.queue', 'event.queueTaken']);
    // ISPO now locks the description for the own unit, and the event cannot be removed
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v2/events/${event.id}`,
      headers: sessions.jednotka.headers,
      payload: { description: 'změna' },
    });
    expect(put.statusCode).toBe(403);
  });
});
