/**
 * Message calls of issue 4 through the real app (docs/API.md "Messages and media (issue 4) — contract"): list
 * with Yii2 paging, one message, send (idempotent by uuid, conversation created on demand, media checked against
 * the media table), read marks per user, confirm (000 §5) and tags (000 §4); each write checked in the journal,
 * the change log (a delta of POST /v2/app) and the recorded push.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AppBundle, Event, Message } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, userIdOf, type TestApp, type TestSession } from '../../test/factory.js';

const unreadOf = (e: Event, category: number): number => e.messages?.unread?.[String(category)] ?? 0;

describe('messages (issue 4)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let eventId: Record<string, number>;
  let eventUuid: Record<string, string>;
  let tagId: Record<string, number>;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'dispecer', 'jednotka', 'mng', 'brno']) sessions[u] = await login(t.app, u);
    const evs = await t.db.select().from(s.events);
    eventId = Object.fromEntries(evs.map((e) => [e.code!, e.id]));
    eventUuid = Object.fromEntries(evs.map((e) => [e.code!, e.uuid]));
    tagId = Object.fromEntries((await t.db.select().from(s.messageTags)).map((x) => [x.code, x.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const h = (user: string) => sessions[user].headers;
  const uuid = () => `4e550000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  const send = (user: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/messages',
      headers: h(user),
      payload: { uuid: uuid(), eventId: eventId['PHA-2025-0412'], messageCategoryId: 1, type: 'X03', ...body },
    });
  const sent = async (user: string, body: Record<string, unknown> = {}): Promise<Message> => {
    const res = await send(user, { content: `zpráva ${seq + 1}`, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Message;
  };
  const bundle = async (user: string, uid: string | null = null): Promise<AppBundle> => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: h(user), payload: { uid } });
    expect(res.statusCode).toBe(200);
    return res.json() as AppBundle;
  };
  const post = (user: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: h(user), ...(payload ? { payload } : {}) });
  const readRows = async (messageId: number) =>
    (await t.db.select().from(s.messageReads).where(eq(s.messageReads.messageId, messageId))).map((r) => r.userId);

  describe('GET /v2/messages/event/{eventId}', () => {
    it('401 without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/v2/messages/event/${eventId['PHA-2025-0412']}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ result: false, message: expect.any(String) });
    });

    it('pages newest first with Yii2 headers and Link rel=next; answers an item map', async () => {
      const id = eventId['PHA-2025-0412'];
      const all = await t.db.select({ id: s.messages.id }).from(s.messages).where(eq(s.messages.eventId, id));
      expect(all.length).toBeGreaterThan(2);
      const newest = all.map((m) => m.id).sort((a, b) => b - a);
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/messages/event/${id}?per-page=2`,
        headers: h('jednotka'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-pagination-current-page']).toBe('1');
      expect(res.headers['x-pagination-per-page']).toBe('2');
      expect(res.headers['x-pagination-total-count']).toBe(String(all.length));
      expect(res.headers['x-pagination-page-count']).toBe(String(Math.ceil(all.length / 2)));
      expect(res.headers.link).toMatch(/[?&]page=2[^>]*>; rel=next/);
      const { items } = res.json() as { items: Record<string, Message> };
      expect(
        Object.keys(items)
          .map(Number)
          .sort((a, b) => b - a),
      ).toEqual(newest.slice(0, 2));
      const one = items[String(newest[0])];
      expect(one).toMatchObject({ id: newest[0], eventId: id, eventUuid: eventUuid['PHA-2025-0412'], read: 0 });
      // applied tags only (issue 13 item 2): the item is presented as the bundle presents it
      expect(one.tags).toEqual([]);

      const last = await t.app.inject({
        method: 'GET',
        url: `/v2/messages/event/${id}?per-page=2&page=${Math.ceil(all.length / 2)}`,
        headers: h('jednotka'),
      });
      expect(last.headers.link).not.toMatch(/rel=next/);
      const oldest = Object.keys((last.json() as { items: object }).items).map(Number);
      expect(Math.min(...oldest)).toBe(Math.min(...newest));
    });

    it('filters by messageCategoryId', async () => {
      const id = eventId['PHA-2025-0412'];
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/messages/event/${id}?messageCategoryId=2&per-page=200`,
        headers: h('jednotka'),
      });
      const items = Object.values((res.json() as { items: Record<string, Message> }).items);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((m) => m.messageCategoryId === 2)).toBe(true);
    });

    it('404 when the event is not visible or unknown', async () => {
      const hidden = await t.app.inject({
        method: 'GET',
        url: `/v2/messages/event/${eventId['BRN-2025-0198']}`,
        headers: h('jednotka'),
      });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: expect.any(String) });
      const unknown = await t.app.inject({ method: 'GET', url: '/v2/messages/event/999999', headers: h('admin') });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('GET /v2/messages/{id}', () => {
    it('answers the message; 404 when unknown or hidden', async () => {
      const [m] = await t.db.select().from(s.messages).where(eq(s.messages.eventId, eventId['BRN-2025-0198'])).limit(1);
      const ok = await t.app.inject({ method: 'GET', url: `/v2/messages/${m.id}`, headers: h('brno') });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ id: m.id, content: m.content, eventUuid: eventUuid['BRN-2025-0198'] });
      expect(
        (await t.app.inject({ method: 'GET', url: `/v2/messages/${m.id}`, headers: h('jednotka') })).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/v2/messages/999999', headers: h('admin') })).statusCode).toBe(
        404,
      );
    });
  });

  describe('POST /v2/messages', () => {
    it('201 the saved message with the sender from the session; journal; a delta carries it and the unread count', async () => {
      const admin0 = await bundle('admin');
      const unreadBefore = unreadOf(
        admin0.events.find((e) => e.id === eventId['PHA-2025-0412'])!,
        1,
      );
      const pushes = t.hub.invalidations.length;
      const m = await sent('jednotka', {
        content: '  Na místě, provádíme průzkum.  ',
        latitude: 50.1,
        longitude: 14.4,
      });
      expect(m).toMatchObject({
        eventId: eventId['PHA-2025-0412'],
        eventUuid: eventUuid['PHA-2025-0412'],
        messageCategoryId: 1,
        type: 'X03',
        content: 'Na místě, provádíme průzkum.',
        media: null,
        read: 1,
        userId: sessions.jednotka.user.id,
        deviceId: sessions.jednotka.device!.id,
        deviceCode: sessions.jednotka.device!.code,
        senderName: expect.any(String),
        latitude: 50.1,
        longitude: 14.4,
      });
      expect(m.conversationId).toEqual(expect.any(Number));
      // only applied tags travel on a message (issue 13 item 2): none yet
      expect(m.tags).toEqual([]);
      const [jr] = await t.db
        .select()
        .from(s.journal)
        .where(and(eq(s.journal.eventId, eventId['PHA-2025-0412']), eq(s.journal.type, 'message.send')));
      expect(jr.data).toMatchObject({ messageId: m.id, content: m.content });

      expect(t.hub.invalidations.length).toBe(pushes + 1);
      expect(t.hub.invalidations.at(-1)!.tables).toContain('messages');
      const delta = await bundle('admin', admin0.uid);
      expect(delta.messages.map((x) => [x.id, x.read])).toEqual([[m.id, 0]]);
      const ev = delta.events.find((e) => e.id === eventId['PHA-2025-0412'])!;
      expect(unreadOf(ev, 1)).toBe(unreadBefore + 1);
    });

    it('a retry with the same uuid answers 200 with the same message and writes nothing', async () => {
      const body = {
        uuid: uuid(),
        eventId: eventId['PHA-2025-0412'],
        messageCategoryId: 2,
        type: 'X03',
        content: 'jednou',
      };
      const first = await post('jednotka', '/v2/messages', body);
      expect(first.statusCode).toBe(201);
      const revisions = t.hub.invalidations.length;
      const again = await post('jednotka', '/v2/messages', body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(t.hub.invalidations.length).toBe(revisions);
      expect(await t.db.select().from(s.messages).where(eq(s.messages.uuid, body.uuid))).toHaveLength(1);
    });

    it('without a uuid the server makes one; a retry with it answers 200 with the same message', async () => {
      const body = { eventId: eventId['PHA-2025-0412'], messageCategoryId: 2, type: 'X03', content: 'bez uuid' };
      const first = await post('jednotka', '/v2/messages', body);
      expect(first.statusCode, first.body).toBe(201);
      const made = (first.json() as Message).uuid;
      expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const other = await post('jednotka', '/v2/messages', body);
      expect(other.statusCode).toBe(201);
      expect((other.json() as Message).uuid).not.toBe(made);
      const revisions = t.hub.invalidations.length;
      const again = await post('jednotka', '/v2/messages', { ...body, uuid: made });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(t.hub.invalidations.length).toBe(revisions);
      expect(await t.db.select().from(s.messages).where(eq(s.messages.uuid, made!))).toHaveLength(1);
    });

    it('takes eventUuid; creates the conversation when the event has none of that category', async () => {
      const code = 'CALL-2025-55120';
      const before = await t.db.select().from(s.conversations).where(eq(s.conversations.eventId, eventId[code]));
      expect(before.filter((c) => c.type === 2)).toEqual([]);
      const d0 = await bundle('dispecer');
      const res = await send('dispecer', {
        eventId: null,
        eventUuid: eventUuid[code],
        messageCategoryId: 2,
        content: 'ahoj',
      });
      expect(res.statusCode, res.body).toBe(201);
      const after = await t.db.select().from(s.conversations).where(eq(s.conversations.eventId, eventId[code]));
      const conv = after.find((c) => c.type === 2)!;
      expect(res.json()).toMatchObject({ eventId: eventId[code], conversationId: conv.id });
      const delta = await bundle('dispecer', d0.uid);
      expect(delta.events.find((e) => e.id === eventId[code])!.conversations).toContainEqual(
        expect.objectContaining({ id: conv.id }),
      );
      // the next message joins that conversation
      const next = await send('dispecer', { eventId: eventId[code], messageCategoryId: 2, content: 'znovu' });
      expect(next.json().conversationId).toBe(conv.id);
      expect(next.json().sequence).toBe(res.json().sequence + 1);
    });

    it('403 for MNG (no manage Message{n})', async () => {
      const res = await send('mng', { content: 'nelze' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });

    it('404 for a hidden or unknown event', async () => {
      expect((await send('jednotka', { eventId: eventId['BRN-2025-0198'], content: 'x' })).statusCode).toBe(404);
      expect((await send('admin', { eventId: undefined, eventUuid: 'nope', content: 'x' })).statusCode).toBe(404);
    });

    it("422 'Zadejte text zprávy' without content and media; 422 for a bad type", async () => {
      const empty = await send('jednotka', { content: '   ', media: null });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual([{ field: 'content', message: 'Zadejte text zprávy' }]);
      const bad = await send('jednotka', { content: 'x', type: 'X99' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual([{ field: 'type', message: expect.any(String) }]);
    });

    it('media must be uploaded to the event (media table); then content may be empty', async () => {
      const id = eventId['PHA-2025-0412'];
      const name = `${id}-20250301_142233-M-PHA-01.jpg`;
      const unknown = await send('jednotka', { content: '', type: 'X22', media: [name] });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual([{ field: 'media', message: expect.stringContaining(name) }]);
      // uploaded to another event does not count
      await t.db.insert(s.media).values({
        eventId: eventId['BRN-2025-0198'],
        fileName: name,
        contentType: 'image/jpeg',
        size: 3,
        data: Buffer.from('abc'),
      });
      expect((await send('jednotka', { content: '', type: 'X22', media: [name] })).statusCode).toBe(422);
      await t.db
        .insert(s.media)
        .values({ eventId: id, fileName: name, contentType: 'image/jpeg', size: 3, data: Buffer.from('abc') });
      const ok = await send('jednotka', { content: '', type: 'X22', media: [name] });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ content: null, media: [name], type: 'X22' });
    });
  });

  describe('read marks', () => {
    it('POST /v2/messages/{id}/read marks for this user only; the delta carries the message', async () => {
      const m = await sent('jednotka');
      const d0 = await bundle('dispecer');
      const res = await post('dispecer', `/v2/messages/${m.id}/read`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: true });
      expect(await readRows(m.id)).toEqual([await userIdOf(t.db, 'dispecer')]);
      const delta = await bundle('dispecer', d0.uid);
      expect(delta.messages.map((x) => [x.id, x.read])).toEqual([[m.id, 1]]);
      // admin still sees it unread
      const forAdmin = await t.app.inject({ method: 'GET', url: `/v2/messages/${m.id}`, headers: h('admin') });
      expect(forAdmin.json().read).toBe(0);
      // repeated: fine, nothing new
      expect((await post('dispecer', `/v2/messages/${m.id}/read`)).json()).toEqual({ result: true });
    });

    it('a failed read answers an error (404 hidden / unknown message)', async () => {
      const [m] = await t.db.select().from(s.messages).where(eq(s.messages.eventId, eventId['BRN-2025-0198'])).limit(1);
      const res = await post('jednotka', `/v2/messages/${m.id}/read`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect((await post('jednotka', '/v2/messages/999999/read')).statusCode).toBe(404);
    });

    it('POST /v2/messages/event/{id}/read marks one category of the event', async () => {
      const a = await sent('jednotka', { messageCategoryId: 1 });
      const b = await sent('jednotka', { messageCategoryId: 2 });
      const res = await post('admin', `/v2/messages/event/${eventId['PHA-2025-0412']}/read`, { messageCategoryId: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: true, count: expect.any(Number) });
      expect(res.json().count).toBeGreaterThan(0);
      const admin = await userIdOf(t.db, 'admin');
      expect(await readRows(a.id)).toContain(admin);
      expect(await readRows(b.id)).not.toContain(admin);
      const ev = (await bundle('admin')).events.find((e) => e.id === eventId['PHA-2025-0412'])!;
      expect(unreadOf(ev, 1)).toBe(0);
      expect(unreadOf(ev, 2)).toBeGreaterThan(0);
      expect(
        (await post('admin', `/v2/messages/event/${eventId['PHA-2025-0412']}/read`, { messageCategoryId: 1 })).json(),
      ).toEqual({
        result: true,
        count: 0,
      });
      expect((await post('jednotka', `/v2/messages/event/${eventId['BRN-2025-0198']}/read`, {})).statusCode).toBe(404);
    });

    it('POST /v2/messages/conversation/{id}/read marks the conversation', async () => {
      const m = await sent('jednotka', { messageCategoryId: 2 });
      const res = await post('brno', `/v2/messages/conversation/${m.conversationId}/read`);
      // brno does not see the PHA event
      expect(res.statusCode).toBe(404);
      const ok = await post('dispecer', `/v2/messages/conversation/${m.conversationId}/read`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().count).toBeGreaterThan(0);
      expect(await readRows(m.id)).toContain(await userIdOf(t.db, 'dispecer'));
      expect((await post('dispecer', '/v2/messages/conversation/999999/read')).statusCode).toBe(404);
    });

    it('POST /v2/messages/user/read still works', async () => {
      const res = await post('admin', '/v2/messages/user/read');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: true, count: expect.any(Number) });
    });
  });

  describe('POST /v2/messages/{id}/confirm', () => {
    it('stores confirmedAt/By and applies CONF; 422 when already confirmed', async () => {
      const m = await sent('jednotka');
      const d0 = await bundle('jednotka');
      const res = await post('dispecer', `/v2/messages/${m.id}/confirm`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Message;
      expect(body.data).toMatchObject({
        confirmedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        confirmedBy: expect.any(String),
        confirmedByUserId: await userIdOf(t.db, 'dispecer'),
      });
      expect(body.tags).toEqual([{ id: tagId.CONF, state: 1 }]);
      const delta = await bundle('jednotka', d0.uid);
      expect(delta.messages.find((x) => x.id === m.id)?.data).toMatchObject({ confirmedAt: body.data!.confirmedAt });
      const again = await post('admin', `/v2/messages/${m.id}/confirm`);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual([{ field: 'id', message: 'Zpráva už byla potvrzena.' }]);
    });

    it('422 for an own message and for type X05; 403 for MNG; 404 hidden', async () => {
      const own = await sent('jednotka');
      const r1 = await post('jednotka', `/v2/messages/${own.id}/confirm`);
      expect(r1.statusCode).toBe(422);
      expect(r1.json()).toEqual([{ field: 'id', message: 'Vlastní zprávu nelze potvrdit.' }]);
      const sys = await sent('jednotka', { type: 'X05' });
      expect((await post('dispecer', `/v2/messages/${sys.id}/confirm`)).statusCode).toBe(422);
      expect((await post('mng', `/v2/messages/${own.id}/confirm`)).statusCode).toBe(403);
      expect((await post('brno', `/v2/messages/${own.id}/confirm`)).statusCode).toBe(404);
      expect((await t.db.select().from(s.messages).where(eq(s.messages.id, own.id)))[0].data).toEqual({});
    });
  });

  describe('tags', () => {
    const tag = (method: 'POST' | 'DELETE', user: string, id: number, tid: number) =>
      t.app.inject({ method, url: `/v2/messages/${id}/tag/${tid}`, headers: h(user) });

    it('POST applies (state 1), DELETE removes a canRemove tag; the message carries only applied tags', async () => {
      const m = await sent('jednotka');
      const d0 = await bundle('dispecer');
      // the definitions are the bundle's catalogue, once
      expect(d0.messageTags.map((x) => x.code).sort()).toEqual([
        'CONF',
        'DULEZITE',
        'DZIN_INPUT',
        'FWD_1',
        'FWD_2',
        'ISV',
      ]);
      expect(d0.messageTags.find((x) => x.code === 'DZIN_INPUT')).toMatchObject({ options: { canRemove: 1 } });
      const res = await tag('POST', 'dispecer', m.id, tagId.DZIN_INPUT);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Message).tags).toEqual([{ id: tagId.DZIN_INPUT, state: 1 }]);
      const delta = await bundle('dispecer', d0.uid);
      expect(delta.messages.find((x) => x.id === m.id)!.tags).toEqual([{ id: tagId.DZIN_INPUT, state: 1 }]);
      // a delta brings the catalogue only when a definition changed
      expect(delta.messageTags).toEqual([]);
      const types = (await t.db.select().from(s.journal).where(eq(s.journal.eventId, m.eventId))).map((j) => j.type);
      expect(types).toContain('message.tag');

      const removed = await tag('DELETE', 'dispecer', m.id, tagId.DZIN_INPUT);
      expect(removed.statusCode).toBe(200);
      expect((removed.json() as Message).tags).toEqual([]);
    });

    it('DELETE 403 unless options.canRemove is 1; 403 for MNG; 404 unknown tag; 422 FWD to own conversation', async () => {
      const m = await sent('jednotka');
      expect((await tag('POST', 'dispecer', m.id, tagId.ISV)).statusCode).toBe(200);
      const refused = await tag('DELETE', 'dispecer', m.id, tagId.ISV);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Tento štítek nelze odebrat.' });
      expect(
        await t.db
          .select()
          .from(s.messageToTags)
          .where(and(eq(s.messageToTags.messageId, m.id), eq(s.messageToTags.messageTagId, tagId.ISV))),
      ).toHaveLength(1);
      expect((await tag('POST', 'mng', m.id, tagId.CONF)).statusCode).toBe(403);
      expect((await tag('POST', 'dispecer', m.id, 999999)).statusCode).toBe(404);
      expect((await tag('POST', 'dispecer', 999999, tagId.CONF)).statusCode).toBe(404);
      expect((await tag('POST', 'dispecer', m.id, tagId.FWD_1)).statusCode).toBe(422);
    });
  });
});
