/**
 * Positions that moved (issue 28 item 1). A tracker's fix changes a vehicle's and its navigation unit's position
 * and nothing else; a delta used to carry such a vehicle as its whole row — with the road route of a deployed
 * vehicle, tens of kB — several times a second. A delta now carries the rows whose only change in its span was
 * the position as these few fields under `positions`; the panel sets them on the rows it holds
 * (`withMovedResource`, `withMovedDevice`). A row that changed otherwise too comes whole, as before.
 *
 * On the wire each moved row is a tuple, not an object (`packPositions`, `unpackResource`, `unpackDevice`): a
 * panel 8 s behind a fleet of 1,000 vehicles gets every vehicle and its device, and the field names were more
 * than half of those bytes (260 kB as objects, 119 kB as tuples, the same values).
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

const r = movedResourceSchema.shape;
export const packedResourceSchema = z
  .tuple([r.id, r.latitude, r.longitude, r.speed, r.sourceName, r.locationAt, r.locationAccuracy])
  .describe('A moved vehicle: [id, latitude, longitude, speed, sourceName, locationAt, locationAccuracy].')
  .meta({ id: 'PackedResource' });

const d = movedDeviceSchema.shape;
export const packedDeviceSchema = z
  .tuple([d.id, d.locationLatitude, d.locationLongitude, d.connectedAt])
  .describe('A moved device: [id, locationLatitude, locationLongitude, connectedAt].')
  .meta({ id: 'PackedDevice' });

export const movedPositionsSchema = z
  .object({ resources: z.array(packedResourceSchema), devices: z.array(packedDeviceSchema) })
  .describe(
    'Delta only: vehicles and devices whose only change since the given uid is their position, each as a tuple; the panel sets these fields on the rows it holds.',
  )
  .meta({ id: 'MovedPositions' });

export type MovedResource = z.infer<typeof movedResourceSchema>;
export type MovedDevice = z.infer<typeof movedDeviceSchema>;
export type PackedResource = z.infer<typeof packedResourceSchema>;
export type PackedDevice = z.infer<typeof packedDeviceSchema>;
export type MovedPositions = z.infer<typeof movedPositionsSchema>;

/** The wire form of moved rows (tuples in the order of packedResourceSchema and packedDeviceSchema). */
export function packPositions(resources: MovedResource[], devices: MovedDevice[]): MovedPositions {
  return {
    resources: resources.map((m) => [
      m.id,
      m.latitude,
      m.longitude,
      m.speed,
      m.sourceName,
      m.locationAt,
      m.locationAccuracy,
    ]),
    devices: devices.map((m) => [m.id, m.locationLatitude, m.locationLongitude, m.connectedAt]),
  };
}

/** A moved vehicle from its tuple. */
export function unpackResource(p: PackedResource): MovedResource {
  const [id, latitude, longitude, speed, sourceName, locationAt, locationAccuracy] = p;
  return { id, latitude, longitude, speed, sourceName, locationAt, locationAccuracy };
}

/** The moved rows of a delta as objects (the panel's store, tests). */
export function unpackPositions(p: MovedPositions): { resources: MovedResource[]; devices: MovedDevice[] } {
  return { resources: p.resources.map(unpackResource), devices: p.devices.map(unpackDevice) };
}

/** A moved device from its tuple. */
export function unpackDevice(p: PackedDevice): MovedDevice {
  const [id, locationLatitude, locationLongitude, connectedAt] = p;
  return { id, locationLatitude, locationLongitude, connectedAt };
}

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
