/**
 * Device writes, each one `runCommand` (change log `devices`, so panels get the row through POST /v2/app):
 * - requestTest: a request row in `device_tests` per device (`result: {request: {at, userId}}`), a journal row
 *   `device.requestTest` per device, then the push `device-test {deviceId}` to the device's sessions.
 * - heartbeat: connectedAt = now, the position and the app mode when sent.
 * - testResult: testedAt = connectedAt = now, testResult = the parameters, appVersion, a `device_tests` row with
 *   the parameters, a journal row `device.testResult` with the overall status.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  devicesTexts,
  evaluateDeviceTest,
  type DeviceTestEvaluation,
  type HeartbeatBody,
  type TestResultBody,
} from '@panel/domain/devices';
import { toWireTime } from '@panel/domain/locale';
import type { PushHub } from '../../context.js';
import type { Database, Queryable } from '../../db/client.js';
import { deviceTests, devices } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import { runCommand, type Actor } from '../../sync/commands.js';
import { seesDevicesOf, type Auth } from './access.js';
import type { DeviceRow } from './presenter.js';
import type { PositionsConfig } from '../../config.js';
import type { Fix } from '../positions/decode.js';
import { positionIngestOf } from '../positions/ingest.js';
import { authorize } from '../../http/authorize.js';

export type Deps = { db: Database; hub: PushHub };

/** The push a device gets when a test is requested (docs/API.md, issue 7). */
export const DEVICE_TEST_EVENT = 'device-test';

const actorOf = (auth: Auth): Actor => ({ userId: auth.user.id, deviceId: auth.deviceId });

/**
 * Marks a test request for each device, journals it and pushes it. The call's whole authorization: manage
 * Device (403), then each device must be one the user sees (404 unknown, 403 another unit's).
 */
export async function requestTests(deps: Deps, auth: Auth, ids: number[]): Promise<number[]> {
  authorize(auth, 'manage', 'Device');
  const wanted = [...new Set(ids)];
  const done = await runCommand(deps, actorOf(auth), { type: 'device.requestTest' }, async (tx, rec) => {
    const rows = await tx.select().from(devices).where(inArray(devices.id, wanted));
    if (rows.length !== wanted.length) throw notFound(devicesTexts.notFound);
    for (const row of rows) if (!seesDevicesOf(auth, row.baseId)) throw forbidden(devicesTexts.notVisible);
    const at = new Date();
    await tx.insert(deviceTests).values(
      rows.map((r) => ({
        deviceId: r.id,
        testedAt: at,
        result: { request: { at: toWireTime(at), userId: auth.user.id } },
      })),
    );
    for (const r of rows) rec.journal({ table: 'devices', data: { deviceId: r.id, code: r.code } });
    return rows.map((r) => r.id);
  });
  for (const id of done) deps.hub.emitToDevice?.(id, DEVICE_TEST_EVENT, { deviceId: id });
  return done;
}

/** The session's confirmed device (the guard lets no other session reach the device calls). */
function ownDeviceId(auth: Auth): number {
  if (auth.deviceId == null) throw forbidden(devicesTexts.noDevice);
  return auth.deviceId;
}

async function lockDevice(tx: Queryable, id: number): Promise<DeviceRow> {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
  if (!row) throw notFound(devicesTexts.notFound);
  return row;
}

/** The newest test request later than the device's last test (null when none is pending). */
export async function pendingRequestAt(q: Queryable, device: Pick<DeviceRow, 'id' | 'testedAt'>): Promise<Date | null> {
  const [req] = await q
    .select({ at: deviceTests.testedAt })
    .from(deviceTests)
    .where(and(eq(deviceTests.deviceId, device.id), sql`${deviceTests.result} ? 'request'`))
    .orderBy(desc(deviceTests.testedAt), desc(deviceTests.id))
    .limit(1);
  if (!req) return null;
  return device.testedAt && device.testedAt.getTime() >= req.at.getTime() ? null : req.at;
}

type HeartbeatDeps = Deps & { config?: { positions: PositionsConfig } };

/** Heartbeat of the session's device (the route). */
export async function heartbeat(deps: HeartbeatDeps, auth: Auth, body: HeartbeatBody) {
  return deviceHeartbeat(deps, actorOf(auth), ownDeviceId(auth), body);
}

/**
 * The heartbeat command of one device by an actor: the route's (the session's device) and the demo simulator's
 * (demo/simulator, a field device that has no session of its own) — one write for both. Answers the new row,
 * whether a test request waits and, when a location came, what the position ingest made of it (issue 14: the
 * same path as the trackers' reports — bounds, order, the device's vehicle, history). A refused position does
 * not fail the heartbeat.
 */
export async function deviceHeartbeat(deps: HeartbeatDeps, actor: Actor, id: number, body: HeartbeatBody) {
  const beat = await runCommand(deps, actor, { type: 'device.heartbeat' }, async (tx, rec) => {
    const row = await lockDevice(tx, id);
    const set: Partial<typeof devices.$inferInsert> = { connectedAt: new Date(), updatedAt: new Date() };
    if (body.status !== undefined) set.status = body.status;
    const [saved] = await tx.update(devices).set(set).where(eq(devices.id, id)).returning();
    rec.changed('devices', id);
    rec.touchBases(row.baseId);
    return { device: saved, testRequestedAt: await pendingRequestAt(tx, saved) };
  });
  if (!body.location) return { ...beat, position: null };
  const fix: Fix = {
    trackerId: beat.device.code,
    latitude: body.location.latitude,
    longitude: body.location.longitude,
    recordedAt: null,
    speed: null,
    accuracy: null,
    valid: true,
    battery: body.battery ?? null,
  };
  const [position] = await positionIngestOf(deps).submit(
    [{ credential: { kind: 'device', deviceId: id }, fix, source: 'panel' }],
    { durable: true },
  );
  return { ...beat, position };
}

/** A test result of the session's device. */
export async function saveTestResult(
  deps: Deps,
  auth: Auth,
  body: TestResultBody,
): Promise<{ device: DeviceRow; evaluation: DeviceTestEvaluation }> {
  return deviceTestResult(deps, actorOf(auth), ownDeviceId(auth), body);
}

/** The test-result command of one device by an actor (the route's and the demo simulator's). */
export async function deviceTestResult(
  deps: Deps,
  actor: Actor,
  id: number,
  body: TestResultBody,
): Promise<{ device: DeviceRow; evaluation: DeviceTestEvaluation }> {
  return runCommand(deps, actor, { type: 'device.testResult' }, async (tx, rec) => {
    const row = await lockDevice(tx, id);
    const now = new Date();
    const parameters = body.parameters;
    const set: Partial<typeof devices.$inferInsert> = {
      testedAt: now,
      connectedAt: now,
      testResult: parameters,
      updatedAt: now,
    };
    if (parameters.app_version) set.appVersion = parameters.app_version;
    if (body.location) {
      set.locationLatitude = body.location.latitude;
      set.locationLongitude = body.location.longitude;
    }
    const [saved] = await tx.update(devices).set(set).where(eq(devices.id, id)).returning();
    await tx.insert(deviceTests).values({ deviceId: id, testedAt: now, result: parameters });
    const evaluation = evaluateDeviceTest({ status: saved.status, testResult: parameters });
    rec.changed('devices', id);
    rec.touchBases(row.baseId);
    rec.journal({ table: 'devices', data: { deviceId: id, code: row.code, status: evaluation.status } });
    return { device: saved, evaluation };
  });
}
