/**
 * What follows an accepted vehicle position (issue 14): the ETA and route of its deployment recomputed
 * (throttled, eta.ts), and the geofence job transitions (at the scene, on the way back, at base; geofence.ts).
 *
 * The position ingest (`modules/positions`) calls `onPositionsAccepted` once per batch, after the positions
 * are stored as current (resources) and in the history (resource_positions), outside the ingest's transaction;
 * a failure here never refuses a position: everything is caught and logged. The geofence is decided before the
 * call returns (database only); the ETA runs in the background (a routing call may take seconds), `trackingIdle`
 * waits for it.
 */
import { JOB_STATUS } from '@panel/domain/constants';
import { ETA_JOB_STATUSES } from '@panel/domain/tracking';
import { clockOf, trackingLog, type TrackingDeps } from './context.js';
import { etaIdle, scheduleEta } from './eta.js';
import { applyGeofence, geofenceDecision, geofenceEnabled } from './geofence.js';
import { trackedJobs } from './jobs.js';

export type { TrackingDeps } from './context.js';

/** A position that became a resource's current one. */
export interface AcceptedPosition {
  resourceId: number;
  latitude: number;
  longitude: number;
  /** km/h, as the resource's `pnt.speed` */
  speed: number | null;
  /** metres */
  accuracy: number | null;
  /** when the tracker took the fix */
  recordedAt: Date;
}

/** The newest position of each vehicle in the batch (a tracker may send its backlog in one batch). */
function newestPerVehicle(positions: readonly AcceptedPosition[]): Map<number, AcceptedPosition> {
  const out = new Map<number, AcceptedPosition>();
  for (const p of positions) {
    if (!Number.isFinite(p.latitude) || !Number.isFinite(p.longitude)) continue;
    const seen = out.get(p.resourceId);
    if (!seen || seen.recordedAt.getTime() <= p.recordedAt.getTime()) out.set(p.resourceId, p);
  }
  return out;
}

export async function onPositionsAccepted(deps: TrackingDeps, positions: readonly AcceptedPosition[]): Promise<void> {
  try {
    const newest = newestPerVehicle(positions);
    if (newest.size === 0) return;
    const jobs = await trackedJobs(deps.db, [...newest.keys()]);
    if (jobs.size === 0) return;
    const geofenceOn = await geofenceEnabled(deps.db);
    const now = clockOf(deps);
    for (const [resourceId, job] of jobs) {
      const p = newest.get(resourceId)!;
      const at: [number, number] = [p.longitude, p.latitude];
      try {
        if (geofenceOn) {
          const to = await geofenceDecision(deps.db, job, at);
          if (to !== null && (await applyGeofence(deps, job, to, now))) {
            if (to === JOB_STATUS.AT_BASE) continue;
            job.status = to;
          }
        }
        if (ETA_JOB_STATUSES.includes(job.status)) scheduleEta(deps, job, at, now);
      } catch (err) {
        trackingLog.error({ err, jobId: job.id }, 'tracking of a job failed');
      }
    }
  } catch (err) {
    trackingLog.error({ err }, 'tracking failed');
  }
}

/** Resolves when the background ETA work started so far has finished. */
export const trackingIdle = etaIdle;
