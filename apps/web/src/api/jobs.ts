/** Deployment calls (API.md "Vehicles and deployment (issue 5) — contract"). */
import type { EventJob, Resource, SentRoute } from '@panel/domain/sync';
import { api } from './client';

/** The vehicle's active job as GET /v2/resources shows it; code and title are null for an event the user does not see. */
export interface ResourceJob {
  id: number;
  eventId: number;
  eventJobStatusId: number;
  eventCode: string | null;
  eventTitle: string | null;
  /** false: a job left open on a closed or removed event — the vehicle is free to deploy (issue 12) */
  eventActive: boolean;
}

/** GET /v2/resources row: the bundle's Resource plus its active job. */
export type ResourceOverview = Resource & { job: ResourceJob | null };

export interface CreateJobBody {
  uuid: string;
  eventId: number;
  resourceId: number;
  eventJobStatusId?: number;
  arriveAt?: string | null;
  /** ends the vehicle's job on another event in the same transaction */
  move?: boolean;
}

export interface UpdateJobBody {
  eventJobStatusId?: number;
  /** wire time `YYYY-MM-DD HH:mm:ss`, null clears */
  arriveAt?: string | null;
  /** seconds the waypoint line is shown from now ('show waypoints', 001 §4); 0 hides it */
  showWaypointsTimeout?: number;
  /** automatic statuses by position for this deployment (issue 14) */
  geofence?: boolean;
}

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
