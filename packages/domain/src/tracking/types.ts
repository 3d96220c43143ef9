/**
 * Wire types of live tracking (issue 14 items 4–6): where an ETA came from, the deployment dialog's distance
 * and ETA per free vehicle, a vehicle's trail and a deployment's track (the last three inferred from schema.ts).
 */
import type { z } from 'zod';
import type { jobTrackSchema, resourceTrailSchema, trackCoordinateSchema, vehicleEtaSchema } from './schema';

/**
 * Where a vehicle's `pnt.eta`/`pnt.route` came from: 'route' = a road route of the routing service (OSRM,
 * `ROUTING_URL`); 'estimate' = the straight line × road factor at a typical speed (no routing service, or it
 * failed). The panel labels an estimate as one, never as a road route.
 */
export type EtaSource = 'route' | 'estimate';

export type TrackCoordinate = z.infer<typeof trackCoordinateSchema>;
export type ResourceTrail = z.infer<typeof resourceTrailSchema>;
export type JobTrack = z.infer<typeof jobTrackSchema>;
export type VehicleEta = z.infer<typeof vehicleEtaSchema>;
