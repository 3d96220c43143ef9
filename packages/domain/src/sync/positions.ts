/**
 * Positions that moved (issue 28 item 1). A tracker's fix changes a vehicle's and its navigation unit's position
 * and nothing else; a delta used to carry such a vehicle as its whole row — with the road route of a deployed
 * vehicle, tens of kB — several times a second. A delta now carries the rows whose only change in its span was
 * the position as these few fields under `positions`; the panel sets them on the rows it holds
 * (`applyMovedPositions`). A row that changed otherwise too comes whole, as before.
 */
import { z } from 'zod';
import { deviceSchema, type Device } from './catalogue';
import { resourcePositionSchema, resourceSchema, type Resource } from './entities';

export const movedResourceSchema = z
  .object({
    id: resourceSchema.shape.id,
    ...resourcePositionSchema.pick({ latitude: true, longitude: true, speed: true, sourceName: true }).shape,
    ...resourceSchema.pick({ locationAt: true, locationAccuracy: true }).shape,
  })
  .meta({ id: 'MovedResource' });

export const movedDeviceSchema = deviceSchema
  .pick({ id: true, locationLatitude: true, locationLongitude: true, connectedAt: true })
  .meta({ id: 'MovedDevice' });

export const movedPositionsSchema = z
  .object({ resources: z.array(movedResourceSchema), devices: z.array(movedDeviceSchema) })
  .describe(
    'Delta only: vehicles and devices whose only change since the given uid is their position; the panel sets these fields on the rows it holds.',
  )
  .meta({ id: 'MovedPositions' });

export type MovedResource = z.infer<typeof movedResourceSchema>;
export type MovedDevice = z.infer<typeof movedDeviceSchema>;
export type MovedPositions = z.infer<typeof movedPositionsSchema>;

/** A vehicle position's target part when it has none: no destination, route, waypoints or ETA. */
export const NO_TARGET = {
  eta: null,
  route: null,
  destinationLatitude: null,
  destinationLongitude: null,
  waypoints: null,
  etaSource: null,
} as const;

/** The vehicle with a moved position set on it: the same fields a full row presents (`pnt`, `locationAt`). */
export function withMovedResource(row: Resource, moved: MovedResource): Resource {
  const pnt = row.pnt ?? NO_TARGET;
  return {
    ...row,
    pnt: {
      ...pnt,
      latitude: moved.latitude,
      longitude: moved.longitude,
      speed: moved.speed,
      sourceName: moved.sourceName,
      updatedAt: moved.locationAt,
    },
    locationAt: moved.locationAt,
    locationAccuracy: moved.locationAccuracy,
  };
}

/** The device with a moved position set on it. */
export function withMovedDevice(row: Device, moved: MovedDevice): Device {
  return {
    ...row,
    locationLatitude: moved.locationLatitude,
    locationLongitude: moved.locationLongitude,
    connectedAt: moved.connectedAt,
  };
}
