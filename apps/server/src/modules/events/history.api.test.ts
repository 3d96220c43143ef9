/**
 * 'Historie akcí' (issue 12 item 7): GET /v2/events/{id}/history is readable by every principal who may view the
 * event (also MNG, also after the event is closed), shows who did what with the category's field labels and
 * never the raw data; the raw journal GET /v2/events/journal/{id} stays behind view Debug.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventHistoryRow } from '@panel/domain/events';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

describe('event history', () => {
  let t: TestApp;
  let eventId: number;
  const sessions: Record<string, TestSession> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'dispecer', 'jednotka', 'mng', 'udrp', 'brno']) sessions[u] = await login(t.app, u);
    // the Praha fire (base PHA = jednotka's), tagged TRAKCE and the central-only C_MEDIA
    const [fire] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    eventId = fire.id;
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/v2/events/${eventId}`, payload, headers: sessions.jednotka.headers });
    expect((await put({ description: 'Hoří i druhá lokomotiva.' })).statusCode).toBe(200);
    // the unit's own tags: the journal's raw data then holds the tag ids, the central-only one included
    expect((await put({ eventToTags: [9, 7] })).statusCode).toBe(200);
    expect((await put({ eventStateId: 5 })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, user: string) => t.app.inject({ method: 'GET', url, headers: sessions[user].headers });

  it('is readable by everybody who may view the event, the closed event too', async () => {
    for (const user of ['admin', 'dispecer', 'jednotka', 'mng']) {
      const res = await get(`/v2/events/${eventId}/history`, user);
      expect(res.statusCode, user).toBe(200);
      const rows = res.json<EventHistoryRow[]>();
      const mine = rows.filter((r) => r.user === 'jednotka' && r.type.startsWith('event.'));
      // closing ended the event's deployments in the same command (their rows follow)
      expect(rows.some((r) => r.type === 'eventJob.end' && r.action === 'Ukončení nasazení techniky')).toBe(true);
      expect(
        mine.map((r) => [r.type, r.action, r.detail]),
        user,
      ).toEqual([
        ['event.update', 'Úprava události', 'Změněno: Popis události'],
        ['event.update', 'Úprava události', 'Změněno: Štítky'],
        ['event.close', 'Uzavření události', 'Změněno: Stav, Status'],
      ]);
      for (const r of mine) {
        expect(r.device, user).toEqual(expect.any(String));
        expect(r.date, user).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      }
    }
  });

  it('never carries the raw data (old and new values, tag ids)', async () => {
    const res = await get(`/v2/events/${eventId}/history`, 'mng');
    for (const row of res.json<Record<string, unknown>[]>()) {
      expect(Object.keys(row).sort()).toEqual(['action', 'date', 'detail', 'device', 'id', 'type', 'user']);
    }
    expect(res.body).not.toContain('Hoří i druhá lokomotiva');
  });

  it('hides another base’s event like an unknown one, and refuses a user without view Event', async () => {
    expect((await get(`/v2/events/${eventId}/history`, 'brno')).statusCode).toBe(404);
    expect((await get(`/v2/events/2147483647/history`, 'dispecer')).statusCode).toBe(404);
    expect((await get(`/v2/events/${eventId}/history`, 'udrp')).statusCode).toBe(403);
    expect((await get(`/v2/events/abc/history`, 'dispecer')).statusCode).toBe(422);
  });

  it('keeps the raw debug journal behind view Debug', async () => {
    for (const user of ['dispecer', 'jednotka', 'mng', 'udrp']) {
      expect((await get(`/v2/events/journal/${eventId}`, user)).statusCode, user).toBe(403);
    }
    const res = await get(`/v2/events/journal/${eventId}`, 'admin');
    expect(res.statusCode).toBe(200);
    const update = res
      .json<{ history: { type: string; data: unknown }[] }>()
      .history.find((r) => r.type === 'event.update');
    expect(update?.data).toMatchObject({ changes: { description: { new: 'Hoří i druhá lokomotiva.' } } });
  });
});
