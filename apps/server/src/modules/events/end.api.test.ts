/**
 * Ending an event (000 §4 "Ending an event sets eventStatusId 6"; issue 24 item 4) through the real app: who may
 * end (each demo role), which events can be ended (422 with a Czech text otherwise), what the end writes
 * (status 6, `endedAt`, journal `event.end`, still an active event), and the status rules around it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Event } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

type Saved = Omit<Event, 'id'> & { id: number };

const NOT_ENDABLE = 'Ukončit lze jen otevřenou, dosud neukončenou událost kategorie typu událost.';

describe('ending an event (status 6)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let seq = 0;
  const baseId: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'dispecer', 'jednotka', 'mng', 'udrp', 'brno']) sessions[u] = await login(t.app, u);
    for (const b of await t.db.select().from(s.bases)) baseId[b.code] = b.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (id: number, body: object, user: string) =>
    t.app.inject({ method: 'PUT', url: `/v2/events/${id}`, payload: body, headers: sessions[user].headers });
  const create = async (user: string, body: Record<string, unknown> = {}): Promise<Saved> => {
    seq += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: sessions[user].headers,
      payload: {
        uuid: `e0d00000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
        description: `konec ${seq}`,
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Saved;
  };
  const stored = async (id: number) => (await t.db.select().from(s.events).where(eq(s.events.id, id)))[0];
  const journalTypes = async (id: number) =>
    (await t.db.select().from(s.journal).where(eq(s.journal.eventId, id)).orderBy(s.journal.id)).map((j) => j.type);

  it('own base ends its event: status 6, endedAt set, state unchanged (still active), journal event.end', async () => {
    const e = await create('jednotka');
    const res = await put(e.id, { eventStatusId: 6, version: e.version }, 'jednotka');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventStatusId: 6, eventStateId: e.eventStateId, version: e.version + 1 });
    expect(res.json().endedAt).not.toBeNull();
    expect(await journalTypes(e.id)).toEqual(['event.create', 'event.end']);
    // ended is not closed: the event can still be closed, which writes status 11
    const close = await put(e.id, { eventStatusId: 11, eventStateId: 5 }, 'jednotka');
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json()).toMatchObject({ eventStatusId: 11, eventStateId: 5 });
  });

  it.each([
    ['dispecer', 'central base with updateState'],
    ['admin', 'role admin with updateState'],
  ])('%s (%s) ends an event of another base', async (user) => {
    const e = await create('jednotka');
    const res = await put(e.id, { eventStatusId: 6 }, user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().eventStatusId).toBe(6);
  });

  it('a unit of another base (shares the event, no updateState) gets 403 and nothing changes', async () => {
    const e = await create('jednotka', { eventToBase: [baseId.BRN] });
    const res = await put(e.id, { eventStatusId: 6 }, 'brno');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Událost nemůžete ukončit.', field: 'eventStatusId' });
    expect((await stored(e.id)).eventStatusId).toBe(e.eventStatusId);
  });

  it('udrp ends an event of its own (central) base but not one of a unit it sees', async () => {
    const own = await create('dispecer');
    expect((await put(own.id, { eventStatusId: 6 }, 'udrp')).statusCode).toBe(200);
    const unit = await create('jednotka', { eventToBase: [baseId.COIS] });
    const res = await put(unit.id, { eventStatusId: 6 }, 'udrp');
    expect(res.statusCode).toBe(403);
    expect((await stored(unit.id)).eventStatusId).toBe(unit.eventStatusId);
  });

  it('mng (view only) gets 403 and nothing changes', async () => {
    const e = await create('dispecer');
    const res = await put(e.id, { eventStatusId: 6 }, 'mng');
    expect(res.statusCode).toBe(403);
    expect((await stored(e.id)).eventStatusId).toBe(e.eventStatusId);
  });

  it('422 for a call or chat category (only events of type event end)', async () => {
    const call = await create('jednotka', { eventCategoryId: 7, reporterNumber: '602123456' });
    const res = await put(call.id, { eventStatusId: 6 }, 'jednotka');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'eventStatusId', message: NOT_ENDABLE }]);
    expect((await stored(call.id)).eventStatusId).toBe(call.eventStatusId);
  });

  it('422 ending an ended, a closed or a removed event', async () => {
    const ended = await create('jednotka');
    expect((await put(ended.id, { eventStatusId: 6 }, 'jednotka')).statusCode).toBe(200);
    // the same status again is no change (a PUT that changes nothing writes nothing)
    expect((await put(ended.id, { eventStatusId: 6 }, 'jednotka')).statusCode).toBe(200);
    expect(await journalTypes(ended.id)).toEqual(['event.create', 'event.end']);

    const closed = await create('jednotka');
    expect((await put(closed.id, { eventStatusId: 11, eventStateId: 5 }, 'jednotka')).statusCode).toBe(200);
    const res = await put(closed.id, { eventStatusId: 6 }, 'jednotka');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'eventStatusId', message: NOT_ENDABLE }]);
    expect((await stored(closed.id)).eventStatusId).toBe(11);

    const removed = await create('jednotka');
    expect((await put(removed.id, { eventStatusId: 11, eventStateId: 6 }, 'jednotka')).statusCode).toBe(200);
    expect((await put(removed.id, { eventStatusId: 6 }, 'dispecer')).statusCode).toBe(422);
  });

  it('422: status 11 only by closing or removing, an ended event keeps 6, a new event starts neither', async () => {
    const e = await create('jednotka');
    const final = await put(e.id, { eventStatusId: 11 }, 'jednotka');
    expect(final.statusCode).toBe(422);
    expect(final.json()).toEqual([
      { field: 'eventStatusId', message: 'Status Uzavřená nastavuje jen uzavření nebo odebrání události.' },
    ]);
    expect((await put(e.id, { eventStatusId: 6 }, 'jednotka')).statusCode).toBe(200);
    const back = await put(e.id, { eventStatusId: 2 }, 'dispecer');
    expect(back.statusCode).toBe(422);
    expect(back.json()).toEqual([
      { field: 'eventStatusId', message: 'Ukončená událost si status ponechá až do uzavření.' },
    ]);
    expect((await stored(e.id)).eventStatusId).toBe(6);

    seq += 1;
    const born = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: sessions.jednotka.headers,
      payload: { uuid: `e0d00000-0000-4000-9000-${String(seq).padStart(12, '0')}`, description: 'x', eventStatusId: 6 },
    });
    expect(born.statusCode).toBe(422);
    expect(born.json()).toEqual([{ field: 'eventStatusId', message: NOT_ENDABLE }]);
  });

  it('a close carrying another status still writes status 11', async () => {
    const e = await create('jednotka');
    const res = await put(e.id, { eventStatusId: 6, eventStateId: 5 }, 'jednotka');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventStatusId: 11, eventStateId: 5 });
  });
});
