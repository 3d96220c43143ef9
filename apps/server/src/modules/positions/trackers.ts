/**
 * Tracker administration (issue 14): an administrator creates a device's secret (answered once, only its hash
 * is kept), creates it again to rotate (the old one stops at once), revokes it (reports then answer 401 and are
 * counted as `revokedDevice`), and lists every device with its tracker state. Each change journals
 * `device.trackerSecret` (without the secret).
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { CreatedTrackerSecret, PositionRefusal, TrackerState } from '@panel/domain/positions';
import { trackerTexts } from '@panel/domain/positions';
import type { PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';
import { deviceTrackers, devices } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../errors.js';
import { runCommand } from '../../sync/commands.js';
import { wireTime } from '../../sync/wire.js';
import { seesDevicesOf, visibleDevice, type Auth } from '../devices/access.js';
import { forgetTrackerDevice } from './ingest.js';
import { hashTrackerSecret, newTrackerSecret } from './secrets.js';

type Deps = { db: Database; hub: PushHub };

export const osmandPathOf = (secret: string) => `/v2/positions/osmand/${secret}`;
export const traccarPathOf = (secret: string) => `/v2/positions/traccar/${secret}`;

export async function listTrackers(db: Database, auth: Auth): Promise<TrackerState[]> {
  const rows = await db
    .select({ device: devices, tracker: deviceTrackers })
    .from(devices)
    .leftJoin(deviceTrackers, eq(deviceTrackers.deviceId, devices.id))
    .orderBy(asc(devices.code));
  return rows
    .filter((r) => seesDevicesOf(auth, r.device.baseId))
    .map(({ device, tracker }) => ({
      deviceId: device.id,
      code: device.code,
      name: device.name,
      baseId: device.baseId,
      resourceId: device.resourceId,
      trackerId: tracker?.trackerId ?? device.code,
      hasSecret: tracker != null && tracker.revokedAt == null,
      secretCreatedAt: wireTime(tracker?.secretCreatedAt),
      revokedAt: wireTime(tracker?.revokedAt),
      lastReportAt: wireTime(tracker?.lastReportAt),
      lastFixAt: wireTime(tracker?.lastFixAt),
      lastRefusalAt: wireTime(tracker?.lastRefusalAt),
      lastRefusalReason: (tracker?.lastRefusalReason as PositionRefusal | null) ?? null,
      refusals: (tracker?.refusals as Partial<Record<PositionRefusal, number>>) ?? {},
    }));
}

type Actor = { userId: number | null; deviceId: number | null };
const actorOf = (auth: Auth): Actor => ({ userId: auth.user.id, deviceId: auth.deviceId });

/** Creates or rotates the secret of a device the administrator sees. */
export async function createTrackerSecret(
  deps: Deps,
  auth: Auth,
  deviceId: number,
  body: { trackerId?: string | null },
): Promise<CreatedTrackerSecret> {
  const device = await visibleDevice(deps.db, auth, deviceId);
  return writeTrackerSecret(deps, actorOf(auth), device, body);
}

/** The write itself (also the CLI's, `cli.ts`, which has no session). */
export async function writeTrackerSecret(
  deps: Deps,
  actor: Actor,
  device: { id: number; code: string },
  body: { trackerId?: string | null },
): Promise<CreatedTrackerSecret> {
  const deviceId = device.id;
  const secret = newTrackerSecret();
  const secretHash = hashTrackerSecret(secret);
  const created = await runCommand(deps, actor, { type: 'device.trackerSecret' }, async (tx, rec) => {
    const [existing] = await tx
      .select()
      .from(deviceTrackers)
      .where(eq(deviceTrackers.deviceId, deviceId))
      .for('update');
    // unset keeps the configured identifier; null clears it (the code again)
    const trackerId = body.trackerId === undefined ? (existing?.trackerId ?? null) : body.trackerId;
    if (trackerId !== null) {
      const [taken] = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.code, trackerId), ne(devices.id, deviceId)));
      const [takenByTracker] = await tx
        .select({ id: deviceTrackers.deviceId })
        .from(deviceTrackers)
        .where(and(eq(deviceTrackers.trackerId, trackerId), ne(deviceTrackers.deviceId, deviceId)));
      if (taken || takenByTracker) throw unprocessable({ field: 'trackerId', message: trackerTexts.trackerIdTaken });
    }
    const values = {
      trackerId,
      secretHash,
      secretCreatedAt: new Date(),
      createdBy: actor.userId,
      revokedAt: null,
      refusals: {},
      lastRefusalAt: null,
      lastRefusalReason: null,
    };
    if (existing) await tx.update(deviceTrackers).set(values).where(eq(deviceTrackers.deviceId, deviceId));
    else await tx.insert(deviceTrackers).values({ deviceId, ...values });
    rec.journal({
      table: 'device_trackers',
      data: { deviceId, code: device.code, action: existing ? 'rotate' : 'create', trackerId },
    });
    return {
      deviceId,
      trackerId: trackerId ?? device.code,
      secret,
      osmandPath: osmandPathOf(secret),
      traccarPath: traccarPathOf(secret),
    };
  });
  // after commit: the old secret is refused from the next report on (other nodes: cache TTL + write check)
  forgetTrackerDevice(deps.db, deviceId);
  return created;
}

/** Revokes the device's secret (404 when it has none). */
export async function revokeTrackerSecret(deps: Deps, auth: Auth, deviceId: number): Promise<void> {
  const device = await visibleDevice(deps.db, auth, deviceId);
  await removeTrackerSecret(deps, actorOf(auth), device);
}

export async function removeTrackerSecret(
  deps: Deps,
  actor: Actor,
  device: { id: number; code: string },
): Promise<void> {
  const deviceId = device.id;
  await runCommand(deps, actor, { type: 'device.trackerSecret' }, async (tx, rec) => {
    const [row] = await tx.select().from(deviceTrackers).where(eq(deviceTrackers.deviceId, deviceId)).for('update');
    if (!row || row.revokedAt) throw notFound(trackerTexts.noSecret);
    await tx.update(deviceTrackers).set({ revokedAt: new Date() }).where(eq(deviceTrackers.deviceId, deviceId));
    rec.journal({ table: 'device_trackers', data: { deviceId, code: device.code, action: 'revoke' } });
  });
  forgetTrackerDevice(deps.db, deviceId);
}

/** Devices whose tracker secret is not revoked (the metrics' `panel_position_trackers`: alert when they go quiet). */
export async function countActiveTrackers(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(deviceTrackers)
    .where(isNull(deviceTrackers.revokedAt));
  return row?.n ?? 0;
}
