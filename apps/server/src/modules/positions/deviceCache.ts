/**
 * What the request path of the position ingest knows without asking the database (issue 14, ingest p99):
 * - who reports: the device behind a secret's SHA-256 (or a session's device id), with its tracker state;
 * - the last accepted fix of each vehicle (`r{id}`) and of each device that sits in none (`d{id}`), the order
 *   every new fix is decided against (out of order, duplicate).
 *
 * A device entry lives `ttlMs` (5 s). On a miss the request waits for one query (shared by concurrent requests);
 * an expired entry answers at once and is reloaded in the background, so a database outage does not slow the
 * answer of a device already known. The background reloads are gathered for `revalidateMs` (250 ms) and made in
 * one query: 500 trackers reporting every 5 s expire about one entry per report, and a query per report was the
 * ingest's largest cost on the main thread (PGlite ran SQL there before it had a thread of its own: ~70 ms a
 * second of 100 reports, measured by bench/positions.bench.ts BENCH_SQL_PROF=1). A secret whose row is gone
 * (rotated on another node) is forgotten by the reload. Revocation and rotation on this node call `forgetDevice`
 * and refuse at once; another node learns within the TTL plus the gathering, and the write path re-checks each
 * queued fix's secret under the row lock (writeBehind.ts), so a fix that slipped through is never stored.
 *
 * The last fix only ever moves forward here: a reload merges by time, so a fix accepted but not yet flushed is
 * not forgotten, and a newer fix another node stored is learned within the TTL.
 */
import { eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deviceTrackers, devices, resources } from '../../db/schema/index.js';

/** Who sends a fix: the ingest checks it against the device (kept here, the lower file: ingest.ts re-exports it). */
export type Credential =
  /** a tracker: its secret's hash; the fix's trackerId must be the device's code or configured tracker id */
  | { kind: 'secret'; secretHash: string }
  /** the session's confirmed device (the panel's heartbeat) */
  | { kind: 'device'; deviceId: number };

export interface DeviceInfo {
  id: number;
  code: string;
  baseId: number | null;
  /** the vehicle whose `pnt` this device moves (null: the device's own location only) */
  resourceId: number | null;
  /** null when the device has no tracker row (the heartbeat's devices) */
  tracker: { trackerId: string | null; secretHash: string; revoked: boolean } | null;
}

export interface LastFix {
  latitude: number | null;
  longitude: number | null;
  at: number | null;
}

interface Entry {
  info: DeviceInfo | null;
  loadedAt: number;
}

/** The order key of a device's fixes: its vehicle's, or its own when it sits in none. */
export const orderKeyOf = (d: DeviceInfo) => (d.resourceId !== null ? `r${d.resourceId}` : `d${d.id}`);

export const DEVICE_CACHE_TTL_MS = 5000;
/** trackers loaded at start at most (beyond it they are loaded on their first report, as before) */
export const WARM_LIMIT = 20_000;
/** how long expired entries are gathered before one query reloads them all */
export const DEVICE_REVALIDATE_MS = 250;

type Row = Awaited<ReturnType<typeof selectDevices>>[number];

export class DeviceCache {
  private readonly bySecret = new Map<string, Entry>();
  private readonly byId = new Map<number, Entry>();
  private readonly loading = new Map<string, Promise<DeviceInfo | null>>();
  /** expired entries waiting for the next gathered reload, and those in the reload running now */
  private stale = new Map<string, Credential>();
  private readonly reloading = new Set<string>();
  private staleTimer: NodeJS.Timeout | null = null;
  /** bumped by `forgetDevice`: a load that started before a revocation must not put the old state back */
  private generation = 0;
  readonly lastFix = new Map<string, LastFix>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = DEVICE_CACHE_TTL_MS,
    private readonly now = () => Date.now(),
    private readonly revalidateMs = DEVICE_REVALIDATE_MS,
  ) {}

  /** The device of a credential (null: unknown). Rejects only when it is not cached and the database fails. */
  resolve(c: Credential): Promise<DeviceInfo | null> | DeviceInfo | null {
    const entry = c.kind === 'secret' ? this.bySecret.get(c.secretHash) : this.byId.get(c.deviceId);
    const key = c.kind === 'secret' ? `s${c.secretHash}` : `i${c.deviceId}`;
    if (entry) {
      if (this.now() - entry.loadedAt > this.ttlMs && !this.loading.has(key) && !this.reloading.has(key)) {
        // stale-while-revalidate: the answer does not wait for (or fail with) the database
        this.stale.set(key, c);
        this.staleTimer ??= setTimeout(() => void this.revalidate(), this.revalidateMs);
        this.staleTimer.unref?.();
      }
      return entry.info;
    }
    return this.loading.get(key) ?? this.load(key, c);
  }

  /**
   * Every tracker at once, one query (a listening server calls it at start): after a restart the whole fleet
   * reports within one period, and each unknown secret would otherwise wait for a query of its own, queued
   * behind the panels' reconnecting bundles. Entries already there (a report came first) are kept.
   */
  async warm(limit = WARM_LIMIT): Promise<number> {
    const generation = this.generation;
    const rows = await selectDevices(this.db, isNotNull(deviceTrackers.secretHash), limit);
    if (generation !== this.generation) return 0;
    const loadedAt = this.now();
    let added = 0;
    for (const row of rows) {
      const { info, current } = fromRow(row);
      if (this.bySecret.has(row.secretHash!)) continue;
      this.bySecret.set(row.secretHash!, { info, loadedAt });
      this.advance(orderKeyOf(info), current);
      added += 1;
    }
    return added;
  }

  /** Revocation, rotation, a device moved: the next report of this device is decided on fresh rows. */
  forgetDevice(deviceId: number) {
    this.generation += 1;
    this.byId.delete(deviceId);
    for (const [hash, e] of this.bySecret) if (e.info?.id === deviceId) this.bySecret.delete(hash);
    this.loading.clear();
  }

  /** Moves the last fix of `key` forward (never back). */
  advance(key: string, fix: LastFix) {
    const seen = this.lastFix.get(key);
    if (!seen || seen.at === null || (fix.at !== null && fix.at >= seen.at)) this.lastFix.set(key, fix);
  }

  private load(key: string, c: Credential): Promise<DeviceInfo | null> {
    const generation = this.generation;
    const promise = this.query(c)
      .then(({ info, current }) => {
        // an unknown secret is not kept: random secrets must not grow the map (each costs one query, as before)
        if (generation === this.generation && info) {
          const entry = { info, loadedAt: this.now() };
          if (c.kind === 'secret') this.bySecret.set(c.secretHash, entry);
          else this.byId.set(c.deviceId, entry);
        }
        if (info) this.advance(orderKeyOf(info), current);
        return info;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /** One query for every expired entry gathered; a failure leaves them stale (the next report asks again). */
  private async revalidate(): Promise<void> {
    this.staleTimer = null;
    const batch = this.stale;
    this.stale = new Map();
    const generation = this.generation;
    for (const key of batch.keys()) this.reloading.add(key);
    try {
      const hashes: string[] = [];
      const ids: number[] = [];
      for (const c of batch.values()) {
        if (c.kind === 'secret') hashes.push(c.secretHash);
        else ids.push(c.deviceId);
      }
      const [bySecret, byId] = await Promise.all([
        hashes.length > 0 ? selectDevices(this.db, inArray(deviceTrackers.secretHash, hashes)) : [],
        ids.length > 0 ? selectDevices(this.db, inArray(devices.id, ids)) : [],
      ]);
      // a revocation or rotation on this node while the query ran: its forgetDevice wins
      if (generation !== this.generation) return;
      const loadedAt = this.now();
      const secretRows = new Map(bySecret.map((r) => [r.secretHash!, r]));
      const idRows = new Map(byId.map((r) => [r.id, r]));
      for (const c of batch.values()) {
        const row = c.kind === 'secret' ? secretRows.get(c.secretHash) : idRows.get(c.deviceId);
        if (!row) {
          // the secret (or device) is gone: the next report is decided on a fresh lookup
          if (c.kind === 'secret') this.bySecret.delete(c.secretHash);
          else this.byId.delete(c.deviceId);
          continue;
        }
        const { info, current } = fromRow(row);
        if (c.kind === 'secret') this.bySecret.set(c.secretHash, { info, loadedAt });
        else this.byId.set(c.deviceId, { info, loadedAt });
        this.advance(orderKeyOf(info), current);
      }
    } catch {
      // the database is away: the entries stay as they were, answered from memory
    } finally {
      for (const key of batch.keys()) this.reloading.delete(key);
    }
  }

  private async query(c: Credential): Promise<{ info: DeviceInfo | null; current: LastFix }> {
    const rows = await selectDevices(
      this.db,
      c.kind === 'secret' ? eq(deviceTrackers.secretHash, c.secretHash) : inArray(devices.id, [c.deviceId]),
      1,
    );
    const r = rows[0];
    if (!r) return { info: null, current: { latitude: null, longitude: null, at: null } };
    return fromRow(r);
  }
}

/** The devices (with tracker and vehicle) a condition selects. */
async function selectDevices(db: Database, where: SQL, limit?: number) {
  const query = db
    .select({
      id: devices.id,
      code: devices.code,
      baseId: devices.baseId,
      resourceId: resources.id,
      // flat: Drizzle turns a nested object of a left join into null when its first column is null
      trackerId: deviceTrackers.trackerId,
      secretHash: deviceTrackers.secretHash,
      revokedAt: deviceTrackers.revokedAt,
      lastFixAt: deviceTrackers.lastFixAt,
      latitude: resources.latitude,
      longitude: resources.longitude,
      locationAt: resources.locationAt,
    })
    .from(devices)
    .leftJoin(deviceTrackers, eq(deviceTrackers.deviceId, devices.id))
    .leftJoin(resources, eq(resources.id, devices.resourceId))
    .where(where);
  return limit === undefined ? await query : await query.limit(limit);
}

function fromRow(r: Row): { info: DeviceInfo; current: LastFix } {
  const info: DeviceInfo = {
    id: r.id,
    code: r.code,
    baseId: r.baseId,
    resourceId: r.resourceId,
    tracker: r.secretHash ? { trackerId: r.trackerId, secretHash: r.secretHash, revoked: r.revokedAt !== null } : null,
  };
  const current: LastFix =
    r.resourceId !== null
      ? { latitude: r.latitude, longitude: r.longitude, at: r.locationAt?.getTime() ?? null }
      : { latitude: null, longitude: null, at: r.lastFixAt?.getTime() ?? null };
  return { info, current };
}
