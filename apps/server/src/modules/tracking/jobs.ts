/** The active deployments of the vehicles in a position batch, with their event's place and their base's. */
import { eq, inArray } from 'drizzle-orm';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { EtaBasis, TrackCoordinate } from '@panel/domain/tracking';
import type { Queryable } from '../../db/client.js';
import { bases, eventJobs, events, resources } from '../../db/schema/index.js';
import { activeJobs } from '../vehicles/jobs/active.js';

export interface TrackedJob {
  id: number;
  eventId: number;
  status: number;
  geofence: boolean;
  createdAt: Date;
  resourceId: number;
  resourceName: string;
  resourceBaseId: number | null;
  jobBaseId: number | null;
  eventBaseId: number | null;
  /** where the vehicles go: the event's destination ('Místo dojezdu'), else its target */
  target: TrackCoordinate | null;
  /** the vehicle's base ('at base') */
  base: TrackCoordinate | null;
  etaBasis: EtaBasis | null;
  etaSource: string | null;
}

export const pointOf = (lon: number | null, lat: number | null): TrackCoordinate | null =>
  lon != null && lat != null && Number.isFinite(lon) && Number.isFinite(lat) ? [lon, lat] : null;

/** Active jobs (not ended, not 20) of these vehicles on active events; one per vehicle (the newest). */
export async function trackedJobs(q: Queryable, resourceIds: number[]): Promise<Map<number, TrackedJob>> {
  const out = new Map<number, TrackedJob>();
  if (resourceIds.length === 0) return out;
  // only the columns used: every position batch (4 a second under load) runs this, and whole event rows (their
  // texts) cost the embedded PGlite several ms a batch to copy and map, then to pass from its thread to the loop
  const rows = await q
    .select({
      job: {
        id: eventJobs.id,
        eventId: eventJobs.eventId,
        eventJobStatusId: eventJobs.eventJobStatusId,
        geofence: eventJobs.geofence,
        createdAt: eventJobs.createdAt,
        baseId: eventJobs.baseId,
      },
      event: {
        eventStateId: events.eventStateId,
        baseId: events.baseId,
        destinationLongitude: events.destinationLongitude,
        destinationLatitude: events.destinationLatitude,
        targetLongitude: events.targetLongitude,
        targetLatitude: events.targetLatitude,
      },
      resource: {
        id: resources.id,
        name: resources.name,
        baseId: resources.baseId,
        etaBasis: resources.etaBasis,
        etaSource: resources.etaSource,
      },
      // the base is left-joined: its coordinates flat, null without a base
      baseLongitude: bases.longitude,
      baseLatitude: bases.latitude,
    })
    .from(eventJobs)
    .innerJoin(events, eq(events.id, eventJobs.eventId))
    .innerJoin(resources, eq(resources.id, eventJobs.resourceId))
    .leftJoin(bases, eq(bases.id, resources.baseId))
    .where(activeJobs(inArray(eventJobs.resourceId, resourceIds)))
    .orderBy(eventJobs.id);
  for (const { job, event, resource, baseLongitude, baseLatitude } of rows) {
    if (INACTIVE_STATES.includes(event.eventStateId)) continue;
    out.set(resource.id, {
      id: job.id,
      eventId: job.eventId,
      status: job.eventJobStatusId,
      geofence: job.geofence,
      createdAt: job.createdAt,
      resourceId: resource.id,
      resourceName: resource.name,
      resourceBaseId: resource.baseId,
      jobBaseId: job.baseId,
      eventBaseId: event.baseId,
      target:
        pointOf(event.destinationLongitude, event.destinationLatitude) ??
        pointOf(event.targetLongitude, event.targetLatitude),
      base: pointOf(baseLongitude, baseLatitude),
      etaBasis: (resource.etaBasis as EtaBasis | null) ?? null,
      etaSource: resource.etaSource,
    });
  }
  return out;
}
