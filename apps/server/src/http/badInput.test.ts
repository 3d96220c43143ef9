/**
 * One route test per cause of the 5xx QA found with generated bad requests (issue 11, item 5): ids past int4 or
 * of 20 digits, NUL bytes and lone surrogates, unknown foreign keys, impossible dates. Each is a 4xx naming the
 * field, and none changes data (sync revision, change log, journal).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@panel/domain/locale';
import { queryRows } from '../db/client.js';
import * as s from '../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../test/factory.js';

const BAD_TEXT = texts.wire.badText;
const UNKNOWN = texts.wire.unknownReference;

describe('bad input is a 4xx (issue 11)', () => {
  let t: TestApp;
  let dispecer: TestSession;
  let eventId: number;
  let jobId: number;

  beforeAll(async () => {
    t = await createTestApp();
    dispecer = await login(t.app, 'dispecer');
    [{ id: eventId }] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    [{ id: jobId }] = await t.db.select({ id: s.eventJobs.id }).from(s.eventJobs).limit(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: dispecer.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  /** revision and the rows of change_log and journal: a refused request leaves all three as they were */
  const state = async () =>
    (
      await queryRows<{ s: string }>(
        t.db,
        sql`select (select max(revision) from sync_revision)::text || '/' || (select count(*) from change_log)::text
          || '/' || (select count(*) from journal)::text as s`,
      )
    )[0].s;

  async function refused(res: Awaited<ReturnType<typeof call>>, status: number, before: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(await state()).toBe(before);
  }

  describe('ids out of range', () => {
    it('a path id past 2147483647, of 20 digits or not decimal is 422 on the param', async () => {
      const before = await state();
      for (const id of ['2147483648', '12345678901234567890', '1e3', '0x10', '-1', '1.5']) {
        const res = await call('PUT', `/v2/event-jobs/${id}`, { eventJobStatusId: 15 });
        await refused(res, 422, before);
        expect(res.json()).toEqual([{ field: 'id', message: expect.any(String) }]);
      }
      const messages = await call('GET', '/v2/messages/event/2147483648');
      expect(messages.statusCode).toBe(422);
      expect(messages.json()).toEqual([{ field: 'eventId', message: texts.wire.badId }]);
    });

    it('an id past int4 in a body or a query is 422 on its field', async () => {
      const before = await state();
      const note = await call('POST', '/v2/event-objects', {
        uuid: 'c0ffee00-0000-4000-8000-00000000f001',
        eventId: 2147483648,
        longitude: 14.4,
        latitude: 50.1,
      });
      await refused(note, 422, before);
      expect(note.json()).toEqual([{ field: 'eventId', message: texts.wire.badId }]);
      const page = await call('GET', `/v2/events/list?page=${'9'.repeat(20)}`);
      expect(page.statusCode).toBe(422);
      expect(page.json()).toEqual([{ field: 'page', message: expect.any(String) }]);
    });
  });

  describe('NUL bytes and lone surrogates', () => {
    it('in a body value, a nested key or a query value: 422 naming the field', async () => {
      const before = await state();
      const nul = await call('PUT', `/v2/events/${eventId}`, { description: 'a\u0000b' });
      await refused(nul, 422, before);
      expect(nul.json()).toEqual([{ field: 'description', message: BAD_TEXT }]);

      const surrogate = await call('PUT', `/v2/events/${eventId}`, { data: { note: ['ok', 'x\ud800'] } });
      await refused(surrogate, 422, before);
      expect(surrogate.json()).toEqual([{ field: 'data.note.1', message: BAD_TEXT }]);

      const key = await call('PUT', `/v2/events/${eventId}`, { data: { 'a\u0000': 1 } });
      await refused(key, 422, before);
      expect(key.json()).toEqual([{ field: 'data.a', message: BAD_TEXT }]);

      const query = await call('GET', '/v2/contacts?name=a%00b');
      expect(query.statusCode).toBe(422);
      expect(query.json()).toEqual([{ field: 'name', message: BAD_TEXT }]);
    });

    it('a body nested deeper than any of the API is 422, not a stack overflow in jsonb (500)', async () => {
      const before = await state();
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v2/events/${eventId}`,
        headers: { ...dispecer.headers, 'content-type': 'application/json' },
        payload: `{"data":{"a":${deep}}}`,
      });
      await refused(res, 422, before);
      expect(res.json()).toEqual([{ field: expect.stringMatching(/^data\.a\.0/), message: texts.wire.tooDeep }]);
    });

    it('a path the router cannot decode or an overlong param is the house 400/414 {message}', async () => {
      const bad = await call('GET', '/v2/devices/x%ED%A0%80');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: texts.server.malformed });
      const long = await call('GET', `/v2/devices/${'1'.repeat(200)}`);
      expect(long.statusCode).toBe(414);
      expect(long.json()).toEqual({ message: texts.server.malformed });
    });

    it('a pair of surrogates (an emoji) is text like any other', async () => {
      const res = await call('POST', '/v2/events', {
        uuid: 'c0ffee00-0000-4000-8000-00000000f004',
        description: 'Požár 🔥',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ description: 'Požár 🔥' });
    });
  });

  describe('unknown foreign keys', () => {
    it('unknown units, tags and catalogue ids of an event are 422 on their fields, nothing written', async () => {
      const before = await state();
      const create = await call('POST', '/v2/events', {
        uuid: 'c0ffee00-0000-4000-8000-00000000f002',
        description: 'x',
        eventToBase: [1, 999_999],
        eventToTags: [999_998],
        priorityId: 999_997,
      });
      await refused(create, 422, before);
      expect(create.json()).toEqual(
        expect.arrayContaining([
          { field: 'eventToBase', message: UNKNOWN },
          { field: 'eventToTags', message: UNKNOWN },
          { field: 'priorityId', message: UNKNOWN },
        ]),
      );
      expect(
        await t.db.select().from(s.events).where(eq(s.events.uuid, 'c0ffee00-0000-4000-8000-00000000f002')),
      ).toEqual([]);

      const update = await call('PUT', `/v2/events/${eventId}`, { eventToTags: [999_999] });
      await refused(update, 422, before);
      expect(update.json()).toEqual([{ field: 'eventToTags', message: UNKNOWN }]);
    });

    it('an unknown parentId is a 4xx, never a 5xx', async () => {
      const res = await call('POST', '/v2/events', {
        uuid: 'c0ffee00-0000-4000-8000-00000000f003',
        description: 'x',
        parentId: 999_999,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });
  });

  describe('impossible dates', () => {
    it('a list filter day that does not exist is 422 on the field', async () => {
      for (const from of ['2026-13-01', '2026-02-30', '2026-00-10']) {
        const res = await call('GET', `/v2/events/list?from=${from}`);
        expect(res.statusCode, from).toBe(422);
        expect(res.json()).toEqual([{ field: 'from', message: texts.wire.badDate }]);
      }
    });

    it('event and job times of year 99999 or 25:61 are 422, nothing written', async () => {
      const before = await state();
      for (const startAt of ['99999-01-01 00:00:00', '2026-02-30 25:61:00', '+275760-09-13T00:00:00.000Z']) {
        const res = await call('PUT', `/v2/events/${eventId}`, { startAt });
        await refused(res, 422, before);
        expect(res.json()).toEqual([{ field: 'startAt', message: expect.any(String) }]);
      }
      const job = await call('PUT', `/v2/event-jobs/${jobId}`, { arriveAt: '99999-01-01 00:00:00' });
      expect(job.statusCode).toBeGreaterThanOrEqual(400);
      expect(job.statusCode).toBeLessThan(500);
      expect(await state()).toBe(before);
    });
  });
});
