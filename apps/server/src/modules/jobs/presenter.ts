/** event_jobs row → wire `EventJob`. */
import type { EventJob } from '@panel/domain/sync';
import type { eventJobs } from '../../db/schema/index.js';
import { wireTime } from '../../sync/wire.js';

export type EventJobRow = typeof eventJobs.$inferSelect;

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
    showWaypointsTimeout: r.showWaypointsTimeout ?? 0,
  };
}
