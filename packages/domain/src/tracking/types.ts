/**
 * Wire types of live tracking (issue 14 items 4–6): where an ETA came from, the deployment dialog's distance
 * and ETA per free vehicle, a vehicle's trail and a deployment's track (the last three inferred from schema.ts).
 */
import type { z } from 'zod';
import type { LonLat } from '../map/geometry';
import type { etaSourceSchema, jobTrackSchema, resourceTrailSchema, vehicleEtaSchema } from './schema';

/** Where an ETA came from (see `etaSourceSchema`). */
export type EtaSource = z.infer<typeof etaSourceSchema>;

/** A point of a trail or track: the map's one WGS84 point, `[longitude, latitude]`. */
export type TrackCoordinate = LonLat;
export type ResourceTrail = z.infer<typeof resourceTrailSchema>;
export type JobTrack = z.infer<typeof jobTrackSchema>;
export type VehicleEta = z.infer<typeof vehicleEtaSchema>;
