/** devices row → wire `Device` (001 §3: connectedAt in epoch seconds, testResult as JSON text). */
import type { Device, MovedDevice } from '@panel/domain/sync';
import type { devices } from '../../db/schema/index.js';
import { wireTime } from '../../sync/wire.js';
import { wireCoordinate } from '@panel/domain/map';

export type DeviceRow = typeof devices.$inferSelect;

export function presentDevice(r: DeviceRow, resourceName: string | null): Device {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    baseId: r.baseId,
    userId: r.userId,
    resourceName,
    number: r.number,
    status: r.status,
    ownership: r.ownership === 'private' ? 'private' : 'corporate',
    connectedAt: r.connectedAt ? Math.floor(r.connectedAt.getTime() / 1000) : null,
    testedAt: wireTime(r.testedAt),
    testResult: r.testResult == null ? null : JSON.stringify(r.testResult),
    locationLongitude: wireCoordinate(r.locationLongitude),
    locationLatitude: wireCoordinate(r.locationLatitude),
  };
}

/** The position fields of a device whose only change was its position (`positions` of a delta). */
export function presentMovedDevice(
  r: Pick<DeviceRow, 'id' | 'connectedAt' | 'locationLatitude' | 'locationLongitude'>,
): MovedDevice {
  return {
    id: r.id,
    locationLatitude: wireCoordinate(r.locationLatitude),
    locationLongitude: wireCoordinate(r.locationLongitude),
    connectedAt: r.connectedAt ? Math.floor(r.connectedAt.getTime() / 1000) : null,
  };
}
