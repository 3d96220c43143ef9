/** resources row → wire `Resource` with its base code, current job and position (`pnt`). */
import { NO_TARGET, type MovedResource, type Resource } from '@panel/domain/sync';
import type { resources } from '../../../db/schema/index.js';
import { wireTime } from '../../../sync/wire.js';
import { wireCoordinate } from '@panel/domain/map';

export type ResourceRow = typeof resources.$inferSelect;

export function presentResource(
  r: ResourceRow,
  baseCode: string | null,
  job: { id: number; eventId: number } | null,
): Resource {
  return {
    id: r.id,
    name: r.name,
    licence: r.licence,
    baseId: r.baseId ?? 0,
    baseCode,
    resourceTypeId: r.resourceTypeId ?? 1,
    icon: r.icon,
    url: r.url,
    urlName: r.urlName,
    event: job?.eventId ?? null,
    eventJob: job?.id ?? null,
    hiddenJob: false,
    pnt:
      r.latitude != null && r.longitude != null
        ? {
            latitude: wireCoordinate(r.latitude)!,
            longitude: wireCoordinate(r.longitude)!,
            speed: r.speed,
            sourceName: r.sourceName,
            updatedAt: wireTime(r.locationAt),
            eta: wireTime(r.eta),
            route: r.route == null ? null : JSON.stringify(r.route),
            destinationLatitude: wireCoordinate(r.destinationLatitude),
            destinationLongitude: wireCoordinate(r.destinationLongitude),
            waypoints: r.waypoints,
            etaSource: r.eta == null ? null : r.etaSource === 'route' ? 'route' : 'estimate',
          }
        : null,
    status: r.status,
    locationAt: wireTime(r.locationAt),
    locationAccuracy: r.locationAccuracy,
  };
}

/**
 * The vehicle as a viewer who does not see its job's event gets it (issue 24 item 12): the position stays (mutual
 * aid: a unit may see where other bases' vehicles are), but not the event's id, the job's id or the target — the
 * destination, the route to it, its waypoints and the ETA. `hiddenJob` tells the panel the vehicle is not free.
 */
export function withoutForeignJob(r: Resource): Resource {
  return {
    ...r,
    event: null,
    eventJob: null,
    hiddenJob: true,
    pnt: r.pnt && { ...r.pnt, ...NO_TARGET },
  };
}

/** The position fields of a vehicle whose only change was its position (`positions` of a delta). */
export function presentMovedResource(
  r: Pick<ResourceRow, 'id' | 'latitude' | 'longitude' | 'speed' | 'sourceName' | 'locationAt' | 'locationAccuracy'>,
): MovedResource | null {
  if (r.latitude == null || r.longitude == null) return null;
  return {
    id: r.id,
    latitude: wireCoordinate(r.latitude)!,
    longitude: wireCoordinate(r.longitude)!,
    speed: r.speed,
    sourceName: r.sourceName,
    locationAt: wireTime(r.locationAt),
    locationAccuracy: r.locationAccuracy,
  };
}
