/** events row (+ its units, tags, conversations, counts, jobs) → wire `Event`; links → `EventToEvent`. */
import type { Event, EventHeader, EventToEvent, HeaderValue } from '@panel/domain/sync';
import type { events, eventToEvent } from '../../db/schema/index.js';
import { wireTime } from '../../sync/wire.js';
import { wireCoordinate } from '@panel/domain/map';

export type EventRow = typeof events.$inferSelect;

export interface EventExtras {
  eventToBase: number[];
  eventToTags: number[];
  conversations: { id: number; type: number }[];
  /** total and unread (for the viewer) message counts per message category */
  messages: { total: number; unread: Record<string, number> } | null;
  jobs: number[];
}

export const NO_EXTRAS: EventExtras = { eventToBase: [], eventToTags: [], conversations: [], messages: null, jobs: [] };

const hv = (value: string | null | undefined, cls: string | null = null): HeaderValue => ({
  value: value ?? null,
  class: cls,
});

/** First line of a text, cut to a title's length; null when empty. */
function firstLine(text: string | null): string | null {
  const line = text
    ?.split('\n')
    .find((l) => l.trim())
    ?.trim();
  if (!line) return null;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The stored header, or one made of the event's own fields when the event has none. */
export function headerOf(r: EventRow): EventHeader {
  const h = (r.header ?? {}) as Partial<EventHeader>;
  return {
    title: h.title ?? hv(r.subject ?? firstLine(r.description) ?? r.code ?? r.reporterName),
    subtitle: h.subtitle ?? hv(r.address),
    description: h.description ?? hv(r.description),
    overview: h.overview ?? hv(null),
  };
}

export function presentEvent(r: EventRow, x: EventExtras = NO_EXTRAS): Event {
  return {
    id: r.id,
    uuid: r.uuid,
    parentId: r.parentId,
    eventStateId: r.eventStateId,
    eventStatusId: r.eventStatusId,
    eventTypeId: r.eventTypeId,
    eventSourceId: r.eventSourceId,
    eventCategoryId: r.eventCategoryId,
    eventTerrainId: r.eventTerrainId,
    serviceId: r.serviceId,
    priorityId: r.priorityId,
    deviceId: r.deviceId,
    baseId: r.baseId,
    uid: r.uid,
    eventToBase: x.eventToBase,
    eventAccess: r.eventAccess,
    eventRoles: r.eventRoles,
    eventToTags: x.eventToTags,
    code: r.code,
    header: headerOf(r),
    alert: (r.alert as Event['alert']) ?? null,
    data: (r.data as Event['data']) ?? null,
    subject: r.subject,
    description: r.description,
    reporterName: r.reporterName,
    reporterNumber: r.reporterNumber,
    reporterDescription: r.reporterDescription,
    address: r.address,
    addressData: (r.addressData as Event['addressData']) ?? null,
    addressDescription: r.addressDescription,
    start: wireTime(r.start),
    eta: wireTime(r.eta),
    etaDuration: r.etaDuration,
    startAt: wireTime(r.startAt),
    endAt: wireTime(r.endAt),
    startedAt: wireTime(r.startedAt),
    endedAt: wireTime(r.endedAt),
    targetLatitude: wireCoordinate(r.targetLatitude),
    targetLongitude: wireCoordinate(r.targetLongitude),
    destinationLatitude: wireCoordinate(r.destinationLatitude),
    destinationLongitude: wireCoordinate(r.destinationLongitude),
    investigator: r.investigator,
    manager: r.manager,
    conversations: x.conversations.map((c) => ({ id: c.id, messageCategoryId: c.type, type: c.type })),
    locations: (r.locations as Event['locations']) ?? [],
    messages: x.messages,
    jobs: x.jobs,
    createdAt: wireTime(r.createdAt),
    insertedAt: wireTime(r.insertedAt),
    version: r.version,
  };
}

export type EventToEventRow = typeof eventToEvent.$inferSelect;

export function presentEventToEvent(r: EventToEventRow, source: EventRow | null): EventToEvent {
  return {
    id: r.id,
    sourceEventId: r.sourceEventId,
    targetEventId: r.targetEventId,
    sourceEvent: source
      ? {
          id: source.id,
          uuid: source.uuid,
          code: source.code,
          header: headerOf(source),
          eventCategoryId: source.eventCategoryId,
          eventStateId: source.eventStateId,
          parentId: source.parentId,
        }
      : null,
  };
}
