/**
 * GET /v2/resources (issue 5): the deployment dialog's vehicle overview — every active vehicle with base, type,
 * status, last position and its time, and its active job (event id, job status, event code when visible); the
 * demo seeds fresh and stale positions relative to the seeding time (000 §9: valid 300 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fromWireTime } from '@panel/domain/locale';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';
import type { ResourceOverview } from './queries.js';

describe('GET /v2/resources (issue 5)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let eventId: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'mng', 'brno']) sessions[u] = await login(t.app, u);
    eventId = Object.fromEntries((await t.db.select().from(s.events)).map((e) => [e.code!, e.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (user: string): Promise<ResourceOverview[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/resources', headers: sessions[user].headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ResourceOverview[];
  };
  const byName = (rows: ResourceOverview[], name: string) => rows.find((r) => r.name === name)!;

  it('401 without a session; 403 without view EventResources (group MNG)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v2/resources' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/v2/resources', headers: sessions.mng.headers });
    expect(res.statusCode).toBe(403);
  });

  it('every active vehicle with base, type, status, position and its time', async () => {
    const rows = await list('jednotka');
    const active = await t.db.select().from(s.resources).where(eq(s.resources.active, 1));
    expect(rows).toHaveLength(active.length);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    const drone = byName(rows, 'Dron DJI Matrice 30T PHA');
    expect(drone).toMatchObject({
      baseCode: 'PHA',
      resourceTypeId: 5,
      event: null,
      eventJob: null,
      job: null,
      pnt: { latitude: expect.any(Number), longitude: expect.any(Number), updatedAt: expect.any(String) },
    });
    expect(drone.locationAt).toBe(drone.pnt!.updatedAt);
    expect([0, 1, 2, 3]).toContain(drone.status);
  });

  it('a busy vehicle carries its job: event id, job status, and the event code when the user sees it', async () => {
    const pha = eventId['PHA-2025-0412'];
    const central = byName(await list('dispecer'), 'CAS 30 Tatra 815-7 BRN');
    expect(central.event).toBe(eventId['BRN-2025-0198']);
    expect(central.job).toEqual({
      id: central.eventJob,
      eventId: eventId['BRN-2025-0198'],
      eventJobStatusId: 18,
      eventCode: 'BRN-2025-0198',
      eventTitle: expect.any(String),
      eventActive: true,
    });
    // the Praha unit does not see the Brno event: busy (hiddenJob), without the job, the event's ids or its
    // target (issue 24 item 12; foreignJobs.api.test.ts)
    const unit = byName(await list('jednotka'), 'CAS 30 Tatra 815-7 BRN');
    expect(unit).toMatchObject({ event: null, eventJob: null, hiddenJob: true, job: null });
    expect(byName(await list('jednotka'), 'CAS 30 Tatra 815-7 PHA').job).toMatchObject({
      eventId: pha,
      eventCode: 'PHA-2025-0412',
    });
  });

  it('a vehicle whose job ended (status 20) is free again', async () => {
    const [job] = await t.db
      .select()
      .from(s.eventJobs)
      .where(eq(s.eventJobs.resourceId, byName(await list('dispecer'), 'CAS 30 Tatra 815-7 NYM').id));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/event-jobs/${job.id}`,
      headers: sessions.dispecer.headers,
      payload: { eventJobStatusId: 20 },
    });
    expect(res.statusCode).toBe(200);
    expect(byName(await list('dispecer'), 'CAS 30 Tatra 815-7 NYM')).toMatchObject({ event: null, job: null });
  });

  it('the demo has fresh and stale positions relative to the seed time, and an ETA for vehicles on the way', async () => {
    const rows = await list('dispecer');
    const now = Date.now();
    const ages = rows.map((r) => (now - fromWireTime(r.locationAt)!.getTime()) / 1000);
    expect(ages.filter((a) => a <= 300).length).toBeGreaterThan(rows.length / 2);
    expect(ages.filter((a) => a > 300).length).toBeGreaterThanOrEqual(10);
    // both kinds among drones and inspectors (the dialog's filter chips)
    const kinds = (typeId: number) => new Set(rows.filter((r) => r.resourceTypeId === typeId).map((r) => r.status));
    expect(kinds(5).size + kinds(6).size).toBeGreaterThan(2);
    // a deployed vehicle with a stale position shows the warning in the Technika tab
    const stale = byName(rows, 'Dron DJI Matrice 30T OVA');
    expect(stale.job).not.toBeNull();
    expect((now - fromWireTime(stale.locationAt)!.getTime()) / 1000).toBeGreaterThan(300);
    expect(byName(rows, 'Inspektor Škoda Kodiaq BRN').pnt!.eta).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});
