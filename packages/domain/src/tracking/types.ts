/**
 * Wire types of live tracking (issue 14 items 4–6): where an ETA came from, the deployment dialog's distance
 * and ETA per free vehicle, a vehicle's trail and a deployment's track.
 */

/**
 * Where a vehicle's `pnt.eta`/`pnt.route` came from: 'route' = a road route of the routing service (OSRM,
 * `ROUTING_URL`); 'estimate' = the straight line × road factor at a typical speed (no routing service, or it
 * failed). The panel labels an estimate as one, never as a road route.
 */
export type EtaSource = 'route' | 'estimate';

/** [longitude, latitude] in WGS84 degrees. */
export type TrackCoordinate = [number, number];

/** GET /v2/resources/trails: each vehicle's trail for the last minutes (thinned), oldest point first. */
export interface ResourceTrail {
  resourceId: number;
  /** wire time of the first and the last point */
  from: string | null;
  to: string | null;
  points: TrackCoordinate[];
}

/** GET /v2/events/{id}/tracks: each deployment's track from its departure (job created) to now or its end. */
export interface JobTrack {
  jobId: number;
  resourceId: number;
  eventJobStatusId: number;
  /** wire time the deployment was made (its departure order), the start of the track */
  departedAt: string | null;
  /** wire time of the first and the last fix of the track (the last: the vehicle's last known position) */
  from: string | null;
  to: string | null;
  /** metres driven along the track's points (thinned: GPS jitter of a standing vehicle does not add up) */
  distance: number;
  points: TrackCoordinate[];
}

/** GET /v2/events/{id}/vehicle-eta: distance and ETA from a free vehicle's live position to the event. */
export interface VehicleEta {
  resourceId: number;
  /** metres along the road (route) or estimated (straight line × road factor) */
  distance: number;
  /** seconds */
  duration: number;
  source: EtaSource;
  /** '12,3 km' */
  distanceText: string;
  /** '14 min' or 'HH:mm' past an hour */
  durationText: string;
}
