/**
 * Positions of the rows whose only change in a delta's span was their position (changeLog.ts `move`): the few
 * columns a moved vehicle or device needs, without the joins, the jobs and the road route of its whole row.
 */
import { asc, inArray } from 'drizzle-orm';
import type { MovedDevice, MovedResource } from '@panel/domain/sync';
import type { Database } from '../../../db/client.js';
import * as s from '../../../db/schema/index.js';
import { presentMovedDevice } from '../../devices/presenter.js';
import { presentMovedResource } from '../../vehicles/resources/presenter.js';

/** A moved device with its unit: the view keeps a unit's own (seesAllDevices). */
export interface MovedDeviceOfBase {
  baseId: number | null;
  device: MovedDevice;
}

export async function loadMovedResources(db: Database, ids: number[]): Promise<MovedResource[]> {
  if (ids.length === 0) return [];
  const r = s.resources;
  const rows = await db
    .select({
      id: r.id,
      latitude: r.latitude,
      longitude: r.longitude,
      speed: r.speed,
      sourceName: r.sourceName,
      locationAt: r.locationAt,
      locationAccuracy: r.locationAccuracy,
    })
    .from(r)
    .where(inArray(r.id, ids))
    .orderBy(asc(r.id));
  return rows.map(presentMovedResource).filter((m): m is MovedResource => m !== null);
}

export async function loadMovedDevices(db: Database, ids: number[]): Promise<MovedDeviceOfBase[]> {
  if (ids.length === 0) return [];
  const d = s.devices;
  const rows = await db
    .select({
      id: d.id,
      baseId: d.baseId,
      connectedAt: d.connectedAt,
      locationLatitude: d.locationLatitude,
      locationLongitude: d.locationLongitude,
    })
    .from(d)
    .where(inArray(d.id, ids))
    .orderBy(asc(d.id));
  return rows.map((row) => ({ baseId: row.baseId, device: presentMovedDevice(row) }));
}
