/**
 * Where the simulator's vehicle fixes go. The simulator only knows `FixSink`; what is behind it is one line in
 * `demo/simulator/index.ts` (`sink: …`).
 *
 * The server's sink is `createOsmAndFixSink` (trackers.ts): HTTP to our own OsmAnd endpoint, the real ingest.
 * `createInProcessFixSink` below writes a position the way the ingest does (the resource's current position, a
 * `resource_positions` row, the change log and push through `runCommand`, then the tracking hook) without an
 * HTTP server: the simulator's own tests drive it.
 */
import { inArray } from 'drizzle-orm';
import type { PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';
import { resourcePositions, resources } from '../../db/schema/index.js';
import { onPositionsAccepted, type AcceptedPosition } from '../../modules/tracking/index.js';
import { runCommand } from '../../sync/commands.js';
import type { VehicleFix } from './vehicleModel.js';
import { eq } from 'drizzle-orm';

/** A fix as a sink takes it: the vehicle model's, with the tracker that reports it and its battery. */
export interface Fix extends VehicleFix {
  /** the tracker's id (OsmAnd `id`): the code of the device in the vehicle */
  deviceCode: string;
  /** percent */
  battery: number;
}

export type FixSink = (fix: Fix) => Promise<void>;

/** `resources.source_name` of positions written by the temporary in-process path */
export const IN_PROCESS_SOURCE = 'simulace';

/**
 * Fixes handed in within one turn of the event loop are written
 * together, one command per batch (one revision, one push), as the ingest batches what one request carries.
 * Each caller's promise settles with its batch.
 */
export function createInProcessFixSink(deps: { db: Database; hub: PushHub }): FixSink {
  let queue: { fix: Fix; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;

  async function flush() {
    scheduled = false;
    const batch = queue;
    queue = [];
    // the newest fix per vehicle is its current position; every fix is history
    const latest = new Map<number, Fix>();
    for (const { fix } of batch) {
      const prev = latest.get(fix.resourceId);
      if (!prev || prev.at.getTime() <= fix.at.getTime()) latest.set(fix.resourceId, fix);
    }
    try {
      await runCommand(deps, { userId: null, deviceId: null }, { type: 'resource.position' }, async (tx, rec) => {
        const ids = [...latest.keys()];
        const known = await tx
          .select({ id: resources.id, baseId: resources.baseId })
          .from(resources)
          .where(inArray(resources.id, ids));
        const baseOf = new Map(known.map((r) => [r.id, r.baseId]));
        const fixes = batch.map((b) => b.fix).filter((f) => baseOf.has(f.resourceId));
        if (fixes.length === 0) return;
        await tx.insert(resourcePositions).values(
          fixes.map((f) => ({
            resourceId: f.resourceId,
            latitude: f.lat,
            longitude: f.lon,
            speed: f.speedKmh,
            accuracy: f.accuracy,
            sourceName: IN_PROCESS_SOURCE,
            recordedAt: f.at,
          })),
        );
        for (const f of latest.values()) {
          if (!baseOf.has(f.resourceId)) continue;
          await tx
            .update(resources)
            .set({
              latitude: f.lat,
              longitude: f.lon,
              speed: f.speedKmh,
              locationAt: f.at,
              locationAccuracy: f.accuracy,
              sourceName: IN_PROCESS_SOURCE,
              updatedAt: new Date(),
            })
            .where(eq(resources.id, f.resourceId));
          rec.moved('resources', f.resourceId); // the position alone: deltas carry it as `positions`
          rec.touchBases(baseOf.get(f.resourceId));
        }
      });
      for (const b of batch) b.resolve();
    } catch (error) {
      for (const b of batch) b.reject(error);
      return;
    }
    const accepted: AcceptedPosition[] = [...latest.values()].map((f) => ({
      resourceId: f.resourceId,
      latitude: f.lat,
      longitude: f.lon,
      speed: f.speedKmh,
      accuracy: f.accuracy,
      recordedAt: f.at,
    }));
    // what follows a position (ETA, geofence) never refuses one
    await onPositionsAccepted(deps, accepted).catch(() => undefined);
  }

  return (fix) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ fix, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}
