/**
 * The vehicles area's calls (one name for the server's "jobs" and "resources" and the web's "vehicles"):
 * deployments (`/v2/event-jobs`, 000 §4, §7) and the vehicle overview (`/v2/resources`). Every body, params and
 * answer of those routes is a schema here; the server validates with them, the web infers its types from them.
 * Contract details a schema cannot say (who may call, side effects) are in docs/API.md "Vehicles and deployment".
 */
import { z } from 'zod';
import { eventJobSchema, resourceSchema, sentRouteSchema } from '../sync/entities';
import { wireId, wireIdParam, wireInt } from '../http/wireValues';
import { vehiclesTexts } from './texts';

/** `{id}` of PUT/DELETE /v2/event-jobs/{id} and POST /v2/event-jobs/{id}/route */
export const jobIdParams = z.object({ id: wireIdParam() });

/** A wire time `YYYY-MM-DD HH:mm:ss` (Prague) or an ISO string; null clears (checked strictly by the command). */
const time = z.string().min(1).max(40).nullable().optional();

/**
 * POST /v2/event-jobs. Unknown keys are ignored, so the panel may send its whole job object; `baseId` is the
 * vehicle's base and is never taken from the body. `uuid` makes a retry idempotent (the panel always sends its
 * own); without one the server makes it. `move: true` ends the vehicle's active job on another event in the same
 * transaction.
 */
export const createJobSchema = z
  .object({
    uuid: z.string().min(1).max(64).optional(),
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
    message: vehiclesTexts.missingEvent,
    path: ['eventId'],
  });

export type CreateJobBody = z.infer<typeof createJobSchema>;

/**
 * PUT /v2/event-jobs/{id}: status, ETA (`arriveAt`, wire time; null clears), category, waypoint timeout (seconds
 * the line is shown from now, 001 §4; 0 hides it) and the geofence switch; status 20 ends the job.
 */
export const updateJobSchema = z.object({
  eventJobStatusId: wireInt().optional(),
  arriveAt: time,
  eventJobCategoryId: wireInt().nullable().optional(),
  showWaypointsTimeout: wireInt({ min: 0 }).nullable().optional(),
  /** automatic statuses by position for this deployment (issue 14) */
  geofence: z.boolean().optional(),
});

export type UpdateJobBody = z.infer<typeof updateJobSchema>;

/**
 * GET /v2/resources: a vehicle's active job as the overview shows it. `eventCode`/`eventTitle` are null for an
 * event the user does not see; `eventActive` false marks a job left open on a closed or removed event (data from
 * before issue 12): the dialog offers to deploy such a vehicle, not to move it.
 */
export const resourceJobSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  eventJobStatusId: z.number(),
  eventCode: z.string().nullable(),
  eventTitle: z.string().nullable(),
  eventActive: z.boolean(),
});

export type ResourceJob = z.infer<typeof resourceJobSchema>;

/** GET /v2/resources: every active vehicle as the bundle's Resource, plus its active job. */
export const resourceOverviewSchema = resourceSchema.extend({ job: resourceJobSchema.nullable() });
export type ResourceOverview = z.infer<typeof resourceOverviewSchema>;
export const resourcesAnswer = z.array(resourceOverviewSchema);

/** POST (201 new, 200 a retry's) and PUT /v2/event-jobs answer the bundle's EventJob. */
export const jobAnswer = eventJobSchema;

/** POST /v2/event-jobs/{id}/route: the route sent and the vehicle with its new `pnt`. */
export const sentRouteAnswer = sentRouteSchema;
