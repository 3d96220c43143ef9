/**
 * Tenancy of the idempotent creates (issue 11 item 7): a create retried with a known `uuid` answers the saved
 * row only to the caller who created it and while they see its event; anybody else gets 409 `{message}` with
 * nothing of the row — events, create-from, messages, contacts, jobs, notes and drawn objects. And `parentId`
 * of a new event must be an event the user sees: unknown and invisible answer the same 422.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from './factory.js';

const UUID_TAKEN = { message: 'Záznam s tímto identifikátorem (uuid) už existuje.' };
const PARENT_UNKNOWN = [{ field: 'parentId', message: 'Nadřazená událost neexistuje nebo k ní nemáte přístup.' }];

describe('tenancy: idempotent creates and parentId', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  /** the demo's event of Brno (base 4), invisible to the unit of Praha (jednotka, base 3) */
  let brnoEvent: { id: number; uuid: string };
  let prahaEvent: { id: number; uuid: string };

  const post = (user: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: sessions[user].headers, payload });

  /** 409 with exactly `{message}`: no id, uuid, code or any other field of the saved row */
  const expectTaken = (res: { statusCode: number; json: () => unknown; body: string }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(409);
    expect(res.json(), what).toEqual(UUID_TAKEN);
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['jednotka', 'brno', 'dispecer']) sessions[u] = await login(t.app, u);
    const rows = await t.db.select({ id: s.events.id, uuid: s.events.uuid, baseId: s.events.baseId }).from(s.events);
    brnoEvent = rows.find((r) => r.baseId === 4)!;
    prahaEvent = rows.find((r) => r.baseId === 3)!;
  }, 60_000);
  afterAll(async () => t?.close());

  describe('POST /v2/events and create-from', () => {
    it("a foreign event's uuid answers 409 without the event, the own retry answers the event", async () => {
      // the seeded event of another base
      expectTaken(await post('jednotka', '/v2/events', { uuid: brnoEvent.uuid, description: 'x' }), 'seeded');

      const uuid = randomUUID();
      const made = await post('brno', '/v2/events', { uuid, description: 'brněnská' });
      expect(made.statusCode, made.body).toBe(201);
      expectTaken(await post('jednotka', '/v2/events', { uuid, description: 'x' }), 'invisible');
      // the central dispatcher sees the event, but the create is not theirs
      expectTaken(await post('dispecer', '/v2/events', { uuid, description: 'x' }), 'visible, not own');
      const retry = await post('brno', '/v2/events', { uuid, description: 'brněnská' });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ id: made.json().id, uuid, description: 'brněnská' });
      // nothing was written by the refused calls
      const saved = await t.db.select().from(s.events).where(eq(s.events.uuid, uuid));
      expect(saved.map((e) => [e.baseId, e.description])).toEqual([[4, 'brněnská']]);
    });

    it("create-from with a foreign event's uuid for the new event answers 409 without it", async () => {
      const res = await post('jednotka', `/v2/events/create-from/${prahaEvent.uuid}`, {
        event: { uuid: brnoEvent.uuid, description: 'kopie' },
      });
      expectTaken(res, 'create-from');
      const still = await t.db.select().from(s.events).where(eq(s.events.uuid, brnoEvent.uuid));
      expect(still.map((e) => e.baseId)).toEqual([4]);
    });

    it('parentId: unknown and invisible answer the same 422, out of range a 422 on the field; a visible parent is taken', async () => {
      const before = (await t.db.select({ id: s.events.id }).from(s.events)).length;
      const invisible = await post('jednotka', '/v2/events', {
        uuid: randomUUID(),
        parentId: brnoEvent.id,
        description: 'pod',
      });
      const unknown = await post('jednotka', '/v2/events', {
        uuid: randomUUID(),
        parentId: 999_999,
        description: 'pod',
      });
      const huge = await post('jednotka', '/v2/events', { uuid: randomUUID(), parentId: 2 ** 40, description: 'pod' });
      for (const [what, res] of Object.entries({ invisible, unknown })) {
        expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
        expect(res.json(), what).toEqual(PARENT_UNKNOWN);
      }
      // out of the id range: refused by the id schema on the same field (no such event can exist, so its own
      // message tells nothing about other bases' events)
      expect(huge.statusCode, huge.body).toBe(422);
      expect(huge.json()).toEqual([expect.objectContaining({ field: 'parentId' })]);
      expect((await t.db.select({ id: s.events.id }).from(s.events)).length).toBe(before);

      const child = await post('jednotka', '/v2/events', {
        uuid: randomUUID(),
        parentId: prahaEvent.id,
        description: 'pod',
      });
      expect(child.statusCode, child.body).toBe(201);
      expect(child.json().parentId).toBe(prahaEvent.id);
    });
  });

  describe('children of an event', () => {
    /** brno creates the row on its own event; jednotka (cannot see it) and dispecer (sees it) replay its uuid */
    async function replay(url: string, body: (uuid: string) => object, expectOwn: number[] = [200]) {
      const uuid = randomUUID();
      const made = await post('brno', url, body(uuid));
      expect(made.statusCode, `${url}: ${made.body}`).toBe(201);
      expectTaken(await post('jednotka', url, body(uuid)), `${url} invisible`);
      expectTaken(await post('dispecer', url, body(uuid)), `${url} not own`);
      const again = await post('brno', url, body(uuid));
      expect(expectOwn, `${url}: ${again.body}`).toContain(again.statusCode);
      return { uuid, made: made.json() as { id: number } };
    }

    it('messages', async () => {
      await replay('/v2/messages', (uuid) => ({
        uuid,
        eventId: brnoEvent.id,
        messageCategoryId: 1,
        type: 'X03',
        content: 'zpráva Brna',
      }));
      // a seeded message of the Brno event
      const [seeded] = await t.db.select().from(s.messages).where(eq(s.messages.eventId, brnoEvent.id)).limit(1);
      if (seeded?.uuid) {
        const res = await post('jednotka', '/v2/messages', {
          uuid: seeded.uuid,
          eventId: prahaEvent.id,
          messageCategoryId: 1,
          content: 'x',
        });
        expectTaken(res, 'seeded message');
      }
    });

    it('event contacts', async () => {
      await replay('/v2/event-contacts', (uuid) => ({
        uuid,
        eventId: brnoEvent.id,
        name: 'Kontakt Brno',
        number: '725111222',
      }));
    });

    it('jobs', async () => {
      const busy = t.db.select({ id: s.eventJobs.resourceId }).from(s.eventJobs).where(isNull(s.eventJobs.endedAt));
      const [free] = await t.db
        .select({ id: s.resources.id })
        .from(s.resources)
        .where(and(eq(s.resources.baseId, 4), eq(s.resources.active, 1), notInArray(s.resources.id, busy)))
        .limit(1);
      expect(free).toBeDefined();
      await replay('/v2/event-jobs', (uuid) => ({ uuid, eventId: brnoEvent.id, resourceId: free.id }));
    });

    it('map notes and drawn objects', async () => {
      await replay('/v2/event-objects', (uuid) => ({
        uuid,
        eventId: brnoEvent.id,
        longitude: 16.6,
        latitude: 49.2,
        content: 'poznámka Brna',
      }));
      await replay('/v2/event-geos', (uuid) => ({
        uuid,
        eventId: brnoEvent.id,
        title: 'čára',
        geojson: {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [16.6, 49.2],
              [16.61, 49.21],
            ],
          },
        },
      }));
    });
  });
});
