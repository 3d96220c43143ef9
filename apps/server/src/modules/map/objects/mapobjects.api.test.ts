/**
 * Map notes (POST/PUT/DELETE /v2/event-objects) and drawn objects (/v2/event-geos) through the real app
 * (docs/API.md "Map notes and drawings (issue 6) — contract"): CRUD, uuid idempotency (a server-made uuid when
 * none is sent), the permission rules of 001 §6 (403 each), the 422s, and the sync side (journal, change log in a
 * POST /v2/app delta, push).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AppBundle, EventGeo, EventObject } from '@panel/domain/sync';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';
import { normalizeGeojson } from './geojson.js';

const LINE = {
  type: 'LineString',
  coordinates: [
    [14.47, 50.1],
    [14.48, 50.105123456789],
  ],
};
const POLYGON = {
  type: 'Polygon',
  coordinates: [
    [
      [14.47, 50.1],
      [14.48, 50.1],
      [14.48, 50.11],
      [14.47, 50.1],
    ],
  ],
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('map notes and drawings (issue 6)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let eventId: Record<string, number>;
  let eventUuid: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'mng', 'brno']) sessions[u] = await login(t.app, u);
    const evs = await t.db.select().from(s.events);
    eventId = Object.fromEntries(evs.map((e) => [e.code!, e.id]));
    eventUuid = Object.fromEntries(evs.map((e) => [e.code!, e.uuid]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const h = (user: string) => sessions[user].headers;
  const uuid = () => `6e060000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  const call = (user: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h(user), ...(payload ? { payload } : {}) });
  const pha = () => eventId['PHA-2025-0412'];
  const note = (user: string, body: Record<string, unknown> = {}) =>
    call(user, 'POST', '/v2/event-objects', {
      uuid: uuid(),
      eventId: pha(),
      longitude: 14.4712345678912,
      latitude: 50.1034567891234,
      content: 'Vstup od ulice',
      ...body,
    });
  const geo = (user: string, body: Record<string, unknown> = {}) =>
    call(user, 'POST', '/v2/event-geos', { uuid: uuid(), eventId: pha(), geojson: LINE, ...body });
  const bundle = async (user: string, uid: string | null = null): Promise<AppBundle> => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: h(user), payload: { uid } });
    expect(res.statusCode).toBe(200);
    return res.json() as AppBundle;
  };
  const journalTypes = async (type: string) =>
    (
      await t.db
        .select()
        .from(s.journal)
        .where(and(eq(s.journal.eventId, pha()), eq(s.journal.type, type)))
    ).length;

  describe('notes', () => {
    it('401 without a session', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v2/event-objects', payload: {} });
      expect(res.statusCode).toBe(401);
    });

    it('201 creates a note (coordinates rounded to 8 decimals), journal, push, and a delta carries it', async () => {
      const before = await bundle('jednotka');
      const pushes = t.hub.invalidations.length;
      const res = await note('jednotka');
      expect(res.statusCode, res.body).toBe(201);
      const saved = res.json() as EventObject;
      expect(saved).toMatchObject({
        eventId: pha(),
        eventUuid: eventUuid['PHA-2025-0412'],
        longitude: 14.47123457,
        latitude: 50.10345679,
        content: 'Vstup od ulice',
        sequence: expect.any(Number),
      });
      expect(await journalTypes('eventObject.create')).toBe(1);
      expect(t.hub.invalidations.length).toBe(pushes + 1);
      expect(t.hub.invalidations.at(-1)!.tables).toEqual(['eventObjects']);
      const delta = await bundle('jednotka', before.uid);
      expect(delta.resetData).toBe(false);
      expect(delta.eventObjects.map((o) => o.id)).toEqual([saved.id]);
      // another unit that sees the event (dispecer, central) gets it too
      const central = await bundle('dispecer');
      expect(central.eventObjects.some((o) => o.id === saved.id)).toBe(true);
    });

    it('a retry with the same uuid answers 200 with the saved note and writes nothing', async () => {
      const body = {
        uuid: uuid(),
        eventUuid: eventUuid['PHA-2025-0412'],
        longitude: 14.5,
        latitude: 50.1,
        content: 'x',
      };
      const first = await call('jednotka', 'POST', '/v2/event-objects', body);
      expect(first.statusCode, first.body).toBe(201);
      const count = (await t.db.select().from(s.eventObjects)).length;
      const second = await call('jednotka', 'POST', '/v2/event-objects', { ...body, content: 'jiný' });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect((await t.db.select().from(s.eventObjects)).length).toBe(count);
    });

    it('without a uuid the server makes one; a retry with it answers 200 with the same note', async () => {
      const first = await note('jednotka', { uuid: undefined, content: 'bez uuid' });
      expect(first.statusCode, first.body).toBe(201);
      const made = (first.json() as EventObject).uuid;
      expect(made).toMatch(UUID_V4);
      const other = await note('jednotka', { uuid: undefined, content: 'bez uuid' });
      expect(other.statusCode).toBe(201);
      expect((other.json() as EventObject).uuid).not.toBe(made);
      const count = (await t.db.select().from(s.eventObjects)).length;
      const pushes = t.hub.invalidations.length;
      const again = await note('jednotka', { uuid: made, content: 'bez uuid' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect((await t.db.select().from(s.eventObjects)).length).toBe(count);
      expect(t.hub.invalidations.length).toBe(pushes);
    });

    it('422 for an empty description, missing coordinates or event', async () => {
      let res = await note('jednotka', { content: '   ' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'content', message: 'Zadejte popis poznámky.' }]);
      res = await note('jednotka', { latitude: undefined });
      expect(res.statusCode).toBe(422);
      expect((res.json() as { field: string }[])[0].field).toBe('latitude');
      res = await note('jednotka', { eventId: undefined });
      expect(res.statusCode).toBe(422);
      expect((res.json() as { field: string }[])[0].field).toBe('eventId');
    });

    it('403 without manage Message2 (group MNG)', async () => {
      expect((await note('mng')).statusCode).toBe(403);
    });

    it('403 for a category of type call (chat, monitor, support likewise)', async () => {
      const res = await note('dispecer', { eventId: eventId['CALL-2025-55120'] });
      expect(res.statusCode).toBe(403);
    });

    it('404 for an event the user does not see, or unknown', async () => {
      expect((await note('brno')).statusCode).toBe(404);
      expect((await note('jednotka', { eventId: 999999 })).statusCode).toBe(404);
      expect((await note('jednotka', { eventId: undefined, eventUuid: 'nope' })).statusCode).toBe(404);
    });

    it('PUT changes content and place; 422 empty; DELETE removes it and the delta says so', async () => {
      const saved = (await note('jednotka')).json() as EventObject;
      let res = await call('jednotka', 'PUT', `/v2/event-objects/${saved.id}`, {
        content: 'Nový popis',
        longitude: 14.49,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: saved.id,
        content: 'Nový popis',
        longitude: 14.49,
        latitude: saved.latitude,
      });
      expect(await journalTypes('eventObject.update')).toBeGreaterThan(0);
      res = await call('jednotka', 'PUT', `/v2/event-objects/${saved.id}`, { content: '' });
      expect(res.statusCode).toBe(422);
      expect((await call('mng', 'PUT', `/v2/event-objects/${saved.id}`, { content: 'x' })).statusCode).toBe(403);
      expect((await call('brno', 'DELETE', `/v2/event-objects/${saved.id}`)).statusCode).toBe(404);

      const before = await bundle('jednotka');
      res = await call('jednotka', 'DELETE', `/v2/event-objects/${saved.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: true });
      const delta = await bundle('jednotka', before.uid);
      expect(delta.removed?.eventObjects).toContain(saved.id);
      expect((await call('jednotka', 'DELETE', `/v2/event-objects/${saved.id}`)).statusCode).toBe(404);
      expect((await call('jednotka', 'PUT', '/v2/event-objects/999999', { content: 'x' })).statusCode).toBe(404);
    });
  });

  describe('drawn objects', () => {
    it('201 a line of the own base: stored as a Feature with properties type draw and the title; delta', async () => {
      const before = await bundle('jednotka');
      const res = await geo('jednotka', {
        title: '  Uzávěra  ',
        geojson: { type: 'Feature', geometry: LINE, properties: {} },
      });
      expect(res.statusCode, res.body).toBe(201);
      const saved = res.json() as EventGeo;
      expect(saved).toMatchObject({ eventId: pha(), title: 'Uzávěra' });
      expect(saved.geojson).toEqual({
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [14.47, 50.1],
            [14.48, 50.10512346],
          ],
        },
        properties: { type: 'draw', title: 'Uzávěra' },
      });
      expect(await journalTypes('eventGeo.create')).toBe(1);
      const delta = await bundle('jednotka', before.uid);
      expect(delta.eventGeos.map((g) => g.id)).toEqual([saved.id]);
    });

    it('a polygon as a bare geometry; a uuid retry answers 200', async () => {
      const body = { uuid: uuid(), eventId: pha(), geojson: POLYGON };
      const first = await call('jednotka', 'POST', '/v2/event-geos', body);
      expect(first.statusCode, first.body).toBe(201);
      const second = await call('jednotka', 'POST', '/v2/event-geos', body);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
    });

    it('without a uuid the server makes one; a retry with it answers 200 with the same drawing', async () => {
      const first = await geo('jednotka', { uuid: undefined, geojson: POLYGON });
      expect(first.statusCode, first.body).toBe(201);
      const made = (first.json() as EventGeo).uuid;
      expect(made).toMatch(UUID_V4);
      const count = (await t.db.select().from(s.eventGeos)).length;
      const again = await geo('jednotka', { uuid: made, geojson: POLYGON });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect((await t.db.select().from(s.eventGeos)).length).toBe(count);
    });

    it('422 for a point, an open ring, one position, junk', async () => {
      for (const geojson of [
        { type: 'Point', coordinates: [14, 50] },
        {
          type: 'Polygon',
          coordinates: [
            [
              [14, 50],
              [14.1, 50],
              [14.1, 50.1],
              [14.2, 50.2],
            ],
          ],
        },
        { type: 'LineString', coordinates: [[14, 50]] },
        {
          type: 'LineString',
          coordinates: [
            [14, 'x'],
            [15, 50],
          ],
        },
        'čára',
        null,
      ]) {
        const res = await geo('jednotka', { geojson });
        expect(res.statusCode, JSON.stringify(geojson)).toBe(422);
        expect(res.json()).toEqual([{ field: 'geojson', message: expect.stringContaining('čára nebo plocha') }]);
      }
    });

    it('403 unless the event is of the user’s base (central too), 404 when invisible', async () => {
      expect((await geo('dispecer')).statusCode).toBe(403);
      expect((await geo('brno')).statusCode).toBe(404);
    });

    it('PUT title and shape; DELETE; 403 for another base', async () => {
      const saved = (await geo('jednotka')).json() as EventGeo;
      let res = await call('jednotka', 'PUT', `/v2/event-geos/${saved.id}`, {
        title: 'Hranice zásahu',
        geojson: POLYGON,
      });
      expect(res.statusCode, res.body).toBe(200);
      const changed = res.json() as EventGeo;
      expect(changed.title).toBe('Hranice zásahu');
      expect((changed.geojson as { geometry: { type: string } }).geometry.type).toBe('Polygon');
      res = await call('jednotka', 'PUT', `/v2/event-geos/${saved.id}`, {
        geojson: { type: 'Point', coordinates: [1, 2] },
      });
      expect(res.statusCode).toBe(422);
      expect((await call('dispecer', 'PUT', `/v2/event-geos/${saved.id}`, { title: 'x' })).statusCode).toBe(403);
      expect((await call('dispecer', 'DELETE', `/v2/event-geos/${saved.id}`)).statusCode).toBe(403);
      const before = await bundle('jednotka');
      expect((await call('jednotka', 'DELETE', `/v2/event-geos/${saved.id}`)).statusCode).toBe(200);
      const delta = await bundle('jednotka', before.uid);
      expect(delta.removed?.eventGeos).toContain(saved.id);
      expect(await t.db.select().from(s.eventGeos).where(eq(s.eventGeos.id, saved.id))).toEqual([]);
    });
  });

  describe('inactive events take nothing', () => {
    it('403 for notes and drawings of a closed event', async () => {
      const created = await call('jednotka', 'POST', '/v2/events', {
        uuid: uuid(),
        eventCategoryId: 5,
        subject: 'Uzavřená',
        description: 'test',
        address: 'Praha',
        targetLatitude: 50.1,
        targetLongitude: 14.5,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as { id: number }).id;
      expect((await note('jednotka', { eventId: id })).statusCode).toBe(201);
      await t.db.update(s.events).set({ eventStateId: 5 }).where(eq(s.events.id, id));
      expect((await note('jednotka', { eventId: id })).statusCode).toBe(403);
      expect((await geo('jednotka', { eventId: id })).statusCode).toBe(403);
    });
  });
});

describe('normalizeGeojson', () => {
  it('keeps lon/lat, drops a third value, rounds to 8 decimals', () => {
    expect(
      normalizeGeojson(
        {
          type: 'LineString',
          coordinates: [
            [14.123456789, 50, 300],
            [15, 51],
          ],
        },
        null,
      ),
    ).toEqual({
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [14.12345679, 50],
          [15, 51],
        ],
      },
      properties: { type: 'draw', title: null },
    });
    expect(
      normalizeGeojson(
        {
          type: 'LineString',
          coordinates: [
            [200, 50],
            [15, 51],
          ],
        },
        null,
      ),
    ).toBeNull();
    expect(normalizeGeojson({ type: 'MultiLineString', coordinates: [] }, null)).toBeNull();
  });
});
