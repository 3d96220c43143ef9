/**
 * Central-only tags (code `C_…`, 000 §6) never leave the server for another base: not in the bundle's tag
 * catalogue, not in an event's `eventToTags` (full bundle, delta after a C_ tag is applied or removed, the PUT
 * answer, GET /v2/events/list). The central base still receives them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWireTime } from '@panel/domain/locale';
import { eq } from 'drizzle-orm';
import type { AppBundle, Event } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { runCommand } from '../../sync/commands.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

describe('central-only C_ tags', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let tagId: Record<string, number> = {};
  let central: { id: number; code: string }[] = [];
  let fireId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka']) sessions[u] = await login(t.app, u);
    const tags = await t.db.select().from(s.tags);
    tagId = Object.fromEntries(tags.map((x) => [x.code, x.id]));
    central = tags.filter((x) => x.code.startsWith('C_'));
    const [fire] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    fireId = fire!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const bundle = async (user: string, uid: string | null = null): Promise<AppBundle> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: sessions[user].headers,
      payload: { uid },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as AppBundle;
  };
  const put = (user: string, eventId: number, eventToTags: number[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/v2/events/${eventId}`,
      headers: sessions[user].headers,
      payload: { eventToTags },
    });
  const appliedIds = async (eventId = fireId) =>
    (await t.db.select().from(s.eventToTags).where(eq(s.eventToTags.eventId, eventId))).map((r) => r.tagId);

  /** No C_ tag anywhere in the answer: no code in the JSON text, no id in the catalogue or an event's tags. */
  function expectNoCentralTag(body: unknown) {
    const text = JSON.stringify(body);
    for (const tag of central) expect(text).not.toContain(tag.code);
    expect(text).not.toContain('"C_');
    const b = body as Partial<AppBundle>;
    const events: Event[] = Array.isArray(body) ? (body as Event[]) : (b.events ?? []);
    const ids = central.map((x) => x.id);
    for (const e of events) for (const id of ids) expect(e.eventToTags).not.toContain(id);
    for (const tag of b.tags ?? []) expect(ids).not.toContain(tag.id);
  }

  it('the demo data has C_ tags, one of them on the unit-visible event (the test can fail)', async () => {
    expect(central.map((x) => x.code).sort()).toEqual(['C_DI', 'C_GR', 'C_MEDIA']);
    expect(await appliedIds()).toContain(tagId.C_MEDIA);
  });

  it('a unit base gets neither the C_ catalogue rows nor the applied C_ tags in the full bundle', async () => {
    const b = await bundle('jednotka');
    const fire = b.events.find((e) => e.id === fireId)!;
    expect(fire).toBeDefined();
    expect(fire.eventToTags).toEqual([tagId.TRAKCE]);
    expect(b.tags.map((x) => x.code)).toContain('TRAKCE');
    expectNoCentralTag(b);
  });

  it('the central base gets them', async () => {
    const b = await bundle('dispecer');
    expect(b.tags.map((x) => x.code)).toEqual(expect.arrayContaining(['C_MEDIA', 'C_GR', 'C_DI']));
    expect(b.events.find((e) => e.id === fireId)!.eventToTags).toEqual(
      [tagId.TRAKCE, tagId.C_MEDIA].sort((a, c) => a - c),
    );
    expect(b.events.find((e) => e.code === 'BRN-2025-0198')!.eventToTags).toContain(tagId.C_DI);
  });

  it('a delta after the central base applies and removes a C_ tag re-sends the event without it', async () => {
    // a central event shared with the unit's base (only the owner base edits an event's tags)
    const made = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: sessions.dispecer.headers,
      payload: {
        uuid: '5ac0ffee-0000-4000-8000-00000000c0de',
        description: 'sdílená s jednotkou',
        eventToBase: [sessions.jednotka.user.baseId],
        eventToTags: [tagId.TRAKCE],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const shared = Number((made.json() as Event).id);
    expect(shared).toBeGreaterThan(0);
    const unit0 = await bundle('jednotka');
    expect(unit0.events.find((e) => e.id === shared)!.eventToTags).toEqual([tagId.TRAKCE]);
    const central0 = await bundle('dispecer');

    const applied = await put('dispecer', shared, [tagId.TRAKCE, tagId.C_GR]);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as Event).eventToTags).toContain(tagId.C_GR);
    expect(await appliedIds(shared)).toContain(tagId.C_GR);

    const unit1 = await bundle('jednotka', unit0.uid);
    expect(unit1.resetData).toBe(false);
    // the event is in the delta (its tags changed), only without the C_ tag
    expect(unit1.events.find((e) => e.id === shared)!.eventToTags).toEqual([tagId.TRAKCE]);
    expectNoCentralTag(unit1);
    const central1 = await bundle('dispecer', central0.uid);
    expect(central1.events.find((e) => e.id === shared)!.eventToTags).toContain(tagId.C_GR);

    const removed = await put('dispecer', shared, [tagId.TRAKCE]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await appliedIds(shared)).not.toContain(tagId.C_GR);
    const unit2 = await bundle('jednotka', unit1.uid);
    expect(unit2.events.find((e) => e.id === shared)!.eventToTags).toEqual([tagId.TRAKCE]);
    expectNoCentralTag(unit2);
  });

  it("a unit's own PUT answer leaves the C_ tags out and keeps them on the event", async () => {
    const res = await put('jednotka', fireId, [tagId.TRAKCE, tagId.ZRANENI]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Event).eventToTags).toEqual([tagId.TRAKCE, tagId.ZRANENI].sort((a, c) => a - c));
    expectNoCentralTag(res.json());
    expect(await appliedIds()).toContain(tagId.C_MEDIA);
  });

  it('GET /v2/events/list leaves C_ tags out for a unit and shows them to the central base', async () => {
    const list = (user: string) =>
      t.app.inject({
        method: 'GET',
        // yesterday and today in Prague: just after midnight the demo events belong to yesterday
        url: `/v2/events/list?per-page=200&from=${toWireTime(new Date(Date.now() - 86_400_000)).slice(0, 10)}&to=${toWireTime(new Date()).slice(0, 10)}`,
        headers: sessions[user].headers,
      });
    const unit = await list('jednotka');
    expect(unit.statusCode).toBe(200);
    expect((unit.json() as Event[]).map((e) => e.id)).toContain(fireId);
    expectNoCentralTag(unit.json());
    const all = (await list('dispecer')).json() as Event[];
    expect(all.find((e) => e.id === fireId)!.eventToTags).toContain(tagId.C_MEDIA);
  });

  it('a tag recoded into a C_ tag is taken back from a unit in the next delta', async () => {
    const before = await bundle('jednotka');
    expect(before.tags.map((x) => x.id)).toContain(tagId.ZRANENI);
    await runCommand({ db: t.db, hub: t.hub }, { userId: null, deviceId: null }, { type: 'test' }, async (tx, rec) => {
      await tx.update(s.tags).set({ code: 'C_ZRANENI' }).where(eq(s.tags.id, tagId.ZRANENI));
      rec.changed('tags', tagId.ZRANENI);
      rec.broadcast();
    });
    const unit = await bundle('jednotka', before.uid);
    expect(unit.tags.map((x) => x.id)).not.toContain(tagId.ZRANENI);
    expect(unit.removed?.tags).toContain(tagId.ZRANENI);
    expect(JSON.stringify(unit)).not.toContain('C_ZRANENI');
    const centralFull = await bundle('dispecer');
    expect(centralFull.tags.map((x) => x.code)).toContain('C_ZRANENI');
  });
});
