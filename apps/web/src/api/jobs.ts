/**
 * Deployment calls (API.md "Vehicles and deployment (issue 5) — contract"). Bodies and answers are inferred from
 * the domain's schemas (`@panel/domain/vehicles`), types only: the server validates, the panel sends.
 */
import type { z } from 'zod';
import type { EventJob, SentRoute } from '@panel/domain/sync';
import type { createJobSchema, ResourceOverview, updateJobSchema } from '@panel/domain/vehicles';
import { api } from './client';

/** The vehicle's active job as GET /v2/resources shows it; code and title are null for an event the user does not see. */
export type { ResourceJob, ResourceOverview } from '@panel/domain/vehicles';

/** POST /v2/event-jobs: the panel always sends its own `uuid` (a retry after a lost answer finds the same job). */
export type CreateJobBody = z.input<typeof createJobSchema>;

/** PUT /v2/event-jobs/{id}: status, `arriveAt` (wire time, null clears), waypoint seconds, geofence switch. */
export type UpdateJobBody = z.input<typeof updateJobSchema>;

/** GET /v2/resources: every active vehicle with its base, type, status, position and active job. */
export const listResources = () => api.get<ResourceOverview[]>('/v2/resources');

/** POST /v2/event-jobs: 201 the job (200 the same one on a retry with the same uuid); 422 busy without `move`. */
export const createJob = (body: CreateJobBody) => api.post<EventJob>('/v2/event-jobs', body);

/** PUT /v2/event-jobs/{id}: status / ETA; `{eventJobStatusId: 20}` ends the deployment. */
export const updateJob = (id: number, body: UpdateJobBody) => api.put<EventJob>(`/v2/event-jobs/${id}`, body);

/** DELETE /v2/event-jobs/{id}: removes the job row. */
export const removeJob = (id: number) => api.del<{ result: true }>(`/v2/event-jobs/${id}`);

/**
 * POST /v2/event-jobs/{id}/route: sends the route from the user's home unit to the event's destination (else its
 * target) to the job's vehicle; 422 `baseId` 'Vaše domovská jednotka nemá zadané souřadnice.' without coordinates.
 */
export const sendJobRoute = (id: number) => api.post<SentRoute>(`/v2/event-jobs/${id}/route`, {});
