/** Bodies and params of the deployment calls (docs/API.md "Vehicles and deployment (issue 5) — contract"). */
import { z } from 'zod';
import { wireId, wireIdParam, wireInt } from '@panel/domain/validation';

const positive = wireIdParam();

export const jobIdParams = z.object({ id: positive });

/** A wire time `YYYY-MM-DD HH:mm:ss` (Prague) or an ISO string; null clears. */
const time = z.string().min(1).max(40).nullable().optional();

/**
 * POST /v2/event-jobs. Unknown keys are ignored, so the panel may send its whole job object; `baseId` is the
 * vehicle's base and is never taken from the body. `move: true` ends the vehicle's active job on another event
 * in the same transaction.
 */
export const createJobSchema = z
  .object({
    uuid: z.string().min(1).max(64),
    eventId: wireId().nullable().optional(),
    eventUuid: z.string().min(1).max(64).nullable().optional(),
    resourceId: wireId(),
    eventJobStatusId: wireInt().optional(),
    arriveAt: time,
    eventJobCategoryId: wireInt().nullable().optional(),
    showWaypointsTimeout: wireInt({ min: 0 }).nullable().optional(),
    move: z.boolean().optional(),
  })
  .refine((b) => b.eventId != null || (b.eventUuid != null && b.eventUuid !== ''), {
    message: 'Chybí událost.',
    path: ['eventId'],
  });

export type CreateJobBody = z.infer<typeof createJobSchema>;

/** PUT /v2/event-jobs/{id}: status, ETA (`arriveAt`), category, waypoint timeout; status 20 ends the job. */
export const updateJobSchema = z.object({
  eventJobStatusId: wireInt().optional(),
  arriveAt: time,
  eventJobCategoryId: wireInt().nullable().optional(),
  showWaypointsTimeout: wireInt({ min: 0 }).nullable().optional(),
  /** automatic statuses by position for this deployment (issue 14) */
  geofence: z.boolean().optional(),
});

export type UpdateJobBody = z.infer<typeof updateJobSchema>;
