/**
 * The tracking calls' schemas (issue 14 items 4–6): params and answers of GET /v2/resources/trails,
 * GET /v2/events/{id}/tracks and GET /v2/events/{id}/vehicle-eta. The server declares them, the web infers from them.
 */
import { z } from 'zod';
import { lonLatSchema } from '../map/geometry';
import { wireIdParam } from '../http/wireValues';

/**
 * Where a vehicle's `pnt.eta`/`pnt.route` came from: 'route' = a road route of the routing service (OSRM,
 * `ROUTING_URL`); 'estimate' = the straight line × road factor at a typical speed (no routing service, or it
 * failed). The panel labels an estimate as one, never as a road route. The bundle's `pnt.etaSource` is this too.
 */
export const etaSourceSchema = z.enum(['route', 'estimate']);

/** `{id}` of the event calls */
export const trackingEventParams = z.object({ id: wireIdParam() });

/** GET /v2/resources/trails: each vehicle's trail for the last minutes (thinned), oldest point first. */
export const resourceTrailSchema = z.object({
  resourceId: z.number(),
  /** wire time of the first and the last point */
  from: z.string().nullable(),
  to: z.string().nullable(),
  points: z.array(lonLatSchema),
});

/** GET /v2/events/{id}/tracks: each deployment's track from its departure (job created) to now or its end. */
export const jobTrackSchema = z.object({
  jobId: z.number(),
  resourceId: z.number(),
  eventJobStatusId: z.number(),
  /** wire time the deployment was made (its departure order), the start of the track */
  departedAt: z.string().nullable(),
  /** wire time of the first and the last fix of the track (the last: the vehicle's last known position) */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** metres driven along the track's points (thinned: GPS jitter of a standing vehicle does not add up) */
  distance: z.number(),
  points: z.array(lonLatSchema),
});

/** GET /v2/events/{id}/vehicle-eta: distance and ETA from a free vehicle's live position to the event. */
export const vehicleEtaSchema = z.object({
  resourceId: z.number(),
  /** metres along the road (route) or estimated (straight line × road factor) */
  distance: z.number(),
  /** seconds */
  duration: z.number(),
  source: etaSourceSchema,
  /** '12,3 km' */
  distanceText: z.string(),
  /** '14 min' or 'HH:mm' past an hour */
  durationText: z.string(),
});

export const resourceTrailsAnswer = z.array(resourceTrailSchema);
export const jobTracksAnswer = z.array(jobTrackSchema);
export const vehicleEtasAnswer = z.array(vehicleEtaSchema);
