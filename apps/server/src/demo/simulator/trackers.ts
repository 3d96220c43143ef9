/**
 * The living demo's vehicles report like real trackers (issue 14 item 7): over HTTP, in the OsmAnd protocol, to
 * this server's own ingest (`/v2/positions/osmand/<secret>`, modules/positions), so the demo runs the production
 * path — secret check, bounds, order, batching, change log, coalesced push and the tracking hook.
 *
 * Each vehicle's tracker is a device: its navigation unit (N-…) or drone controller (DC-…) when the demo has
 * one, else a GPS unit `GPS-{vehicle id}` created here (a vehicle tracker is a device of the service like any
 * other). Secrets are minted when the simulator first reports (kept in memory only; a restart rotates them),
 * through the administrator's own write (`writeTrackerSecret`, journaled as made by the system).
 */
import { eq, inArray } from 'drizzle-orm';
import type { PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';
import { devices, resources } from '../../db/schema/index.js';
import { sendOsmAnd, type OsmAndTracker } from '../../modules/positions/osmandClient.js';
import { writeTrackerSecret } from '../../modules/positions/trackers.js';
import type { Fix, FixSink } from './sink.js';

type Deps = { db: Database; hub: PushHub };

const SYSTEM = { userId: null, deviceId: null };
const GPS_PREFIX = 'GPS-';

/** The trackers the fixes name, with a secret each; GPS units created for vehicles without a device. */
export async function prepareTrackers(deps: Deps, codes: { code: string; resourceId: number }[]) {
  const wanted = new Map(codes.map((c) => [c.code, c.resourceId]));
  if (wanted.size === 0) return new Map<string, OsmAndTracker>();
  const existing = await deps.db
    .select({ id: devices.id, code: devices.code })
    .from(devices)
    .where(inArray(devices.code, [...wanted.keys()]));
  const rows = new Map(existing.map((d) => [d.code, d]));
  for (const [code, resourceId] of wanted) {
    if (rows.has(code) || !code.startsWith(GPS_PREFIX)) continue;
    const [vehicle] = await deps.db
      .select({ name: resources.name, baseId: resources.baseId })
      .from(resources)
      .where(eq(resources.id, resourceId));
    if (!vehicle) continue;
    const [row] = await deps.db
      .insert(devices)
      .values({ code, name: `GPS ${vehicle.name}`, baseId: vehicle.baseId, resourceId })
      .onConflictDoNothing()
      .returning({ id: devices.id, code: devices.code });
    if (row) rows.set(code, row);
  }
  const trackers = new Map<string, OsmAndTracker>();
  for (const device of rows.values()) {
    const created = await writeTrackerSecret(deps, SYSTEM, device, {});
    trackers.set(device.code, { id: created.trackerId, secret: created.secret });
  }
  return trackers;
}

/** What the sink needs of a fix to name its tracker and vehicle. */
type Known = Pick<Fix, 'deviceCode' | 'resourceId'>;

/**
 * A sink that sends each fix to our own OsmAnd endpoint. Trackers are prepared for the vehicles of the first
 * fixes and for any new one later; a failed preparation is retried with the next fix. A refused fix (the ingest
 * answers 200 with a reason, 401 for a revoked secret) is logged, and a revoked tracker gets a new secret.
 */
export function createOsmAndFixSink(
  deps: Deps,
  baseUrl: () => string,
  log: { warn: (o: object, msg: string) => void },
): FixSink {
  const trackers = new Map<string, OsmAndTracker>();
  let preparing: Promise<void> | null = null;
  let pending: Known[] = [];

  async function prepare() {
    const batch = pending;
    pending = [];
    try {
      const wanted = batch.filter((f) => !trackers.has(f.deviceCode));
      const made = await prepareTrackers(
        deps,
        wanted.map((f) => ({ code: f.deviceCode, resourceId: f.resourceId })),
      );
      for (const [code, t] of made) trackers.set(code, t);
    } finally {
      preparing = null;
    }
  }

  // fixes of one tick arrive together: one preparation for all of them; a fix that came while one was under way
  // waits for it and then joins the next
  async function ensure(fix: Known) {
    for (let round = 0; round < 2 && !trackers.has(fix.deviceCode); round++) {
      pending.push(fix);
      preparing ??= Promise.resolve().then(prepare);
      await preparing;
    }
  }

  return async (fix) => {
    await ensure(fix);
    const tracker = trackers.get(fix.deviceCode);
    if (!tracker) throw new Error(`no tracker for ${fix.deviceCode}`);
    const { status, body } = await sendOsmAnd(baseUrl(), tracker, {
      latitude: fix.lat,
      longitude: fix.lon,
      at: fix.at,
      speed: fix.speedKmh,
      bearing: fix.bearing,
      accuracy: fix.accuracy,
      battery: fix.battery,
    });
    if (status === 401) trackers.delete(fix.deviceCode); // revoked by an administrator: a new one next time
    if (status !== 200 || (body as { result?: boolean } | null)?.result === false) {
      log.warn({ tracker: fix.deviceCode, status, body }, 'demo tracker report refused');
    }
  };
}
