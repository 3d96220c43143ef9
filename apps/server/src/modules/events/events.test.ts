/**
 * POST /v2/events and PUT /v2/events/:id through the real app (createTestApp): the session gate, permissions,
 * validation shapes, the command's journal and change log. POST /v2/app is tested in modules/sync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

const UNAUTHORIZED = { result: false, message: expect.any(String) };

describe('events routes', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'mng', 'brno']) sessions[u] = await login(t.app, u);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (body: unknown, user = 'dispecer') =>
    t.app.inject({ method: 'POST', url: '/v2/events', payload: body as object, headers: sessions[user].headers });
  const put = (id: number | string, body: unknown, user = 'dispecer') =>
    t.app.inject({ method: 'PUT', url: `/v2/events/${id}`, payload: body as object, headers: sessions[user].headers });
  const eventByCode = async (code: string) => (await t.db.select().from(s.events).where(eq(s.events.code, code)))[0];

  describe('session gate', () => {
    it('answers 401 without a session or with a wrong app-instance, and writes nothing', async () => {
      const [fire] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
      const uuid = 'c0ffee00-0000-4000-8000-0000000000a1';
      const wrongInstance = { ...sessions.dispecer.headers, 'app-instance': '00000000-0000-4000-8000-000000000000' };
      const calls: InjectOptions[] = [];
      for (const headers of [{}, wrongInstance]) {
        calls.push({ method: 'POST', url: '/v2/events', headers, payload: { uuid, description: 'bez relace' } });
        calls.push({ method: 'PUT', url: `/v2/events/${fire.id}`, headers, payload: { description: 'bez relace' } });
      }
      for (const call of calls) {
        const res = await t.app.inject(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual(UNAUTHORIZED);
      }
      expect(await t.db.select().from(s.events).where(eq(s.events.uuid, uuid))).toHaveLength(0);
      expect((await eventByCode('PHA-2025-0412')).description).toBe(fire.description);
    });

    it('answers 403 before the device is confirmed', async () => {
      const unconfirmed = await login(t.app, 'dispecer', { confirmDevice: false });
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/events',
        headers: unconfirmed.headers,
        payload: { uuid: 'c0ffee00-0000-4000-8000-0000000000a2', description: 'x' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Zařízení není potvrzeno.' });
    });
  });

  it('creates an event with the defaults of 000 §4 and answers it', async () => {
    const res = await post({
      uuid: 'c0ffee00-0000-4000-8000-000000000001',
      description: 'Kouř u trati',
      reporterName: 'jan novák',
      investigator: '',
    });
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      uuid: 'c0ffee00-0000-4000-8000-000000000001',
      eventStateId: 1,
      eventStatusId: 2,
      eventTypeId: 2,
      eventSourceId: 2,
      eventTerrainId: 1,
      eventCategoryId: 5,
      baseId: 2,
      reporterName: 'JAN NOVÁK',
      investigator: null,
      version: 1,
    });
    expect(e.conversations.map((c: { type: number }) => c.type)).toEqual([1, 2]);
    // an event number is given (unit code-year-id) and the list has a title even without a subject
    expect(e.code).toMatch(new RegExp(`^[A-Z]+-\\d{4}-${String(e.id).padStart(4, '0')}$`));
    expect(e.header.title.value).toBe('Kouř u trati');
    const journal = await t.db.select().from(s.journal).where(eq(s.journal.eventId, e.id));
    expect(journal.map((j) => j.type)).toEqual(['event.create']);
    // the journal knows who and from which device
    expect(journal[0]).toMatchObject({ userId: sessions.dispecer.user.id, deviceId: sessions.dispecer.device!.id });
    const log = await t.db.select().from(s.changeLog).where(eq(s.changeLog.rowId, e.id));
    expect(log.some((l) => l.tableName === 'events')).toBe(true);
  });

  it('a retried create with the same uuid is idempotent', async () => {
    const body = { uuid: 'c0ffee00-0000-4000-8000-000000000002', description: 'Opakovaný pokus' };
    const a = await post(body);
    const b = await post(body);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    expect(await t.db.select().from(s.events).where(eq(s.events.uuid, body.uuid))).toHaveLength(1);
  });

  it("checks the category's required inputs (422, Czech)", async () => {
    const res = await post({ uuid: 'c0ffee00-0000-4000-8000-000000000003', description: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'description', message: 'Vyplňte Popis události' }]);
    const res2 = await post({ uuid: 'c0ffee00-0000-4000-8000-000000000004', eventCategoryId: 1, description: 'x' });
    // category 1 requires type (given by its defaults), address and description
    expect(res2.statusCode).toBe(422);
    expect(res2.json()).toEqual([{ field: 'address', message: 'Vyplňte Adresa' }]);
    const res3 = await post({
      uuid: 'c0ffee00-0000-4000-8000-000000000005',
      description: 'x',
      startAt: '2025-03-02 10:00:00',
      endAt: '2025-03-01 10:00:00',
    });
    expect(res3.statusCode).toBe(422);
    expect(res3.json()).toEqual([{ field: 'endAt', message: 'Chybné datum Konec' }]);
    // nothing of the refused creates was stored
    const stored = await t.db.select().from(s.events).where(eq(s.events.uuid, 'c0ffee00-0000-4000-8000-000000000005'));
    expect(stored).toHaveLength(0);
  });

  // issue 16: "a quick event from the API fails with 422 on uuid" — the server makes one instead
  it('a create without uuid gets a server-made one; each such call is a new event', async () => {
    const a = await post({ description: 'bez uuid' });
    const b = await post({ description: 'bez uuid' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json().uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b.json().id).not.toBe(a.json().id);
    const stored = await t.db.select().from(s.events).where(eq(s.events.description, 'bez uuid'));
    expect(stored.map((e) => e.uuid).sort()).toEqual([a.json().uuid, b.json().uuid].sort());
    // the journal records the uuid the event got
    const [row] = await t.db.select().from(s.journal).where(eq(s.journal.eventId, a.json().id));
    expect(row.data).toMatchObject({ uuid: a.json().uuid, description: 'bez uuid' });
    // a retry with the server-made uuid is the panel's idempotent retry
    const again = await post({ uuid: a.json().uuid, description: 'bez uuid' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(a.json().id);
  });

  it('the update checks required inputs of the merged event too', async () => {
    const [fire] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    const res = await put(fire.id, { description: '' }, 'jednotka');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'description', message: expect.stringMatching(/^Vyplňte /) }]);
  });

  it('answers 422 [{field, message}] for values of a wrong type', async () => {
    // zod's own messages are Czech (@panel/domain/http configures its Czech locale)
    const res = await post({ uuid: 'c0ffee00-0000-4000-8000-0000000000b1', description: 5, eventCategoryId: 'x' });
    expect(res.statusCode).toBe(422);
    const list = res.json() as { field: string; message: string }[];
    expect(list.map((e) => e.field).sort()).toEqual(['description', 'eventCategoryId']);
    for (const e of list) expect(e).toEqual({ field: e.field, message: expect.stringMatching(/^Neplatný vstup/) });

    const nested = await post({ uuid: 'c0ffee00-0000-4000-8000-0000000000b2', description: 'x', eventToBase: ['a'] });
    expect(nested.statusCode).toBe(422);
    expect(nested.json()).toEqual([{ field: 'eventToBase.0', message: expect.any(String) }]);

    const param = await put('abc', { description: 'x' });
    expect(param.statusCode).toBe(422);
    expect(param.json()).toEqual([{ field: 'id', message: expect.any(String) }]);

    const coord = await put((await eventByCode('PHA-2025-0412')).id, { targetLatitude: 'sever' }, 'jednotka');
    expect(coord.statusCode).toBe(422);
    expect(coord.json()).toEqual([{ field: 'targetLatitude', message: expect.stringMatching(/^Neplatný vstup/) }]);
  });

  it('refuses create to view-only users', async () => {
    const res = await post({ uuid: 'c0ffee00-0000-4000-8000-000000000006', description: 'x' }, 'mng');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(
      await t.db.select().from(s.events).where(eq(s.events.uuid, 'c0ffee00-0000-4000-8000-000000000006')),
    ).toHaveLength(0);
  });

  it('updates the saved subset and bumps the version', async () => {
    const created = (
      await post({ uuid: 'c0ffee00-0000-4000-8000-000000000007', description: 'před' }, 'jednotka')
    ).json();
    const res = await put(
      created.id,
      {
        description: 'po',
        address: 'Praha-Libeň',
        eventToBase: [17],
        targetLatitude: 50.1,
        targetLongitude: 14.49,
      },
      'jednotka',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'po',
      address: 'Praha-Libeň',
      eventToBase: [17],
      version: 2,
      targetLatitude: 50.1,
    });
    const stale = await put(created.id, { description: 'konflikt', version: 1 }, 'jednotka');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.description).toBe('po');
  });

  it('403 when the user may not update, 404 for an unknown or invisible event', async () => {
    const fire = await eventByCode('PHA-2025-0412');
    const mng = await put(fire.id, { description: 'x' }, 'mng');
    expect(mng.statusCode).toBe(403);
    const brno = await put(fire.id, { description: 'x' }, 'brno');
    expect(brno.statusCode).toBe(404);
    expect(brno.json()).toEqual({ message: expect.any(String) });
    const none = await put(999999, { description: 'x' });
    expect(none.statusCode).toBe(404);
    const closed = await eventByCode('PLZ-2025-0233');
    const c = await put(closed.id, { description: 'x' });
    expect(c.statusCode).toBe(403);
    expect((await eventByCode('PHA-2025-0412')).description).toBe(fire.description);
  });
});
