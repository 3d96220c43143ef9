/**
 * Write-behind of accepted positions (issue 14, ingest p99 < 20 ms). The request path decides a fix in memory
 * (ingest.ts) and queues it here; the queue is written every `flushMs` (250 ms) or as soon as `batchSize` fixes
 * wait, one batch per transaction (`runCommand`: ONE revision, one change-log write, one invalidation):
 * - the vehicles' `pnt` (only forward in time: another node may have stored a newer fix), the devices'
 *   locations, every fix in `resource_positions`, and the tracker rows (last report, last fix, refusals);
 * - under the tracker rows' lock each fix's secret is checked again: a fix from a secret revoked or rotated
 *   (on another node, inside the cache's TTL) is dropped, never stored;
 * - after commit, `onCommitted` (ETA and geofence, modules/tracking) — never on the request path.
 * Between its statements the write yields to the event loop (`nextTurn`): the embedded PGlite ran SQL in this
 * thread (tests and tools still do; a server holds it in db/embeddedThread.ts) and a transaction's statements
 * followed each other as microtasks, so a batch held the loop — and every tracker's answer waiting for it — for
 * the whole transaction (tens of ms with 200 panels on 2 cores). Now the longest hold is one statement; the
 * history is inserted in chunks of `INSERT_CHUNK` rows for the same reason.
 *
 * The trade-off: the answer comes before the write, so a crash loses the unflushed batch (< 0.5 s of fixes);
 * trackers resend what they keep, and the next fix supersedes the lost one. When the database fails the batch
 * goes back to the queue and is retried with a backoff (1 s → 10 s); the queue is bounded (`maxQueued`): above
 * it the oldest fixes of devices that have a newer one queued are dropped first (a newer fix supersedes them as
 * the current position; only history is lost), and every drop is counted.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { PositionRefusal } from '@panel/domain/positions';
import type { PushHub } from '../../context.js';
import { queryRows, type Database, type Tx } from '../../db/client.js';
import { nextTurn } from '../../db/nextTurn.js';
import { backgroundMayStart } from '../../db/precedence.js';
import { deviceTrackers, resourcePositions } from '../../db/schema/index.js';
import { runCommand } from '../../sync/commands.js';
import type { AcceptedPosition } from '../tracking/index.js';
import type { Fix, PositionSource } from './decode.js';

/** An accepted fix waiting to be written. */
export interface QueuedFix {
  deviceId: number;
  code: string;
  baseId: number | null;
  resourceId: number | null;
  /** the secret it came with (null: the session's device, the heartbeat) */
  secretHash: string | null;
  fix: Fix;
  at: Date;
  receivedAt: Date;
  source: PositionSource;
}

/** What a tracker row gathers between flushes. */
export interface TrackerDelta {
  lastReportAt: Date | null;
  lastFixAt: Date | null;
  refusals: Partial<Record<PositionRefusal, number>>;
  lastRefusalAt: Date | null;
  lastRefusalReason: PositionRefusal | null;
}

export interface WriteBehindOptions {
  flushMs?: number;
  batchSize?: number;
  maxQueued?: number;
}

export interface WriteBehindStats {
  queued: number;
  written: number;
  batches: number;
  dropped: number;
  /** fixes dropped at write time because their secret was revoked or rotated meanwhile */
  discardedRevoked: number;
  failures: number;
  lastError: string | null;
}

const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a.getTime() >= b.getTime() ? a : b);
const RETRY_MIN_MS = 1000;
/** history rows per insert statement (the loop turns between them) */
export const INSERT_CHUNK = 100;
const RETRY_MAX_MS = 10_000;
/**
 * How long a batch waits at most for a write's push to reach every panel (db/precedence.ts): a push takes
 * 50–100 ms, and a fix must stay visible within a second (issue 28 item 3).
 */
export const PUSH_PRECEDENCE_MAX_MS = 200;

export class WriteBehind {
  private queue: QueuedFix[] = [];
  private deltas = new Map<number, TrackerDelta>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private retryMs = 0;
  private readonly flushMs: number;
  private readonly batchSize: number;
  private readonly maxQueued: number;
  readonly stats: WriteBehindStats = {
    queued: 0,
    written: 0,
    batches: 0,
    dropped: 0,
    discardedRevoked: 0,
    failures: 0,
    lastError: null,
  };

  constructor(
    private readonly deps: { db: Database; hub: PushHub },
    private readonly onCommitted: (accepted: AcceptedPosition[]) => void,
    options: WriteBehindOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 250;
    this.batchSize = options.batchSize ?? 500;
    this.maxQueued = options.maxQueued ?? 20_000;
  }

  get pending() {
    return this.queue.length;
  }

  enqueue(fix: QueuedFix) {
    this.queue.push(fix);
    if (this.queue.length > this.maxQueued) this.shed();
    this.schedule(this.queue.length >= this.batchSize && this.retryMs === 0 ? 0 : this.flushMs);
  }

  /** Tracker bookkeeping of one outcome (accepted or refused), merged until the next flush. */
  note(deviceId: number, change: Partial<TrackerDelta> & { refusal?: PositionRefusal }) {
    const d = this.deltas.get(deviceId) ?? {
      lastReportAt: null,
      lastFixAt: null,
      refusals: {},
      lastRefusalAt: null,
      lastRefusalReason: null,
    };
    d.lastReportAt = later(d.lastReportAt, change.lastReportAt ?? null);
    d.lastFixAt = later(d.lastFixAt, change.lastFixAt ?? null);
    if (change.refusal) {
      d.refusals[change.refusal] = (d.refusals[change.refusal] ?? 0) + 1;
      d.lastRefusalAt = change.lastRefusalAt ?? new Date();
      d.lastRefusalReason = change.refusal;
    }
    this.deltas.set(deviceId, d);
    this.schedule(this.flushMs);
  }

  /** Writes everything queued now (tests, shutdown); rejects when the database fails. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (;;) {
      if (this.running) await this.running.catch(() => undefined);
      if (this.queue.length === 0 && this.deltas.size === 0) return;
      this.running = this.writeOne();
      try {
        await this.running;
      } catch (err) {
        // what stays queued is retried by the timer, as after a failed tick
        this.stats.failures += 1;
        this.stats.lastError = err instanceof Error ? err.message : String(err);
        this.retryMs = Math.max(this.retryMs, RETRY_MIN_MS);
        throw err;
      } finally {
        this.running = null;
        if (this.queue.length > 0 || this.deltas.size > 0) this.schedule(this.flushMs);
      }
    }
  }

  /** Stops the timer (the queue stays; call `flush` first to keep it). */
  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delay: number) {
    if (this.running) return; // the running flush reschedules when it ends
    if (this.timer) {
      if (delay > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => void this.tick(), this.retryMs > 0 ? this.retryMs : delay);
    this.timer.unref();
  }

  private async tick() {
    this.timer = null;
    if (this.running) return;
    this.running = this.writeOne();
    try {
      await this.running;
      this.retryMs = 0;
    } catch (err) {
      this.stats.failures += 1;
      const message = err instanceof Error ? err.message : String(err);
      // one line per failure streak, not one per retry
      if (this.retryMs === 0 || this.stats.lastError !== message) {
        console.error('[panel] position write failed, retrying; fixes stay queued', message);
      }
      this.stats.lastError = message;
      this.retryMs = Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, this.retryMs * 2));
    } finally {
      this.running = null;
    }
    if (this.queue.length > 0 || this.deltas.size > 0) {
      this.schedule(this.queue.length >= this.batchSize ? 0 : this.flushMs);
    }
  }

  /** Over the bound: drop the oldest fixes of devices with a newer one queued, then (only then) the oldest. */
  private shed() {
    const newest = new Map<number, number>();
    this.queue.forEach((q, i) => newest.set(q.deviceId, i));
    let excess = this.queue.length - Math.floor(this.maxQueued * 0.9);
    const kept: QueuedFix[] = [];
    this.queue.forEach((q, i) => {
      if (excess > 0 && newest.get(q.deviceId) !== i) excess -= 1;
      else kept.push(q);
    });
    if (kept.length > this.maxQueued) kept.splice(0, kept.length - this.maxQueued);
    this.stats.dropped += this.queue.length - kept.length;
    this.queue = kept;
  }

  private async writeOne(): Promise<void> {
    // a write being pushed goes first (db/precedence.ts); what comes meanwhile joins this batch
    await backgroundMayStart(this.deps.db, PUSH_PRECEDENCE_MAX_MS);
    const batch = this.queue.splice(0, this.batchSize);
    const deltas = this.deltas;
    this.deltas = new Map();
    try {
      const accepted = await this.write(batch, deltas);
      this.stats.batches += 1;
      this.stats.written += accepted.length;
      if (accepted.length > 0) this.onCommitted(accepted);
    } catch (err) {
      // back in front, in order; the bookkeeping merged with what came meanwhile
      this.queue = [...batch, ...this.queue];
      if (this.queue.length > this.maxQueued) this.shed();
      for (const [id, d] of deltas) {
        const now = this.deltas.get(id);
        if (!now) this.deltas.set(id, d);
        else {
          for (const [k, n] of Object.entries(d.refusals)) {
            const r = k as PositionRefusal;
            now.refusals[r] = (now.refusals[r] ?? 0) + (n ?? 0);
          }
          now.lastReportAt = later(now.lastReportAt, d.lastReportAt);
          now.lastFixAt = later(now.lastFixAt, d.lastFixAt);
          now.lastRefusalAt ??= d.lastRefusalAt;
          now.lastRefusalReason ??= d.lastRefusalReason;
        }
      }
      throw err;
    }
  }

  private write(batch: QueuedFix[], deltas: Map<number, TrackerDelta>): Promise<AcceptedPosition[]> {
    return runCommand(this.deps, { userId: null, deviceId: null }, { type: 'position.report' }, async (tx, rec) => {
      // the tracker rows first, locked in id order: their secret decides what may be stored
      const deviceIds = [...new Set([...batch.map((q) => q.deviceId), ...deltas.keys()])].sort((a, b) => a - b);
      const trackers = new Map<number, typeof deviceTrackers.$inferSelect>();
      if (deviceIds.length > 0) {
        const rows = await tx
          .select()
          .from(deviceTrackers)
          .where(inArray(deviceTrackers.deviceId, deviceIds))
          .orderBy(asc(deviceTrackers.deviceId))
          .for('update');
        for (const r of rows) trackers.set(r.deviceId, r);
        await nextTurn();
      }
      const valid = batch.filter((q) => {
        if (q.secretHash === null) return true;
        const t = trackers.get(q.deviceId);
        return t !== undefined && t.revokedAt === null && t.secretHash === q.secretHash;
      });
      this.stats.discardedRevoked += batch.length - valid.length;

      // the newest fix of each vehicle and each device
      const newestOfVehicle = new Map<number, QueuedFix>();
      const newestOfDevice = new Map<number, QueuedFix>();
      for (const q of valid) {
        if (q.resourceId !== null) {
          const seen = newestOfVehicle.get(q.resourceId);
          if (!seen || seen.at.getTime() <= q.at.getTime()) newestOfVehicle.set(q.resourceId, q);
        }
        const seen = newestOfDevice.get(q.deviceId);
        if (!seen || seen.at.getTime() <= q.at.getTime()) newestOfDevice.set(q.deviceId, q);
      }

      if (newestOfVehicle.size > 0) {
        const values = [...newestOfVehicle.values()]
          .sort((a, b) => a.resourceId! - b.resourceId!)
          .map(
            (q) => sql`(${q.resourceId}::int, ${q.fix.latitude}::float8, ${q.fix.longitude}::float8,
                ${q.fix.speed}::float8, ${q.code}::text, ${q.at.toISOString()}::timestamptz, ${q.fix.accuracy}::float8,
                ${q.receivedAt.toISOString()}::timestamptz)`,
          );
        // only forward: a newer fix stored by another node (or a dispatcher) stays
        const moved = await queryRows<{ id: number; base_id: number | null }>(
          tx,
          sql`
            update resources r set latitude = v.lat, longitude = v.lon, speed = v.speed, source_name = v.src,
              location_at = v.at, location_accuracy = v.acc, updated_at = v.now
            from (values ${sql.join(values, sql`, `)}) as v(id, lat, lon, speed, src, at, acc, now)
            where r.id = v.id and (r.location_at is null or r.location_at <= v.at)
            returning r.id, r.base_id`,
        );
        // the position alone changed: deltas carry it as `positions`, not the whole row (issue 28 item 1)
        for (const r of moved) {
          rec.moved('resources', Number(r.id));
          rec.touchBases(r.base_id);
        }
        await nextTurn();
      }
      if (newestOfDevice.size > 0) {
        const values = [...newestOfDevice.values()]
          .sort((a, b) => a.deviceId - b.deviceId)
          .map(
            // a tracker's report is its connection; the heartbeat sets connectedAt itself
            (q) => sql`(${q.deviceId}::int, ${q.fix.latitude}::float8, ${q.fix.longitude}::float8,
                ${q.receivedAt.toISOString()}::timestamptz, ${q.source !== 'panel'}::boolean)`,
          );
        await tx.execute(sql`
            update devices d set location_latitude = v.lat, location_longitude = v.lon, updated_at = v.now,
              connected_at = case when v.tracker then v.now else d.connected_at end
            from (values ${sql.join(values, sql`, `)}) as v(id, lat, lon, now, tracker)
            where d.id = v.id`);
        for (const q of newestOfDevice.values()) {
          rec.moved('devices', q.deviceId);
          rec.touchBases(q.baseId);
        }
        await nextTurn();
      }

      const vehicleFixes = valid.filter((q) => q.resourceId !== null);
      for (let from = 0; from < vehicleFixes.length; from += INSERT_CHUNK) {
        await tx.insert(resourcePositions).values(
          vehicleFixes.slice(from, from + INSERT_CHUNK).map((q) => ({
            resourceId: q.resourceId!,
            deviceId: q.deviceId,
            latitude: q.fix.latitude,
            longitude: q.fix.longitude,
            speed: q.fix.speed,
            accuracy: q.fix.accuracy,
            sourceName: q.code,
            recordedAt: q.at,
            receivedAt: q.receivedAt,
          })),
        );
        await nextTurn();
      }
      await updateTrackers(tx, trackers, deltas);
      // the command's own tail (revision, change log, commit) and the push it starts follow in a turn of their own
      await nextTurn();
      return vehicleFixes.map((q) => ({
        resourceId: q.resourceId!,
        latitude: q.fix.latitude,
        longitude: q.fix.longitude,
        speed: q.fix.speed,
        accuracy: q.fix.accuracy,
        recordedAt: q.at,
      }));
    });
  }
}

/** Last report, last fix and refusal counts of the tracker rows (locked by the caller), one statement. */
async function updateTrackers(
  tx: Tx,
  rows: Map<number, typeof deviceTrackers.$inferSelect>,
  deltas: Map<number, TrackerDelta>,
) {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const values = [...deltas]
    .filter(([deviceId]) => rows.has(deviceId))
    .map(([deviceId, d]) => {
      const refusals = { ...(rows.get(deviceId)!.refusals as Record<string, number>) };
      for (const [k, n] of Object.entries(d.refusals)) refusals[k] = (refusals[k] ?? 0) + (n ?? 0);
      return sql`(${deviceId}::int, ${iso(d.lastReportAt)}::timestamptz, ${iso(d.lastFixAt)}::timestamptz,
        ${iso(d.lastRefusalAt)}::timestamptz, ${d.lastRefusalReason}::text, ${JSON.stringify(refusals)}::jsonb)`;
    });
  if (values.length === 0) return;
  await tx.execute(sql`
    update device_trackers t set last_report_at = coalesce(v.report, t.last_report_at),
      last_fix_at = greatest(v.fix, t.last_fix_at), last_refusal_at = coalesce(v.refused, t.last_refusal_at),
      last_refusal_reason = coalesce(v.reason, t.last_refusal_reason), refusals = v.refusals
    from (values ${sql.join(values, sql`, `)}) as v(device_id, report, fix, refused, reason, refusals)
    where t.device_id = v.device_id`);
}
