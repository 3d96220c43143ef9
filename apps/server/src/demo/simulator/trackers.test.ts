/**
 * The living demo's vehicles report through the real OsmAnd ingest over HTTP (issue 14 item 7): a vehicle with
 * a navigation unit and one without a device (a GPS unit is created for it) both move; a fix the ingest refuses
 * is logged and changes nothing; a revoked secret is replaced with the next fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, like, notInArray } from 'drizzle-orm';
import * as s from '../../db/schema/index.js';
import { positionIngestOf } from '../../modules/positions/ingest.js';
import { removeTrackerSecret } from '../../modules/positions/trackers.js';
import { createTestApp, type TestApp } from '../../test/factory.js';
import { createOsmAndFixSink } from './trackers.js';
import type { Fix } from './sink.js';

describe('demo trackers over the OsmAnd ingest', () => {
  let t: TestApp;
  let url: string;
  const warnings: object[] = [];
  const log = { warn: (o: object) => void warnings.push(o) };

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const vehicle = async (id: number) => {
    // the ingest writes behind its answer: read after its queue is written
    await positionIngestOf(t.app.deps).flush();
    return (await t.db.select().from(s.resources).where(eq(s.resources.id, id)))[0];
  };
  const fix = (code: string, resourceId: number, lat: number, lon: number, at = new Date()): Fix => ({
    deviceCode: code,
    resourceId,
    lat,
    lon,
    speedKmh: 42,
    bearing: 90,
    accuracy: 8,
    battery: 100,
    at,
  });

  it('moves a vehicle with a navigation unit and one without a device, refuses a fix abroad, survives a revocation', async () => {
    const [nav] = await t.db
      .select({ id: s.devices.id, code: s.devices.code, resourceId: s.devices.resourceId })
      .from(s.devices)
      .where(and(like(s.devices.code, 'N-%'), isNotNull(s.devices.resourceId)));
    const withDevice = t.db.select({ id: s.devices.resourceId }).from(s.devices).where(isNotNull(s.devices.resourceId));
    const [bare] = await t.db
      .select({ id: s.resources.id })
      .from(s.resources)
      .where(notInArray(s.resources.id, withDevice))
      .limit(1);
    const sink = createOsmAndFixSink(t.app.deps, () => url, log);

    // one tick: both at once (one preparation of trackers)
    const now = Date.now();
    await Promise.all([
      sink(fix(nav.code, nav.resourceId!, 50.1035, 14.4921, new Date(now - 2_000))),
      sink(fix(`GPS-${bare.id}`, bare.id, 49.1951, 16.6068, new Date(now - 2_000))),
    ]);
    expect(warnings).toEqual([]);
    expect(await vehicle(nav.resourceId!)).toMatchObject({ latitude: 50.1035, longitude: 14.4921 });
    expect(await vehicle(bare.id)).toMatchObject({ latitude: 49.1951, longitude: 16.6068 });
    const [gps] = await t.db
      .select()
      .from(s.devices)
      .where(eq(s.devices.code, `GPS-${bare.id}`));
    expect(gps).toMatchObject({ resourceId: bare.id });
    expect(gps.name).toMatch(/^GPS /);
    const secrets = await t.db.select().from(s.deviceTrackers);
    expect(secrets.map((r) => r.deviceId).sort()).toEqual([nav.id, gps.id].sort());

    // a fix in Vienna: refused by the ingest, logged, the vehicle stays
    await sink(fix(`GPS-${bare.id}`, bare.id, 48.2082, 16.3738, new Date(now - 1_000)));
    expect(warnings).toHaveLength(1);
    expect(await vehicle(bare.id)).toMatchObject({ latitude: 49.1951 });

    // an administrator revokes the GPS unit's secret: one report is refused (401), the next gets a new secret
    await removeTrackerSecret(t.app.deps, { userId: null, deviceId: null }, { id: gps.id, code: gps.code });
    await sink(fix(`GPS-${bare.id}`, bare.id, 49.196, 16.607, new Date(now)));
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatchObject({ status: 401 });
    await sink(fix(`GPS-${bare.id}`, bare.id, 49.197, 16.608, new Date(now + 1_000)));
    expect(warnings).toHaveLength(2);
    expect(await vehicle(bare.id)).toMatchObject({ latitude: 49.197, longitude: 16.608 });
  });
});
