/** Event-to-event links and link candidates through the real app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppBundle, Event } from '@panel/domain/sync';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, nthUuid, postEvent, type TestApp, type TestSession } from '../../../test/factory.js';

/** A saved event: its id is known. */
type Saved = Omit<Event, 'id'> & { id: number };

describe('event-to-event links', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'mng']) sessions[u] = await login(t.app, u);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (user: string, body: Record<string, unknown> = {}) => {
    seq += 1;
    return postEvent<Saved>(t, sessions[user], { uuid: nthUuid('1e4c0000', seq), description: `link ${seq}`, ...body });
  };
  const link = (a: number, b: number, user = 'dispecer') =>
    t.app.inject({ method: 'POST', url: `/v2/event-to-events/${a}/${b}`, headers: sessions[user].headers });
  const unlink = (id: number, user = 'dispecer') =>
    t.app.inject({ method: 'DELETE', url: `/v2/event-to-events/${id}`, headers: sessions[user].headers });
  const app = async (user: string, uid: string | null) =>
    (
      await t.app.inject({ method: 'POST', url: '/v2/app', headers: sessions[user].headers, payload: { uid } })
    ).json() as AppBundle;
  const byCode = async (code: string) => (await t.db.select().from(s.events).where(eq(s.events.code, code)))[0];

  it('links: source gets parentId and state 4, a link row; the delta carries both; journal on both', async () => {
    const a = await create('dispecer');
    const b = await create('dispecer');
    const { uid } = await app('dispecer', null);
    const res = await link(a.id, b.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      result: true,
      event: { id: a.id, parentId: b.id, eventStateId: 4, version: 2 },
    });
    const rows = await t.db.select().from(s.eventToEvent).where(eq(s.eventToEvent.sourceEventId, a.id));
    expect(rows).toMatchObject([{ targetEventId: b.id, createdBy: sessions.dispecer.user.id }]);
    const delta = await app('dispecer', uid);
    expect(delta.eventToEvent.map((l) => [l.sourceEventId, l.targetEventId])).toEqual([[a.id, b.id]]);
    expect(delta.events.find((e) => e.id === a.id)?.eventStateId).toBe(4);
    const types = async (id: number) =>
      (await t.db.select().from(s.journal).where(eq(s.journal.eventId, id)).orderBy(s.journal.id)).map((j) => j.type);
    expect(await types(a.id)).toEqual(['event.create', 'eventToEvent.create']);
    expect(await types(b.id)).toEqual(['event.create', 'eventToEvent.create']);
    expect(t.hub.invalidations.at(-1)!.tables.sort()).toEqual(['eventToEvent', 'events']);
  });

  it('404 with the spec text for a missing target; 422 itself, an inactive target, a cycle; 403 without rights', async () => {
    const a = await create('dispecer');
    const missing = await link(a.id, 999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Chyba. Nebyla nalezena cílová událost' });
    expect((await link(999999, a.id)).statusCode).toBe(404);
    const self = await link(a.id, a.id);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual([{ field: 'otherEventId', message: 'Událost nelze připojit sama k sobě.' }]);
    const closed = await byCode('PLZ-2025-0233');
    expect((await link(a.id, closed.id)).statusCode).toBe(422);
    // a cycle: b hangs on a (set directly, still active), linking a to b would close the circle
    const b = await create('dispecer');
    await t.db.update(s.events).set({ parentId: a.id }).where(eq(s.events.id, b.id));
    const cycle = await link(a.id, b.id);
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json()).toEqual([{ field: 'otherEventId', message: 'Připojení by vytvořilo cyklus událostí.' }]);
    // a unit may not link an event of another base (shared with it), view-only users neither
    const fire = await byCode('PHA-2025-0412');
    const shared = await create('dispecer', { eventToBase: [fire.baseId!] });
    expect((await link(shared.id, fire.id, 'jednotka')).statusCode).toBe(403);
    expect((await link(a.id, shared.id, 'mng')).statusCode).toBe(403);
    expect(await t.db.select().from(s.eventToEvent).where(eq(s.eventToEvent.sourceEventId, shared.id))).toHaveLength(0);
    const none = await t.app.inject({ method: 'POST', url: `/v2/event-to-events/${a.id}/${b.id}` });
    expect(none.statusCode).toBe(401);
  });

  it('unlink: group COIS only; the source returns to state 1 without parent; the delta removes the row', async () => {
    // shared with PHA, so the unit sees it (and is refused, not told it does not exist)
    const pha = (await byCode('PHA-2025-0412')).baseId!;
    const a = await create('dispecer', { eventToBase: [pha] });
    const b = await create('dispecer', { eventToBase: [pha] });
    await link(a.id, b.id);
    const [row] = await t.db.select().from(s.eventToEvent).where(eq(s.eventToEvent.sourceEventId, a.id));
    const refused = await unlink(row.id, 'jednotka');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.any(String) });
    const { uid } = await app('dispecer', null);
    const res = await unlink(row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const [source] = await t.db.select().from(s.events).where(eq(s.events.id, a.id));
    expect(source).toMatchObject({ parentId: null, eventStateId: 1 });
    const delta = await app('dispecer', uid);
    expect(delta.removed?.eventToEvent).toEqual([row.id]);
    expect(delta.events.find((e) => e.id === a.id)?.eventStateId).toBe(1);
    expect((await unlink(row.id)).statusCode).toBe(404);
  });

  it('unlink of a link whose source was not attached keeps the source state (demo linked-events summary)', async () => {
    const summary = await byCode('LINK-2025-0007');
    const [row] = await t.db.select().from(s.eventToEvent).where(eq(s.eventToEvent.sourceEventId, summary.id));
    const res = await unlink(row.id);
    expect(res.statusCode).toBe(200);
    expect((await byCode('LINK-2025-0007')).eventStateId).toBe(summary.eventStateId);
  });

  it('candidates: active visible events but itself, its children and its parent, nearest first, paged', async () => {
    const dzin = await byCode('DZIN-118840');
    // two more events a little farther within the nearby radius than the demo summary (~44 m): three to page
    await create('dispecer', { targetLatitude: 49.566, targetLongitude: 17.2535 });
    await create('dispecer', { targetLatitude: 49.567, targetLongitude: 17.2535 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/events/${dzin.id}/link?per-page=2`,
      headers: sessions.dispecer.headers,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json() as { event: Event; distance: number | null }[];
    expect(items).toHaveLength(2);
    expect(items[0].event.code).toBe('LINK-2025-0007');
    expect(items[0].distance).toBeCloseTo(44.4, 0);
    expect(items[1].distance!).toBeGreaterThanOrEqual(items[0].distance!);
    expect(res.headers['x-pagination-per-page']).toBe('2');
    expect(res.headers.link).toMatch(/rel=next/);
    const all = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/events/${dzin.id}/link?per-page=200`,
        headers: sessions.dispecer.headers,
      })
    ).json() as { event: Event; distance: number | null }[];
    const ids = all.map((c) => c.event.id);
    expect(ids).not.toContain(dzin.id);
    expect(all.every((c) => ![3, 4, 5, 6, 7].includes(c.event.eventStateId))).toBe(true);
    // only events within the nearby radius, each with a distance, nearest first
    expect(all.every((c) => c.distance !== null && c.distance <= 2500)).toBe(true);
    expect(all.map((c) => c.distance)).toEqual([...all.map((c) => c.distance!)].sort((a, b) => a - b));
    // children and the parent are left out
    const child = await create('dispecer', { targetLatitude: 49.565, targetLongitude: 17.2535 });
    const parent = await create('dispecer', { targetLatitude: 49.5651, targetLongitude: 17.2535 });
    await link(dzin.id, parent.id);
    await t.db.update(s.events).set({ parentId: dzin.id }).where(eq(s.events.id, child.id));
    const after = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/events/${dzin.id}/link?per-page=200`,
        headers: sessions.dispecer.headers,
      })
    ).json() as { event: Event }[];
    expect(after.map((c) => c.event.id)).not.toContain(child.id);
    expect(after.map((c) => c.event.id)).not.toContain(parent.id);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/v2/events/999999/link',
      headers: sessions.dispecer.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  describe('nearby radius (2,500 m, 000 §9) and the create-from offer', () => {
    // a spot far from every demo event; 0.009° of latitude ≈ 1 km, 3.71° of longitude at 49° N ≈ 271 km
    const at = (lat: number, lon: number) => ({ targetLatitude: lat, targetLongitude: lon });
    const candidates = async (id: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/events/${id}/link?per-page=200`,
        headers: sessions.dispecer.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json() as { event: Event; distance: number | null }[];
      // the total the panel's create-from offer follows (domain hasNearbyEvent, same rule)
      return { items, total: Number(res.headers['x-pagination-total-count']) };
    };

    it('offers the event 1 km away, not the one 271 km away nor one without a target', async () => {
      const here = await create('dispecer', at(49.0, 13.5));
      const near = await create('dispecer', at(49.009, 13.5));
      const far = await create('dispecer', at(49.0, 17.21));
      const blind = await create('dispecer');
      const fromHere = await candidates(here.id);
      expect(fromHere.items.map((c) => c.event.id)).toEqual([near.id]);
      expect(fromHere.items[0].distance).toBeCloseTo(1000.8, 0);
      expect(fromHere.total).toBe(1);
      // the far one has no neighbour: no candidates, so no create-from offer
      const fromFar = await candidates(far.id);
      expect(fromFar.items).toEqual([]);
      expect(fromFar.total).toBe(0);
      // without a target an event is near nothing: no candidates from across the country, no offer
      const fromBlind = await candidates(blind.id);
      expect(fromBlind.items).toEqual([]);
      expect(fromBlind.total).toBe(0);
      // 2,500 m is in, just past it is out
      const edge = await create('dispecer', at(49.0 + 2500 / 111_195, 13.5 - 0.0001));
      expect((await candidates(here.id)).items.map((c) => c.event.id)).toEqual([near.id]);
      await t.db
        .update(s.events)
        .set(at(49.0 + 2499 / 111_195, 13.5))
        .where(eq(s.events.id, edge.id));
      expect((await candidates(here.id)).items.map((c) => c.event.id)).toEqual([near.id, edge.id]);
      // once the near one is closed, the offer goes away
      await t.db.update(s.events).set({ eventStateId: 3 }).where(eq(s.events.id, near.id));
      expect((await candidates(here.id)).items.map((c) => c.event.id)).toEqual([edge.id]);
    });
  });
});
