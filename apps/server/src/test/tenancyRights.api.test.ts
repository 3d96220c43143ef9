/**
 * Tenancy rights (issue 11 item 7): the view-only group MNG cannot upload attachments; the device list follows
 * `device.all` (on the central base), not "sees every event"; linking and unlinking events need group COIS.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@panel/domain/sync';
import * as s from '../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession, pullFullBundle } from './factory.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('tenancy rights', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let events: { id: number; baseId: number | null; eventCategoryId: number }[];

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'dispecer', 'jednotka', 'mng', 'udrp']) sessions[u] = await login(t.app, u);
    events = await t.db
      .select({ id: s.events.id, baseId: s.events.baseId, eventCategoryId: s.events.eventCategoryId })
      .from(s.events);
  }, 60_000);
  afterAll(async () => t?.close());

  const upload = (user: string, eventId: number, name: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/media/event/${eventId}/${name}`,
      headers: { ...sessions[user].headers, 'content-type': 'application/pdf' },
      payload: PDF,
    });

  it('mng (view only) cannot upload attachments; a unit and the central dispatcher can', async () => {
    const own = events.find((e) => e.baseId === 1) ?? events[0];
    const refused = await upload('mng', own.id, `${own.id}-20260101_101010-X-RHZ-01.pdf`);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(
      await t.db
        .select()
        .from(s.media)
        .where(eq(s.media.fileName, `${own.id}-20260101_101010-X-RHZ-01.pdf`)),
    ).toEqual([]);
    const praha = events.find((e) => e.baseId === 3)!;
    expect((await upload('jednotka', praha.id, `${praha.id}-20260101_101011-T-PHA-01.pdf`)).statusCode).toBe(201);
    expect((await upload('dispecer', praha.id, `${praha.id}-20260101_101012-X-COIS-02.pdf`)).statusCode).toBe(201);
  });

  it('an invisible and an unknown event answer the same 404 to an upload (no id oracle)', async () => {
    const brno = events.find((e) => e.baseId === 4)!;
    const invisible = await upload('jednotka', brno.id, `${brno.id}-20260101_101013-T-PHA-01.pdf`);
    const unknown = await upload('jednotka', 999_999, '999999-20260101_101013-T-PHA-01.pdf');
    expect([invisible.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(invisible.json()).toEqual(unknown.json());
  });

  describe('devices follow device.all', () => {
    const devices = async (user: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/v2/devices${query}`, headers: sessions[user].headers });

    it('mng and udrp (every event, no device.all) list only their own unit; other units are 403', async () => {
      for (const user of ['mng', 'udrp']) {
        const base = sessions[user].user.baseId;
        const res = await devices(user);
        expect(res.statusCode).toBe(200);
        const list = res.json() as Device[];
        expect(list.length, user).toBeGreaterThan(0);
        expect(new Set(list.map((d) => d.baseId)), user).toEqual(new Set([base]));
        const other = base === 4 ? 3 : 4;
        expect((await devices(user, `?baseId=${other}`)).statusCode, user).toBe(403);
        // one device of another unit by id
        const [foreign] = await t.db.select().from(s.devices).where(eq(s.devices.baseId, other)).limit(1);
        expect((await devices(user, `/${foreign.id}`)).statusCode, user).toBe(403);
      }
    });

    it('the central base with device.all (admin, dispecer) lists every unit', async () => {
      for (const user of ['admin', 'dispecer']) {
        const list = (await devices(user)).json() as Device[];
        expect(new Set(list.map((d) => d.baseId)).size, user).toBeGreaterThan(3);
      }
    });

    it("the bundle's devices follow the same rule", async () => {
      const bundle = await pullFullBundle(t.app, sessions.mng.headers);
      const list = (bundle.json() as { devices: Device[] }).devices;
      expect(new Set(list.map((d) => d.baseId))).toEqual(new Set([sessions.mng.user.baseId]));
    });
  });

  describe('linking needs group COIS', () => {
    const link = (user: string, a: number, b: number) =>
      t.app.inject({ method: 'POST', url: `/v2/event-to-events/${a}/${b}`, headers: sessions[user].headers });

    it('a unit cannot link even its own events; COIS can', async () => {
      const make = async (description: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/v2/events',
            headers: sessions.jednotka.headers,
            payload: { uuid: crypto.randomUUID(), description },
          })
        ).json() as { id: number };
      const a = await make('dítě');
      const b = await make('rodič');
      const refused = await link('jednotka', a.id, b.id);
      expect(refused.statusCode, refused.body).toBe(403);
      expect((await t.db.select().from(s.events).where(eq(s.events.id, a.id)))[0].parentId).toBeNull();
      // the refusal comes first: an unknown id says nothing either
      expect((await link('jednotka', a.id, 999_999)).statusCode).toBe(403);
      const done = await link('dispecer', a.id, b.id);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().event).toMatchObject({ id: a.id, parentId: b.id, eventStateId: 4 });

      const [row] = await t.db.select().from(s.eventToEvent).where(eq(s.eventToEvent.sourceEventId, a.id));
      const unlink = (user: string) =>
        t.app.inject({ method: 'DELETE', url: `/v2/event-to-events/${row.id}`, headers: sessions[user].headers });
      expect((await unlink('jednotka')).statusCode).toBe(403);
      expect((await unlink('admin')).statusCode).toBe(403);
      expect((await unlink('dispecer')).statusCode).toBe(200);
    });
  });
});
