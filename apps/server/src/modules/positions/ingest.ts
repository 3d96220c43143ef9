/**
 * The one path every position takes (issue 14): OsmAnd, Traccar forwarding and the panel's own heartbeat all
 * `submit` here. Reports are written with group commit: while one batch is being written the next gathers, so
 * at low load a report is written at once, at high load many share one transaction, one revision and one
 * invalidation. In the batch's transaction (`runCommand`, change log `resources`/`devices`, so the shared delta
 * carries only the changed rows):
 * 1. the devices behind the secrets (or the session's device) are read; unknown or revoked → refused;
 * 2. the pure rules (bounds, future, accuracy, valid fix) — refused;
 * 3. the vehicles and devices concerned are locked in id order and each fix is put in time order against the
 *    current position: same time and place → duplicate (ignored), not newer → out of order (refused);
 * 4. accepted fixes become the vehicle's `pnt` (and the device's location), all go to `resource_positions`;
 *    the tracker rows get their last report and refusal counts.
 * After commit the invalidation goes out coalesced (coalesce.ts) and `onPositionsAccepted` (modules/tracking)
 * runs detached: it can neither refuse a position nor fail the request.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { emptyRefusalCounts, type PositionCounters, type PositionRefusal } from '@panel/domain/positions';
import type { PositionsConfig } from '../../config.js';
import type { PushHub } from '../../context.js';
import type { Database, Tx } from '../../db/client.js';
import { deviceTrackers, devices, resourcePositions, resources } from '../../db/schema/index.js';
import { runCommand } from '../../sync/commands.js';
import { onPositionsAccepted, type AcceptedPosition } from '../tracking/index.js';
import { orderOf, refusalOf } from './checks.js';
import { createCoalescingHub, type CoalescingHub } from './coalesce.js';
import type { Fix, PositionSource } from './decode.js';

export type Credential =
  /** a tracker: its secret's hash; the fix's trackerId must be the device's code or configured tracker id */
  | { kind: 'secret'; secretHash: string }
  /** the session's confirmed device (the panel's heartbeat) */
  | { kind: 'device'; deviceId: number };

export interface Report {
  credential: Credential;
  fix: Fix;
  source: PositionSource;
}

export type Outcome =
  | { status: 'accepted'; deviceId: number; resourceId: number | null }
  | { status: 'duplicate'; deviceId: number }
  | { status: 'refused'; reason: PositionRefusal; deviceId: number | null };

interface Pending {
  report: Report;
  receivedAt: Date;
  resolve: (o: Outcome) => void;
  reject: (e: unknown) => void;
}

/** What the batch knows of a device. */
interface DeviceInfo {
  id: number;
  code: string;
  baseId: number | null;
  resourceId: number | null;
  tracker: typeof deviceTrackers.$inferSelect | null;
}

const MAX_BATCH = 500;

export class PositionIngest {
  private readonly pending: Pending[] = [];
  private writing = false;
  private readonly counts: PositionCounters = { accepted: 0, duplicates: 0, refused: emptyRefusalCounts() };
  readonly hub: CoalescingHub;

  constructor(
    private readonly deps: { db: Database; hub: PushHub },
    private readonly limits: () => PositionsConfig,
  ) {
    this.hub = createCoalescingHub(() => deps.hub);
  }

  /** The outcome of each report, in order. Rejects (503 upstream) only when the database fails. */
  submit(reports: Report[]): Promise<Outcome[]> {
    const receivedAt = new Date();
    const promises = reports.map(
      (report) => new Promise<Outcome>((resolve, reject) => this.pending.push({ report, receivedAt, resolve, reject })),
    );
    this.kick();
    return Promise.all(promises);
  }

  /** Refusals decided before the queue (no secret at all). */
  countRefusals(reason: PositionRefusal, n: number) {
    this.counts.refused[reason] += n;
  }

  counters(): PositionCounters {
    return { ...this.counts, refused: { ...this.counts.refused } };
  }

  private kick() {
    if (this.writing) return;
    this.writing = true;
    void (async () => {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        try {
          const { outcomes, accepted } = await this.write(batch);
          batch.forEach((p, i) => this.count(outcomes[i]));
          batch.forEach((p, i) => p.resolve(outcomes[i]));
          if (accepted.length > 0) this.follow(accepted);
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
      this.writing = false;
    })();
  }

  private count(o: Outcome) {
    if (o.status === 'accepted') this.counts.accepted += 1;
    else if (o.status === 'duplicate') this.counts.duplicates += 1;
    else this.counts.refused[o.reason] += 1;
  }

  /** ETA and geofences (modules/tracking), detached: never refuses a position, never fails the request. */
  private follow(accepted: AcceptedPosition[]) {
    void Promise.resolve()
      .then(() => onPositionsAccepted({ db: this.deps.db, hub: this.deps.hub }, accepted))
      .catch((err) => console.error('[panel] onPositionsAccepted failed', err));
  }

  private async write(batch: Pending[]): Promise<{ outcomes: Outcome[]; accepted: AcceptedPosition[] }> {
    const limits = this.limits();
    return runCommand(
      { db: this.deps.db, hub: this.hub },
      { userId: null, deviceId: null },
      { type: 'position.report' },
      async (tx, rec) => {
        const outcomes: (Outcome | null)[] = batch.map(() => null);
        const refuse = (i: number, reason: PositionRefusal, device: DeviceInfo | null) => {
          outcomes[i] = { status: 'refused', reason, deviceId: device?.id ?? null };
        };

        // 1. who reports
        const infos = await loadDevices(tx, batch);
        const deviceOf: (DeviceInfo | null)[] = batch.map((p, i) => {
          const c = p.report.credential;
          const info = c.kind === 'secret' ? infos.bySecret.get(c.secretHash) : infos.byId.get(c.deviceId);
          if (!info) return (refuse(i, 'unknownDevice', null), null);
          if (c.kind === 'secret') {
            if (info.tracker!.revokedAt) return (refuse(i, 'revokedDevice', info), null);
            const id = p.report.fix.trackerId;
            // a valid secret with another identifier: counted on the secret's device, so its administrator sees it
            if (id !== info.code && id !== info.tracker!.trackerId) return (refuse(i, 'unknownDevice', info), null);
          }
          return info;
        });

        // 2. the rules of a fix
        const at = batch.map((p) => p.report.fix.recordedAt ?? p.receivedAt);
        batch.forEach((p, i) => {
          const device = deviceOf[i];
          if (!device || outcomes[i]) return;
          const reason = refusalOf(p.report.fix, at[i], p.receivedAt, limits);
          if (reason) refuse(i, reason, device);
        });

        // 3. order against the current position (vehicle's, or the device's when it sits in none)
        const candidates = batch.map((_, i) => i).filter((i) => !outcomes[i] && deviceOf[i]);
        const resourceIds = unique(candidates.map((i) => deviceOf[i]!.resourceId));
        // devices refused for their secret (revoked, another id) still get their counters
        const deviceIds = unique(
          batch.map(
            (_, i) => deviceOf[i]?.id ?? (outcomes[i] as { deviceId?: number | null } | null)?.deviceId ?? null,
          ),
        );
        const current = new Map<string, { latitude: number | null; longitude: number | null; at: number | null }>();
        const vehicles = new Map<number, { baseId: number | null }>();
        if (resourceIds.length > 0) {
          const rows = await tx
            .select({
              id: resources.id,
              baseId: resources.baseId,
              latitude: resources.latitude,
              longitude: resources.longitude,
              at: resources.locationAt,
            })
            .from(resources)
            .where(inArray(resources.id, resourceIds))
            .orderBy(asc(resources.id))
            .for('update');
          for (const r of rows) {
            vehicles.set(r.id, { baseId: r.baseId });
            current.set(`r${r.id}`, { latitude: r.latitude, longitude: r.longitude, at: r.at?.getTime() ?? null });
          }
        }
        const trackerRows = new Map<number, typeof deviceTrackers.$inferSelect>();
        if (deviceIds.length > 0) {
          await tx
            .select({ id: devices.id })
            .from(devices)
            .where(inArray(devices.id, deviceIds))
            .orderBy(asc(devices.id))
            .for('update');
          const rows = await tx
            .select()
            .from(deviceTrackers)
            .where(inArray(deviceTrackers.deviceId, deviceIds))
            .orderBy(asc(deviceTrackers.deviceId))
            .for('update');
          for (const r of rows) trackerRows.set(r.deviceId, r);
        }
        const keyOf = (d: DeviceInfo) =>
          d.resourceId !== null && vehicles.has(d.resourceId) ? `r${d.resourceId}` : `d${d.id}`;
        for (const i of candidates) {
          const d = deviceOf[i]!;
          const key = keyOf(d);
          if (!current.has(key) && key.startsWith('d')) {
            const last = trackerRows.get(d.id)?.lastFixAt ?? null;
            current.set(key, { latitude: null, longitude: null, at: last?.getTime() ?? null });
          }
        }
        candidates.sort((a, b) => at[a].getTime() - at[b].getTime() || a - b);
        // the newest accepted fix of each vehicle and each device
        const latestOfVehicle = new Map<number, number>();
        const latestOfDevice = new Map<number, number>();
        for (const i of candidates) {
          const d = deviceOf[i]!;
          const key = keyOf(d);
          const fix = batch[i].report.fix;
          const order = orderOf(
            { latitude: fix.latitude, longitude: fix.longitude, at: at[i].getTime() },
            current.get(key),
          );
          if (order === 'duplicate') outcomes[i] = { status: 'duplicate', deviceId: d.id };
          else if (order === 'outOfOrder') refuse(i, 'outOfOrder', d);
          else {
            const resourceId = key.startsWith('r') ? d.resourceId : null;
            outcomes[i] = { status: 'accepted', deviceId: d.id, resourceId };
            current.set(key, { latitude: fix.latitude, longitude: fix.longitude, at: at[i].getTime() });
            if (resourceId !== null) latestOfVehicle.set(resourceId, i);
            latestOfDevice.set(d.id, i);
          }
        }

        // 4. write
        const accepted: AcceptedPosition[] = [];
        const history: (typeof resourcePositions.$inferInsert)[] = [];
        // one statement per table, whatever the batch size (the rows are locked above, in id order)
        const vehicleRows = [...latestOfVehicle].map(([resourceId, i]) => {
          const fix = batch[i].report.fix;
          return sql`(${resourceId}::int, ${fix.latitude}::float8, ${fix.longitude}::float8, ${fix.speed}::float8,
            ${deviceOf[i]!.code}::text, ${at[i].toISOString()}::timestamptz, ${fix.accuracy}::float8,
            ${batch[i].receivedAt.toISOString()}::timestamptz)`;
        });
        if (vehicleRows.length > 0) {
          await tx.execute(sql`
            update resources r set latitude = v.lat, longitude = v.lon, speed = v.speed, source_name = v.src,
              location_at = v.at, location_accuracy = v.acc, updated_at = v.now
            from (values ${sql.join(vehicleRows, sql`, `)}) as v(id, lat, lon, speed, src, at, acc, now)
            where r.id = v.id`);
          for (const [resourceId] of latestOfVehicle) {
            rec.changed('resources', resourceId);
            rec.touchBases(vehicles.get(resourceId)?.baseId);
          }
        }
        const deviceRows = [...latestOfDevice].map(([deviceId, i]) => {
          const fix = batch[i].report.fix;
          // a tracker's report is its connection; the heartbeat sets connectedAt itself
          const tracker = batch[i].report.source !== 'panel';
          return sql`(${deviceId}::int, ${fix.latitude}::float8, ${fix.longitude}::float8,
            ${batch[i].receivedAt.toISOString()}::timestamptz, ${tracker}::boolean)`;
        });
        if (deviceRows.length > 0) {
          await tx.execute(sql`
            update devices d set location_latitude = v.lat, location_longitude = v.lon, updated_at = v.now,
              connected_at = case when v.tracker then v.now else d.connected_at end
            from (values ${sql.join(deviceRows, sql`, `)}) as v(id, lat, lon, now, tracker)
            where d.id = v.id`);
          for (const [deviceId, i] of latestOfDevice) {
            rec.changed('devices', deviceId);
            rec.touchBases(deviceOf[i]!.baseId);
          }
        }
        batch.forEach((p, i) => {
          const o = outcomes[i];
          if (o?.status !== 'accepted') return;
          const fix = p.report.fix;
          if (o.resourceId !== null) {
            history.push({
              resourceId: o.resourceId,
              deviceId: o.deviceId,
              latitude: fix.latitude,
              longitude: fix.longitude,
              speed: fix.speed,
              accuracy: fix.accuracy,
              sourceName: deviceOf[i]!.code,
              recordedAt: at[i],
              receivedAt: p.receivedAt,
            });
            accepted.push({
              resourceId: o.resourceId,
              latitude: fix.latitude,
              longitude: fix.longitude,
              speed: fix.speed,
              accuracy: fix.accuracy,
              recordedAt: at[i],
            });
          }
        });
        if (history.length > 0) await tx.insert(resourcePositions).values(history);
        await updateTrackers(tx, batch, outcomes as Outcome[], at, trackerRows);
        return { outcomes: outcomes as Outcome[], accepted };
      },
    );
  }
}

const unique = (ids: (number | null)[]): number[] =>
  [...new Set(ids.filter((x): x is number => x !== null))].sort((a, b) => a - b);

async function loadDevices(tx: Tx, batch: Pending[]) {
  const hashes = [
    ...new Set(batch.flatMap((p) => (p.report.credential.kind === 'secret' ? [p.report.credential.secretHash] : []))),
  ];
  const ids = unique(batch.map((p) => (p.report.credential.kind === 'device' ? p.report.credential.deviceId : null)));
  const bySecret = new Map<string, DeviceInfo>();
  const byId = new Map<number, DeviceInfo>();
  const columns = { id: devices.id, code: devices.code, baseId: devices.baseId, resourceId: devices.resourceId };
  if (hashes.length > 0) {
    const rows = await tx
      .select({ ...columns, tracker: deviceTrackers })
      .from(deviceTrackers)
      .innerJoin(devices, eq(devices.id, deviceTrackers.deviceId))
      .where(inArray(deviceTrackers.secretHash, hashes));
    for (const r of rows) bySecret.set(r.tracker.secretHash, r);
  }
  if (ids.length > 0) {
    const rows = await tx.select(columns).from(devices).where(inArray(devices.id, ids));
    for (const r of rows) byId.set(r.id, { ...r, tracker: null });
  }
  return { bySecret, byId };
}

/** Last report, last fix time and refusal counts of the tracker rows concerned (rows locked by the caller). */
async function updateTrackers(
  tx: Tx,
  batch: Pending[],
  outcomes: Outcome[],
  at: Date[],
  rows: Map<number, typeof deviceTrackers.$inferSelect>,
) {
  const changes = new Map<number, Partial<typeof deviceTrackers.$inferInsert>>();
  batch.forEach((p, i) => {
    const o = outcomes[i];
    const deviceId = o.deviceId;
    const row = deviceId !== null ? rows.get(deviceId) : undefined;
    if (!row || deviceId === null) return;
    const c = changes.get(deviceId) ?? { refusals: { ...(row.refusals as Record<string, number>) } };
    if (p.report.credential.kind === 'secret') c.lastReportAt = p.receivedAt;
    if (o.status === 'accepted') {
      const prev = (c.lastFixAt as Date | undefined) ?? row.lastFixAt;
      if (!prev || prev.getTime() < at[i].getTime()) c.lastFixAt = at[i];
    } else if (o.status === 'refused') {
      const counts = c.refusals as Record<string, number>;
      counts[o.reason] = (counts[o.reason] ?? 0) + 1;
      c.lastRefusalAt = p.receivedAt;
      c.lastRefusalReason = o.reason;
    }
    changes.set(deviceId, c);
  });
  if (changes.size === 0) return;
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const rowsSql = [...changes].map(
    ([deviceId, c]) => sql`(${deviceId}::int, ${iso(c.lastReportAt as Date | undefined)}::timestamptz,
      ${iso(c.lastFixAt as Date | undefined)}::timestamptz, ${iso(c.lastRefusalAt as Date | undefined)}::timestamptz,
      ${(c.lastRefusalReason as string | undefined) ?? null}::text, ${JSON.stringify(c.refusals)}::jsonb)`,
  );
  await tx.execute(sql`
    update device_trackers t set last_report_at = coalesce(v.report, t.last_report_at),
      last_fix_at = coalesce(v.fix, t.last_fix_at), last_refusal_at = coalesce(v.refused, t.last_refusal_at),
      last_refusal_reason = coalesce(v.reason, t.last_refusal_reason), refusals = v.refusals
    from (values ${sql.join(rowsSql, sql`, `)}) as v(device_id, report, fix, refused, reason, refusals)
    where t.device_id = v.device_id`);
}

const ingests = new WeakMap<Database, PositionIngest>();

/** The app's ingest (one per database handle, so the heartbeat and the routes share queue and counters). */
export function positionIngestOf(deps: {
  db: Database;
  hub: PushHub;
  config?: { positions: PositionsConfig };
}): PositionIngest {
  let ingest = ingests.get(deps.db);
  if (!ingest) {
    const fallback: PositionsConfig = { retentionDays: 7, maxAccuracyM: 250, futureToleranceS: 60 };
    ingest = new PositionIngest(deps, () => deps.config?.positions ?? fallback);
    ingests.set(deps.db, ingest);
  }
  return ingest;
}
