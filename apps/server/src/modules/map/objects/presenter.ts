/** event_geos / event_objects rows → wire `EventGeo` / `EventObject`. */
import type { EventGeo, EventObject } from '@panel/domain/sync';
import type { eventGeos, eventObjects } from '../../../db/schema/index.js';
import { wireCoordinate } from '@panel/domain/map';

export type EventGeoRow = typeof eventGeos.$inferSelect;
export type EventObjectRow = typeof eventObjects.$inferSelect;

export function presentEventGeo(r: EventGeoRow, eventUuid: string): EventGeo {
  return {
    id: r.id,
    uuid: r.uuid,
    geojson: r.geojson,
    eventId: r.eventId,
    eventUuid,
    sequence: r.sequence,
    title: r.title,
    createdBy: r.createdBy,
  };
}

export function presentEventObject(r: EventObjectRow, eventUuid: string): EventObject {
  return {
    id: r.id,
    uuid: r.uuid,
    eventId: r.eventId,
    eventUuid,
    sequence: r.sequence,
    longitude: wireCoordinate(r.longitude)!,
    latitude: wireCoordinate(r.latitude)!,
    content: r.content,
  };
}
