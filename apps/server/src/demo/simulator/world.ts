/**
 * What the simulator reads from the database each reload (every few seconds, a handful of small queries): the
 * active vehicles with their base and tracker, their open jobs with the event's target, the field devices, and
 * the active events with their units (for the field answers).
 */
import { and, eq, gte, inArray, isNotNull, isNull, lte, notInArray } from 'drizzle-orm';
import { INACTIVE_STATES, JOB_STATUS } from '@panel/domain/constants';
import type { Database } from '../../db/client.js';
import { bases, devices, eventJobs, eventToBase, events, resources } from '../../db/schema/index.js';
import type { LonLat } from './movement.js';

export interface WorldVehicle {
  id: number;
  name: string;
  baseId: number | null;
  position: LonLat | null;
  /** the code of the device in the vehicle (the tracker), else a code made from the vehicle's id */
  trackerCode: string;
}

export interface WorldJob {
  id: number;
  resourceId: number;
  eventId: number;
  status: number;
  target: LonLat;
}

export interface WorldBase {
  id: number;
  code: string;
  categoryId: number | null;
  position: LonLat | null;
}

export interface WorldDevice {
  id: number;
  code: string;
  baseId: number | null;
  resourceId: number | null;
  userId: number | null;
  connectedAt: Date | null;
  testResult: Record<string, unknown> | null;
}

export interface WorldEvent {
  id: number;
  baseId: number | null;
  units: number[];
  target: LonLat | null;
}

export interface World {
  vehicles: WorldVehicle[];
  jobs: WorldJob[];
  bases: WorldBase[];
  devices: WorldDevice[];
  events: WorldEvent[];
}

const point = (lon: number | null, lat: number | null): LonLat | null =>
  lon != null && lat != null ? [lon, lat] : null;

/** A vehicle without a device of its own still has a tracker; its id is made from the vehicle's. */
export const trackerCodeOf = (resourceId: number, deviceCode: string | undefined) => deviceCode ?? `GPS-${resourceId}`;

export async function loadWorld(db: Database): Promise<World> {
  const [vehicleRows, deviceRows, baseRows, jobRows] = await Promise.all([
    db
      .select({
        id: resources.id,
        name: resources.name,
        baseId: resources.baseId,
        lon: resources.longitude,
        lat: resources.latitude,
      })
      .from(resources)
      .where(eq(resources.active, 1)),
    db
      .select({
        id: devices.id,
        code: devices.code,
        baseId: devices.baseId,
        resourceId: devices.resourceId,
        userId: devices.userId,
        connectedAt: devices.connectedAt,
        testResult: devices.testResult,
      })
      .from(devices),
    db
      .select({
        id: bases.id,
        code: bases.code,
        categoryId: bases.baseCategoryId,
        lon: bases.longitude,
        lat: bases.latitude,
      })
      .from(bases),
    db
      .select({
        id: eventJobs.id,
        resourceId: eventJobs.resourceId,
        eventId: eventJobs.eventId,
        status: eventJobs.eventJobStatusId,
        lon: events.targetLongitude,
        lat: events.targetLatitude,
      })
      .from(eventJobs)
      .innerJoin(events, eq(events.id, eventJobs.eventId))
      .where(
        and(
          isNull(eventJobs.endedAt),
          isNotNull(eventJobs.resourceId),
          gte(eventJobs.eventJobStatusId, JOB_STATUS.DEPARTURE_ORDER),
          lte(eventJobs.eventJobStatusId, JOB_STATUS.RETURNING),
          notInArray(events.eventStateId, [...INACTIVE_STATES]),
        ),
      ),
  ]);
  const eventIds = [...new Set(jobRows.map((j) => j.eventId))];
  const [eventRows, unitRows] = eventIds.length
    ? await Promise.all([
        db
          .select({ id: events.id, baseId: events.baseId, lon: events.targetLongitude, lat: events.targetLatitude })
          .from(events)
          .where(inArray(events.id, eventIds)),
        db
          .select({ eventId: eventToBase.eventId, baseId: eventToBase.baseId })
          .from(eventToBase)
          .where(inArray(eventToBase.eventId, eventIds)),
      ])
    : [[], []];
  const deviceOfVehicle = new Map<number, string>();
  // the navigation (N-…) is the vehicle's tracker; a drone controller (DC-…) only when there is nothing else
  for (const d of [...deviceRows].sort((a, b) => Number(a.code.startsWith('N-')) - Number(b.code.startsWith('N-')))) {
    if (d.resourceId != null) deviceOfVehicle.set(d.resourceId, d.code);
  }
  return {
    vehicles: vehicleRows.map((v) => ({
      id: v.id,
      name: v.name,
      baseId: v.baseId,
      position: point(v.lon, v.lat),
      trackerCode: trackerCodeOf(v.id, deviceOfVehicle.get(v.id)),
    })),
    jobs: jobRows.flatMap((j) => {
      const target = point(j.lon, j.lat);
      return target && j.resourceId != null
        ? [{ id: j.id, resourceId: j.resourceId, eventId: j.eventId, status: j.status, target }]
        : [];
    }),
    bases: baseRows.map((b) => ({ id: b.id, code: b.code, categoryId: b.categoryId, position: point(b.lon, b.lat) })),
    devices: deviceRows.map((d) => ({
      ...d,
      testResult: (d.testResult as Record<string, unknown> | null) ?? null,
    })),
    events: eventRows.map((e) => ({
      id: e.id,
      baseId: e.baseId,
      units: unitRows.filter((u) => u.eventId === e.id).map((u) => u.baseId),
      target: point(e.lon, e.lat),
    })),
  };
}
