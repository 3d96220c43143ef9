/**
 * The one path every position takes (issue 14): OsmAnd, Traccar forwarding and the panel's own heartbeat all
 * `submit` here. The answer is decided in memory and comes before the write (ingest p99 < 20 ms):
 * 1. who reports: the device behind the secret's SHA-256 (or the session's device) from `DeviceCache` (the
 *    database only on a miss); unknown or revoked → refused;
 * 2. the pure rules (bounds, future, accuracy, valid fix, checks.ts) — refused;
 * 3. each fix in time order against the in-memory last accepted fix of its vehicle (or of the device when it
 *    sits in none): same time and place → duplicate (ignored), not newer → out of order (refused);
 * 4. accepted fixes are queued to `WriteBehind`, which writes them in batches (one transaction, one revision,
 *    one invalidation per batch) and then runs `onPositionsAccepted` (ETA, geofence: modules/tracking), detached.
 * The decisions of one `submit` are made without an `await` between them, so two concurrent requests of one
 * device are ordered like the old locked transaction ordered them. A crash loses the unflushed batch (< 0.5 s),
 * see writeBehind.ts; the invalidation goes out coalesced (coalesce.ts).
 */
import { emptyRefusalCounts, type PositionCounters, type PositionRefusal } from '@panel/domain/positions';
import type { PositionsConfig } from '../../config.js';
import type { PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';
import { onPositionsAccepted, type AcceptedPosition } from '../tracking/index.js';
import { orderOf, refusalOf } from './checks.js';
import { createCoalescingHub, type CoalescingHub } from './coalesce.js';
import type { Fix, PositionSource } from './decode.js';
import { DeviceCache, orderKeyOf, type Credential, type DeviceInfo } from './deviceCache.js';
import { WriteBehind, type WriteBehindOptions, type WriteBehindStats } from './writeBehind.js';

export type { Credential };

export interface Report {
  credential: Credential;
  fix: Fix;
  source: PositionSource;
}

export type Outcome =
  | { status: 'accepted'; deviceId: number; resourceId: number | null }
  | { status: 'duplicate'; deviceId: number }
  | { status: 'refused'; reason: PositionRefusal; deviceId: number | null };

export interface PositionIngestOptions extends WriteBehindOptions {
  /** how long a cached device is trusted before it is reloaded (default 5 s) */
  cacheTtlMs?: number;
  /** how long expired devices are gathered before one query reloads them (default 250 ms) */
  cacheRevalidateMs?: number;
}

export class PositionIngest {
  private readonly counts: PositionCounters = { accepted: 0, duplicates: 0, refused: emptyRefusalCounts() };
  readonly hub: CoalescingHub;
  readonly cache: DeviceCache;
  readonly writer: WriteBehind;

  constructor(
    private readonly deps: { db: Database; hub: PushHub },
    private readonly limits: () => PositionsConfig,
    options: PositionIngestOptions = {},
  ) {
    this.hub = createCoalescingHub(() => deps.hub);
    this.cache = new DeviceCache(deps.db, options.cacheTtlMs, undefined, options.cacheRevalidateMs);
    this.writer = new WriteBehind({ db: deps.db, hub: this.hub }, (accepted) => this.follow(accepted), options);
  }

  /**
   * The outcome of each report, in order, decided before anything is written. Rejects (503 upstream) only when
   * a device is not cached and the database fails (or, `durable`, when the write fails).
   */
  async submit(reports: Report[], options: { durable?: boolean } = {}): Promise<Outcome[]> {
    const receivedAt = new Date();
    const resolved = reports.map((r) => this.cache.resolve(r.credential));
    const infos = resolved.some((x) => x instanceof Promise) ? await Promise.all(resolved) : (resolved as DeviceInfo[]);
    // from here on synchronous: no other request of this device can interleave
    const outcomes = this.decide(reports, infos, receivedAt);
    outcomes.forEach((o) => this.count(o));
    // the heartbeat (one per device every ~2 min, not the trackers' 100/s) answers after the write, as before
    if (options.durable && outcomes.some((o) => o.status === 'accepted')) await this.writer.flush();
    return outcomes;
  }

  /** Refusals decided before the queue (no secret at all). */
  countRefusals(reason: PositionRefusal, n: number) {
    this.counts.refused[reason] += n;
  }

  counters(): PositionCounters & { writeBehind: WriteBehindStats } {
    return {
      ...this.counts,
      refused: { ...this.counts.refused },
      writeBehind: { ...this.writer.stats, queued: this.writer.pending },
    };
  }

  /** Writes what is queued (tests, shutdown). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** A secret revoked or rotated, a device changed: its next report is decided on fresh rows. */
  forgetDevice(deviceId: number) {
    this.cache.forgetDevice(deviceId);
  }

  private decide(reports: Report[], infos: (DeviceInfo | null)[], receivedAt: Date): Outcome[] {
    const limits = this.limits();
    const outcomes: (Outcome | null)[] = reports.map(() => null);
    const refuse = (i: number, reason: PositionRefusal, device: DeviceInfo | null) => {
      outcomes[i] = { status: 'refused', reason, deviceId: device?.id ?? null };
      if (device) this.writer.note(device.id, { refusal: reason, lastRefusalAt: receivedAt });
    };

    // 1. who reports
    const deviceOf = reports.map((r, i): DeviceInfo | null => {
      const c = r.credential;
      const info = infos[i];
      if (!info || (c.kind === 'secret' && !info.tracker)) return (refuse(i, 'unknownDevice', null), null);
      if (c.kind === 'secret') {
        this.writer.note(info.id, { lastReportAt: receivedAt });
        if (info.tracker!.revoked) return (refuse(i, 'revokedDevice', info), null);
        const id = r.fix.trackerId;
        // a valid secret with another identifier: counted on the secret's device, so its administrator sees it
        if (id !== info.code && id !== info.tracker!.trackerId) return (refuse(i, 'unknownDevice', info), null);
      }
      return info;
    });

    // 2. the rules of a fix
    const at = reports.map((r) => r.fix.recordedAt ?? receivedAt);
    reports.forEach((r, i) => {
      const device = deviceOf[i];
      if (!device || outcomes[i]) return;
      const reason = refusalOf(r.fix, at[i], receivedAt, limits);
      if (reason) refuse(i, reason, device);
    });

    // 3. in time order against the last accepted fix (a tracker may send its backlog newest first)
    const candidates = reports.map((_, i) => i).filter((i) => !outcomes[i] && deviceOf[i]);
    candidates.sort((a, b) => at[a].getTime() - at[b].getTime() || a - b);
    for (const i of candidates) {
      const d = deviceOf[i]!;
      const key = orderKeyOf(d);
      const fix = reports[i].fix;
      const t = at[i].getTime();
      const order = orderOf({ latitude: fix.latitude, longitude: fix.longitude, at: t }, this.cache.lastFix.get(key));
      if (order === 'duplicate') outcomes[i] = { status: 'duplicate', deviceId: d.id };
      else if (order === 'outOfOrder') refuse(i, 'outOfOrder', d);
      else {
        outcomes[i] = { status: 'accepted', deviceId: d.id, resourceId: d.resourceId };
        this.cache.advance(key, { latitude: fix.latitude, longitude: fix.longitude, at: t });
        // 4. queued; the answer does not wait for the write
        const c = reports[i].credential;
        this.writer.enqueue({
          deviceId: d.id,
          code: d.code,
          baseId: d.baseId,
          resourceId: d.resourceId,
          secretHash: c.kind === 'secret' ? c.secretHash : null,
          fix,
          at: at[i],
          receivedAt,
          source: reports[i].source,
        });
        this.writer.note(d.id, { lastFixAt: at[i] });
      }
    }
    return outcomes as Outcome[];
  }

  private count(o: Outcome) {
    if (o.status === 'accepted') this.counts.accepted += 1;
    else if (o.status === 'duplicate') this.counts.duplicates += 1;
    else this.counts.refused[o.reason] += 1;
  }

  /** ETA and geofences (modules/tracking), after a batch is stored: never on the request path. */
  private follow(accepted: AcceptedPosition[]) {
    void Promise.resolve()
      .then(() => onPositionsAccepted({ db: this.deps.db, hub: this.deps.hub }, accepted))
      .catch((err) => console.error('[panel] onPositionsAccepted failed', err));
  }
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

/** Revocation and rotation (trackers.ts): this node's ingest refuses the old secret from the next report on. */
export function forgetTrackerDevice(db: Database, deviceId: number) {
  ingests.get(db)?.forgetDevice(deviceId);
}
