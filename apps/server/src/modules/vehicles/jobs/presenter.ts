/** event_jobs row → wire `EventJob`. */
import type { EventJob } from '@panel/domain/sync';
import type { eventJobs } from '../../../db/schema/index.js';
import { wireTime } from '../../../sync/wire.js';

export type EventJobRow = typeof eventJobs.$inferSelect;

/**
 * Seconds the waypoint line is still shown (001 §4): counted down from `show_waypoints_until`, so a panel that
 * loads later shows it for what is left, and nobody after it ended. The panel counts down from this value.
 */
export function waypointSecondsLeft(until: Date | null, now: Date = new Date()): number {
  if (!until) return 0;
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

export function presentEventJob(r: EventJobRow, eventUuid: string): EventJob {
  return {
    id: r.id,
    uuid: r.uuid,
    eventUuid,
    eventId: r.eventId,
    eventJobStatusId: r.eventJobStatusId,
    baseId: r.baseId ?? 0,
    resourceId: r.resourceId ?? 0,
    vehicle: r.resourceId,
    arriveAt: wireTime(r.arriveAt),
    eventJobCategoryId: r.eventJobCategoryId,
    showWaypointsTimeout: waypointSecondsLeft(r.showWaypointsUntil),
    geofence: r.geofence,
  };
}
