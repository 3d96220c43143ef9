/**
 * The incident report's call through the real app (issue 26 item 3): who may read it (view Event and a visible
 * event; unknown and another base's event both 404; bad ids 422), and what it holds — the event with its
 * catalogue names, the commander, both conversations, the deployments with their journaled statuses and the
 * expected vs actual arrival, and the timeline of status changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { IncidentReport } from '@panel/domain/incidentReport';
import { fromWireTime } from '@panel/domain/locale';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

describe('incident report API (issue 26 item 3)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let eventId: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'mng', 'udrp']) sessions[u] = await login(t.app, u);
    eventId = Object.fromEntries((await t.db.select().from(s.events)).map((e) => [e.code!, e.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: sessions[user].headers });
  const report = async (user: string, code: string): Promise<IncidentReport> => {
    const res = await get(user, `/v2/events/${eventId[code]}/report`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('holds the event, its commander and contacts, and both conversations in time order', async () => {
    const r = await report('dispecer', 'PHA-2025-0412');
    expect(r.event).toMatchObject({
      code: 'PHA-2025-0412',
      subject: 'Požár lokomotivy řady 363',
      address: 'Praha-Libeň, žst., kolej 3',
      target: [14.4957, 50.1009],
    });
    expect(r.event.category).toBeTruthy();
    expect(r.event.type).toBeTruthy();
    expect(r.commander).toMatchObject({ name: 'npor. Jiří Beneš', title: 'Velitel zásahu' });
    expect(r.contacts.map((c) => c.name)).toContain('Výpravčí Praha-Libeň');
    expect(r.conversations.map((c) => c.messageCategoryId)).toEqual([1, 2]);
    const [first, second] = r.conversations;
    expect(first.messages.map((m) => m.content)).toContain(
      'Požár lokalizován, probíhá chlazení a kontrola termokamerou.',
    );
    expect(second.messages.map((m) => m.content)).toContain(
      'Trakce vypnuta a uzemněna v 10:12, kolej 3 a 5 vyloučena.',
    );
    for (const c of r.conversations) {
      const times = c.messages.map((m) => m.createdAt);
      expect(times).toEqual([...times].sort());
      expect(c.messages.every((m) => m.messageCategoryId === c.messageCategoryId)).toBe(true);
    }
    expect(r.timeline[0]).toMatchObject({ type: 'event.create', action: 'Založení události' });
  });

  it('lists each deployment with its vehicle, the arrival stamped on it and the estimate at departure', async () => {
    const r = await report('dispecer', 'PHA-2025-0412');
    expect(r.vehicles.map((v) => v.name)).toEqual([
      'CAS 30 Tatra 815-7 PHA',
      'TA-L VW Crafter PHA',
      'CAS 30 Tatra 815-7 NYM',
    ]);
    const cas = r.vehicles[0];
    expect(cas.status).toBe('Na místě');
    expect(cas.arrivedAt).not.toBeNull();
    // the seed puts no fix in the history: the estimate starts at the vehicle's base
    expect(cas.expectedArrivalAt).not.toBeNull();
    // the difference of the two times as printed (HH:mm)
    const minute = (wire: string | null) => Math.floor(fromWireTime(wire)!.getTime() / 60_000);
    expect(cas.arrivalDifference).toBe(minute(cas.arrivedAt) - minute(cas.expectedArrivalAt));
    expect(r.vehicles[2]).toMatchObject({ status: 'Na cestě', arrivedAt: null, arrivalDifference: null });
  });

  it('a status change of a deployment shows in its statuses and in the timeline, with who made it', async () => {
    const [job] = await t.db
      .select()
      .from(s.eventJobs)
      .where(and(eq(s.eventJobs.eventId, eventId['PHA-2025-0412']), eq(s.eventJobs.eventJobStatusId, 15)));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v2/event-jobs/${job.id}`,
      headers: sessions.dispecer.headers,
      payload: { eventJobStatusId: 18 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const r = await report('dispecer', 'PHA-2025-0412');
    const nym = r.vehicles.find((v) => v.jobId === job.id)!;
    expect(nym.statuses).toHaveLength(1);
    expect(nym.statuses[0]).toMatchObject({ statusId: 18, status: 'Na místě', byGeofence: false });
    expect(nym.statuses[0].user).toBeTruthy();
    expect(nym.arrivedAt).not.toBeNull();
    const row = r.timeline.find((x) => x.type === 'eventJob.update')!;
    expect(row.detail).toBe('CAS 30 Tatra 815-7 NYM: Na cestě → Na místě');
    expect(row.at).toBe(nym.statuses[0].at);
  });

  it('the estimate starts where the track starts, and the track is in the report', async () => {
    const [job] = await t.db.select().from(s.eventJobs).where(eq(s.eventJobs.eventId, eventId['KOPIS-T-2025-7781']));
    const start = job.createdAt.getTime();
    // 6 km south of the target, then at the target 8 minutes after departure
    await t.db.insert(s.resourcePositions).values([
      { resourceId: job.resourceId!, longitude: 18.2725, latitude: 49.8033, recordedAt: new Date(start + 30_000) },
      { resourceId: job.resourceId!, longitude: 18.2725, latitude: 49.83, recordedAt: new Date(start + 240_000) },
      { resourceId: job.resourceId!, longitude: 18.2725, latitude: 49.8573, recordedAt: new Date(start + 480_000) },
    ]);
    const r = await report('dispecer', 'KOPIS-T-2025-7781');
    const v = r.vehicles.find((x) => x.jobId === job.id)!;
    // 6 km × 1.3 at 60 km/h ≈ 7.8 min after departure
    const expected = fromWireTime(v.expectedArrivalAt)!.getTime();
    expect(Math.round((expected - start) / 60_000)).toBe(8);
    expect(v.distance).toBeGreaterThan(5_500);
    expect(r.tracks.find((tr) => tr.jobId === job.id)?.points.length).toBeGreaterThanOrEqual(3);
    expect(r.conversations[0].messages.some((m) => (m.media ?? []).some((f) => f.endsWith('.jpg')))).toBe(true);
  });

  it('MNG reads it with the messages; a role without view Event is refused', async () => {
    const r = await report('mng', 'BRN-2025-0198');
    expect(r.event.code).toBe('BRN-2025-0198');
    expect(r.conversations.every((c) => c.readable)).toBe(true);
    expect((await get('udrp', `/v2/events/${eventId['PHA-2025-0412']}/report`)).statusCode).toBe(403);
  });

  it("another base's event and an unknown one answer the same 404; a bad id is 422", async () => {
    const other = await get('jednotka', `/v2/events/${eventId['BRN-2025-0198']}/report`);
    const unknown = await get('jednotka', '/v2/events/999999/report');
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    const bad = await get('dispecer', '/v2/events/abc/report');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()[0].field).toBe('id');
    expect((await get('jednotka', `/v2/events/${eventId['PHA-2025-0412']}/report`)).statusCode).toBe(200);
  });
});
