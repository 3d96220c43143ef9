/**
 * Demo vehicle telemetry (issue 5), applied after the fleet and the demo jobs are seeded: last positions relative
 * to the seeding time — most fresh (under the 300 s validity of 000 §9), every fourth one stale (10 minutes to
 * a few hours), so the deployment dialog and the Technika tab show the stale warning — vehicle statuses (0 off,
 * 1 trip, 2 observer, 3 navigation) and an ETA for vehicles on the way. The latest row of resource_positions
 * follows the new position time.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { JOB_STATUS, VEHICLE_STATUS } from '@panel/domain/constants';
import type { Tx } from '../db/client.js';
import * as s from '../db/schema/index.js';
import { activeJobs } from '../modules/vehicles/jobs/active.js';

/** Vehicles whose position the demo keeps stale even when deployed (names as in resources.ts). */
const STALE_DEPLOYED = ['Dron DJI Matrice 30T OVA'];

/** Age of the demo position of the i-th vehicle (id order), in seconds. */
export function demoPositionAge(i: number, name: string): number {
  if (STALE_DEPLOYED.includes(name) || i % 4 === 3) return 600 + ((i * 1031) % 10_200); // 10 min … ~3 h
  return 10 + ((i * 37) % 230); // 10 … 239 s
}

export async function seedVehicleTelemetry(tx: Tx, now = Date.now()): Promise<void> {
  const vehicles = await tx
    .select({ id: s.resources.id, name: s.resources.name })
    .from(s.resources)
    .orderBy(asc(s.resources.id));
  const jobs = await tx
    .select({ resourceId: s.eventJobs.resourceId, status: s.eventJobs.eventJobStatusId })
    .from(s.eventJobs)
    .where(activeJobs());
  const jobOf = new Map(jobs.map((j) => [j.resourceId, j.status]));

  for (const [i, v] of vehicles.entries()) {
    const age = demoPositionAge(i, v.name);
    const at = new Date(now - age * 1000);
    const jobStatus = jobOf.get(v.id);
    const stale = age > 300;
    const status =
      jobStatus !== undefined
        ? VEHICLE_STATUS.TRIP
        : stale
          ? VEHICLE_STATUS.OFF
          : i % 2 === 0
            ? VEHICLE_STATUS.OBSERVER
            : VEHICLE_STATUS.NAVIGATION;
    // on the way (14–17): the navigation's estimate, 4 to 18 minutes ahead
    const eta =
      jobStatus !== undefined && jobStatus < JOB_STATUS.AT_SCENE ? new Date(now + (4 + ((i * 5) % 15)) * 60_000) : null;
    await tx
      .update(s.resources)
      .set({ locationAt: at, status, eta, updatedAt: new Date(now) })
      .where(eq(s.resources.id, v.id));
    await tx
      .update(s.resourcePositions)
      .set({ recordedAt: at })
      .where(
        eq(s.resourcePositions.id, sql`(select max(p.id) from resource_positions p where p.resource_id = ${v.id})`),
      );
  }
}
