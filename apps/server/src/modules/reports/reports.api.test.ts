/**
 * Response-time reports (issue 26 item 2) through the real app on PGlite, and the same statement on PostgreSQL
 * (DATABASE_URL): who may ask (MNG and the central base: every base; a unit: its own; udrp: 403), the figures on
 * a hand-made history (medians and 90th percentiles worked out by hand, `percentile_cont` interpolates: p90 of
 * n sorted values = v[k] + f·(v[k+1] − v[k]) with k + f = 0.9·(n − 1)), the filters, the status history written
 * by the job commands in their own transaction, and bad filters as 422 in Czech.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ResponseTimes } from '@panel/domain/reports';
import * as s from '../../db/schema/index.js';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { seedDemo } from '../../demo/seed.js';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratchDatabase.js';
import { createTestApp, login, nthUuid, type TestApp, type TestSession } from '../../test/factory.js';
import { writeHandHistory } from './history.testkit.js';
import { responseTimes } from './queries.js';

const OCTOBER = 'from=2026-10-01&to=2026-10-31';

/** The hand-worked figures of HAND_JOBS over October (all bases). */
function expectOctober(r: ResponseTimes) {
  expect(r.total.jobs).toBe(6);
  // turnout 30, 45, 60, 90, 120: median 60, p90 at 3.6 → 90 + 0.6·30; within 60 s: 3 of 5
  expect(r.total.turnout).toEqual({ count: 5, median: 60, p90: 108, withinTarget: 0.6 });
  // travel 300, 600, 700, 900, 1320, 1500: median (700 + 900) / 2, p90 at 4.5 → 1320 + 0.5·180
  expect(r.total.travel).toMatchObject({ count: 6, median: 800, p90: 1410, withinTarget: null });
  // on scene 600, 1200, 1800, 3600: median 1500, p90 at 2.7 → 1800 + 0.7·1800
  expect(r.total.onScene.median).toBe(1500);
  expect(r.total.onScene.p90).toBeCloseTo(3060, 6);
  // return 300, 600, 900, 1200: median 750, p90 → 900 + 0.7·300
  expect(r.total.return.median).toBe(750);
  expect(r.total.return.p90).toBeCloseTo(1110, 6);
  // arrival (14 → 18) 420, 630, 960, 1365, 1590: median 960, p90 → 1365 + 0.6·225; within 20 min: 3 of 5
  expect(r.total.arrival).toEqual({ count: 5, median: 960, p90: 1500, withinTarget: 0.6 });
}

describe('response-time reports (issue 26 item 2)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let vehicles: Record<'PHA' | 'BRN', number>;
  let baseOf: Map<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'dispecer', 'jednotka', 'mng', 'udrp', 'brno']) sessions[u] = await login(t.app, u);
    vehicles = await writeHandHistory(t.db);
    baseOf = new Map((await t.db.select().from(s.bases)).map((b) => [b.code, b.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (user: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/v2/reports/response-times?${query}`, headers: sessions[user].headers });
  const report = async (user: string, query: string): Promise<ResponseTimes> => {
    const res = await get(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ResponseTimes;
  };

  it('answers MNG, the central base and admin with every base, figures as worked out by hand', async () => {
    for (const user of ['mng', 'dispecer', 'admin']) {
      const r = await report(user, OCTOBER);
      expect(r.ownBaseOnly).toBeNull();
      expectOctober(r);
    }
  });

  it('holds a unit to its own base; another base in the filter is 422', async () => {
    const r = await report('jednotka', OCTOBER);
    expect(r.ownBaseOnly).toBe(baseOf.get('PHA'));
    expect(r.total.jobs).toBe(4);
    // PHA turnout 30, 60, 90, 120: median 75, p90 at 2.7 → 90 + 0.7·30; within 60 s: 2 of 4
    expect(r.total.turnout.median).toBe(75);
    expect(r.total.turnout.p90).toBeCloseTo(111, 6);
    expect(r.total.turnout.withinTarget).toBe(0.5);
    expect(r.byBase.map((b) => b.key)).toEqual([String(baseOf.get('PHA'))]);
    const other = await get('jednotka', `${OCTOBER}&baseId=${baseOf.get('BRN')}`);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual([{ field: 'baseId', message: 'Můžete zobrazit jen výjezdy své jednotky.' }]);
    expect((await report('brno', OCTOBER)).total.jobs).toBe(2);
  });

  it('refuses role udrp (it views no deployments)', async () => {
    const res = await get('udrp', OCTOBER);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Přehled časů zásahů vám není přístupný.' });
  });

  it('groups by vehicle, base, category and month and filters by base, category, vehicle and period', async () => {
    const byVehicle = await report('mng', `${OCTOBER}&groupBy=resource`);
    expect(byVehicle.rows.map((r) => [r.key, r.jobs])).toEqual(
      expect.arrayContaining([
        [String(vehicles.PHA), 4],
        [String(vehicles.BRN), 2],
      ]),
    );
    expect(byVehicle.rows.every((r) => r.label.length > 0 && !r.label.startsWith('#'))).toBe(true);
    const byCategory = await report('mng', `${OCTOBER}&groupBy=category`);
    expect(byCategory.rows.map((r) => r.jobs).sort()).toEqual([2, 4]);
    const byMonth = await report('mng', 'from=2026-09-01&to=2026-11-30&groupBy=month');
    expect(byMonth.rows.find((r) => r.key === '2026-10')?.jobs).toBe(6);
    expect(byMonth.rows.find((r) => r.key === '2026-10')?.label).toBe('2026-10');

    expect((await report('mng', `${OCTOBER}&baseId=${baseOf.get('BRN')}`)).total.jobs).toBe(2);
    expect((await report('mng', `${OCTOBER}&resourceId=${vehicles.PHA}`)).total.jobs).toBe(4);
    const [brnEvent] = await t.db.select().from(s.events).where(eq(s.events.code, 'BRN-2025-0198'));
    const cat = await report('mng', `${OCTOBER}&eventCategoryId=${brnEvent.eventCategoryId}`);
    expect(cat.total.jobs).toBe(2);
    // 3–10 October: jobs of the 3rd, 5th, 6th and 10th
    expect((await report('mng', 'from=2026-10-03&to=2026-10-10')).total.jobs).toBe(4);
    const empty = await report('mng', 'from=2025-01-01&to=2025-01-31');
    expect(empty.total).toMatchObject({ jobs: 0, turnout: { count: 0, median: null, p90: null } });
    expect(empty.rows).toEqual([]);
  });

  it('gives the distribution bars', async () => {
    const r = await report('mng', OCTOBER);
    // turnout by 15 s: 30 → bar 2, 45 → 3, 60 → 4, 90 → 6, 120 → 8
    expect(r.distribution.turnout.map((b) => b.count)).toEqual([0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0]);
    expect(r.distribution.turnout.at(-1)).toMatchObject({ from: 165, to: null });
    expect(r.distribution.arrival.reduce((n, b) => n + b.count, 0)).toBe(5);
  });

  it('defaults to the last 90 days and reads the targets from the setting', async () => {
    const r = await report('mng', '');
    expect(r.groupBy).toBe('base');
    const days = (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000;
    expect(days).toBe(89);
    await t.db.insert(s.settings).values({ key: 'reportTargets', value: { turnoutSeconds: 90, arrivalSeconds: 900 } });
    try {
      const changed = await report('mng', OCTOBER);
      expect(changed.targets).toEqual({ turnoutSeconds: 90, arrivalSeconds: 900 });
      expect(changed.total.turnout.withinTarget).toBe(0.8);
      expect(changed.total.arrival.withinTarget).toBe(0.4);
    } finally {
      await t.db.delete(s.settings).where(eq(s.settings.key, 'reportTargets'));
    }
  });

  it('answers bad filters with 422 in Czech', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-10-31&to=2026-10-01', 'to', 'Datum „Do“ nesmí být před datem „Od“.'],
      ['from=2025-01-01&to=2026-10-01', 'to', 'Období může být nejvýše 366 dní.'],
      ['groupBy=week', 'groupBy', ''],
      ['from=2026-02-30', 'from', ''],
      ['baseId=-1', 'baseId', ''],
    ];
    for (const [query, field, message] of cases) {
      const res = await get('mng', query);
      expect(res.statusCode, query).toBe(422);
      const body = res.json() as { field: string; message: string }[];
      expect(body.map((e) => e.field)).toContain(field);
      if (message) expect(body.find((e) => e.field === field)?.message).toBe(message);
      for (const e of body) expect(e.message).toMatch(/[a-zá-ž]/i);
    }
  });

  it('records every status change of the job commands in their transaction', async () => {
    const [event] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    const [vehicle] = await t.db
      .select({ id: s.resources.id })
      .from(s.resources)
      .where(eq(s.resources.baseId, baseOf.get('PHA')!))
      .orderBy(sql`${s.resources.id} desc`)
      .limit(1);
    const h = sessions.dispecer.headers;
    const made = await t.app.inject({
      method: 'POST',
      url: '/v2/event-jobs',
      headers: h,
      payload: { uuid: nthUuid('26a00000', 1), eventId: event.id, resourceId: vehicle.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const jobId = (made.json() as { id: number }).id;
    for (const status of [15, 18, 20]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v2/event-jobs/${jobId}`,
        headers: h,
        payload: { eventJobStatusId: status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // a refused change (the job has ended) records nothing
    const late = await t.app.inject({
      method: 'PUT',
      url: `/v2/event-jobs/${jobId}`,
      headers: h,
      payload: { eventJobStatusId: 19 },
    });
    expect(late.statusCode).toBe(422);
    const rows = await t.db
      .select()
      .from(s.eventJobStatusChanges)
      .where(eq(s.eventJobStatusChanges.jobId, jobId))
      .orderBy(s.eventJobStatusChanges.id);
    expect(rows.map((r) => r.status)).toEqual([14, 15, 18, 20]);
    expect(rows.every((r) => r.eventId === event.id && r.resourceId === vehicle.id)).toBe(true);
    const [job] = await t.db.select().from(s.eventJobs).where(eq(s.eventJobs.id, jobId));
    expect(rows.at(-1)!.at.getTime()).toBe(job.endedAt!.getTime());
  });
});

const url = process.env.DATABASE_URL;
(url ? describe : describe.skip)('response-time reports on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let h: DatabaseHandle;
  beforeAll(async () => {
    scratch = await createScratchDatabase(url!);
    h = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
    await migrate(h);
    await seedDemo(h.db);
    await writeHandHistory(h.db);
  });
  afterAll(async () => {
    await h?.close();
    await scratch?.drop();
  });

  it('computes the same figures', async () => {
    expect(h.kind).toBe('postgres');
    expectOctober(await responseTimes(h.db, { from: '2026-10-01', to: '2026-10-31', groupBy: 'base' }, null));
    const [{ n }] = await queryRows<{ n: number }>(h.db, sql`select count(*)::int as n from event_job_status_changes`);
    expect(n).toBeGreaterThan(6);
  });
});
