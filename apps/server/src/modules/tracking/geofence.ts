/**
 * Arrival by geofence (issue 14 item 5, beyond the spec): a deployed vehicle that dwells within 150 m of the
 * event's place gets 'at the scene' (18), leaving it 'on the way back' (19), within 150 m of its base 'at base'
 * (20, which ends the deployment as ending by hand does). The rule itself is the domain's `geofenceTransition`.
 *
 * Each change is a command of the system (no user, no device in the journal; type `eventJob.geofence`, data with
 * the status change and `by: 'geofence'`). Off per deployment (`event_jobs.geofence`) and for the whole server by
 * the setting `geofence: false` (table `settings`).
 */
import { and, desc, eq, gte } from 'drizzle-orm';
import { JOB_ARRIVED_STATUS, JOB_STATUS } from '@panel/domain/constants';
import {
  GEOFENCE_RADIUS_M,
  geofenceTransition,
  type GeofenceFix,
  type GeofenceStatus,
  type TrackCoordinate,
} from '@panel/domain/tracking';
import { haversine } from '@panel/domain/map';
import type { Queryable } from '../../db/client.js';
import { eventJobs, resourcePositions, settings } from '../../db/schema/index.js';
import { runCommand } from '../../sync/commands.js';
import { SYSTEM_ACTOR, type TrackingDeps } from './context.js';
import type { TrackedJob } from './jobs.js';

/** Fixes read per decision: the dwell needs a handful; 60 covers a vehicle reporting every second for a minute. */
const FIXES_READ = 60;

/** The setting `geofence`: anything but `false` leaves the automatic statuses on. */
export async function geofenceEnabled(q: Queryable): Promise<boolean> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, 'geofence'));
  return row?.value !== false;
}

/** Could the newest fix change this job at all? (Saves the history read for the vehicles on their way.) */
function mayMove(job: TrackedJob, at: TrackCoordinate): boolean {
  if (job.status === JOB_STATUS.AT_SCENE) return job.target !== null && haversine(at, job.target) > GEOFENCE_RADIUS_M;
  if (job.status === JOB_STATUS.RETURNING) return job.base !== null && haversine(at, job.base) <= GEOFENCE_RADIUS_M;
  return job.target !== null && haversine(at, job.target) <= GEOFENCE_RADIUS_M;
}

/** The vehicle's fixes since the job was made, newest first. */
async function fixesOf(q: Queryable, job: TrackedJob): Promise<GeofenceFix[]> {
  const rows = await q
    .select({
      longitude: resourcePositions.longitude,
      latitude: resourcePositions.latitude,
      accuracy: resourcePositions.accuracy,
      recordedAt: resourcePositions.recordedAt,
    })
    .from(resourcePositions)
    .where(and(eq(resourcePositions.resourceId, job.resourceId), gte(resourcePositions.recordedAt, job.createdAt)))
    .orderBy(desc(resourcePositions.recordedAt))
    .limit(FIXES_READ);
  return rows;
}

/** The transition this job's vehicle has earned by its fixes, or null. */
export async function geofenceDecision(
  q: Queryable,
  job: TrackedJob,
  at: TrackCoordinate,
): Promise<GeofenceStatus | null> {
  if (!job.geofence || !mayMove(job, at)) return null;
  return geofenceTransition(job.status, await fixesOf(q, job), job.target, job.base);
}

/**
 * Applies a transition as the system. The job row is locked and read again: a dispatcher's change (or another
 * node's geofence) in between wins, and nothing is written when the job is no longer where the decision found it.
 * Answers whether it was applied.
 */
export async function applyGeofence(
  deps: TrackingDeps,
  job: TrackedJob,
  to: GeofenceStatus,
  now: Date,
): Promise<boolean> {
  return runCommand(deps, SYSTEM_ACTOR, { type: 'eventJob.geofence', eventId: job.eventId }, async (tx, rec) => {
    const [current] = await tx.select().from(eventJobs).where(eq(eventJobs.id, job.id)).for('update');
    if (!current || current.endedAt || current.eventJobStatusId !== job.status || !current.geofence) return false;
    const patch: Partial<typeof eventJobs.$inferInsert> = { eventJobStatusId: to, updatedAt: now };
    const changes: Record<string, { old: unknown; new: unknown }> = {
      eventJobStatusId: { old: current.eventJobStatusId, new: to },
    };
    // as a PUT to 18 does: arrival stamped when there is none yet or the planned one is still ahead
    if (to === JOB_ARRIVED_STATUS && (current.arriveAt == null || current.arriveAt > now)) {
      patch.arriveAt = now;
      changes.arriveAt = { old: current.arriveAt, new: now };
    }
    // 20 ends the deployment, as ending by hand does
    if (to === JOB_STATUS.AT_BASE) patch.endedAt = now;
    await tx.update(eventJobs).set(patch).where(eq(eventJobs.id, job.id));
    rec.changed('eventJobs', job.id);
    rec.changed('resources', job.resourceId);
    if (to === JOB_STATUS.AT_BASE) rec.changed('events', job.eventId);
    rec.touchBases(job.jobBaseId, job.resourceBaseId);
    rec.journal({
      table: 'event_jobs',
      data: { id: job.id, resourceId: job.resourceId, resourceName: job.resourceName, by: 'geofence', changes },
    });
    return true;
  });
}
