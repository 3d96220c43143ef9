/**
 * Event calls (000 §7; docs/API.md "Events (issue 3)"): only the requests. Bodies and answers are the domain's
 * schemas (`@panel/domain/events`, `@panel/domain/sync`); what the panel does after a write (the answered event
 * into the entities store, a delta from the sync engine) is features/events/eventWrites.ts, so this module
 * imports no store and no sync engine.
 */
import type { z } from 'zod';
import type {
  EventBody,
  EventHistoryRow,
  EventJournal,
  JournalRow,
  LinkCandidate,
  linkAnswer,
} from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import { ApiError, api, fetchRaw, parseBody } from './client';

export type { EventJournal, JournalRow, LinkCandidate };

/**
 * What the panel sends as an event: the saved fields (the body schema), or a patch of its own event object
 * (the server reads the schema's fields of it and ignores the rest).
 */
export type EventPayload = (EventBody | Partial<Event>) & Record<string, unknown>;

type LinkAnswer = z.infer<typeof linkAnswer>;

/** POST /v2/events: 201 the saved event (200 on a uuid retry). */
export const createEvent = (payload: EventPayload) => api.post<Event>('/v2/events', payload);

/** PUT /v2/events/{id}; with `version` a stale edit answers 409 {message, current}. */
export const updateEvent = (id: number, payload: EventPayload, version?: number) =>
  api.put<Event>(`/v2/events/${id}`, version === undefined ? payload : { ...payload, version });

/** POST /v2/events/create-from/{uuid}: a new event from this one (no parent), optionally queued at once. */
export const createEventFrom = (uuid: string, event: EventPayload, sendToQueue = false) =>
  api.post<Event>(`/v2/events/create-from/${encodeURIComponent(uuid)}`, { event, sendToQueue });

/** POST /v2/events/{id}/queue: to the Spojař queue (tag ISPO_QUEUE). */
export const queueEvent = (id: number) => api.post<Event>(`/v2/events/${id}/queue`);

/** POST /v2/events/simulate/kopis: a test KOPIS event (state 0 with an alert). */
export const simulateKopis = () => api.post<Event>('/v2/events/simulate/kopis');

/** GET /v2/events/{id}/history: 'Historie akcí', readable by every viewer of the event. */
export const fetchHistory = (eventId: number) => api.get<EventHistoryRow[]>(`/v2/events/${eventId}/history`);

/** GET /v2/events/journal/{eventId} (view Debug). */
export const fetchJournal = (eventId: number) => api.get<EventJournal>(`/v2/events/journal/${eventId}`);

/** GET /v2/events/{id}/link: active events it may be linked to, nearest first (paged). */
export const fetchLinkCandidates = (eventId: number, page = 1, perPage = 20): Promise<Paged<LinkCandidate>> =>
  getPaged<LinkCandidate>(`/v2/events/${eventId}/link?page=${page}&per-page=${perPage}`);

/** POST /v2/event-to-events/{eventId}/{otherEventId}: eventId gets the other as its parent (state 4). */
export async function linkEvents(eventId: number, otherEventId: number): Promise<Event | null> {
  const answer = await api.post<LinkAnswer | undefined>(`/v2/event-to-events/${eventId}/${otherEventId}`);
  return answer?.event ?? null;
}

/** DELETE /v2/event-to-events/{id}: removes a link row (its source event returns to state 1). */
export async function unlinkEvents(linkId: number): Promise<void> {
  await api.del(`/v2/event-to-events/${linkId}`);
}

/** The server's current event of a 409 answer, if any. */
export function conflictOf(error: unknown): Event | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { current?: Event } | undefined;
  return body?.current ?? null;
}

// ---- paging (Yii2 headers X-Pagination-*, Link rel=next); the shared client returns only bodies

export interface Paged<T> {
  items: T[];
  page: number;
  perPage: number;
  totalCount: number;
  pageCount: number;
  hasNext: boolean;
}

const num = (h: Headers, name: string, fallback: number): number => {
  const v = Number(h.get(name));
  return Number.isFinite(v) && h.get(name) !== null ? v : fallback;
};

async function getPaged<T>(path: string, signal?: AbortSignal): Promise<Paged<T>> {
  const response = await fetchRaw(path, { headers: { Accept: 'application/json' }, signal });
  const data = parseBody(await response.text());
  const items = Array.isArray(data) ? (data as T[]) : data && typeof data === 'object' ? Object.values(data) : [];
  const h = response.headers;
  const page = num(h, 'X-Pagination-Current-Page', 1);
  const pageCount = num(h, 'X-Pagination-Page-Count', 1);
  return {
    items: items as T[],
    page,
    perPage: num(h, 'X-Pagination-Per-Page', items.length),
    totalCount: num(h, 'X-Pagination-Total-Count', items.length),
    pageCount,
    hasNext: /rel="?next"?/.test(h.get('Link') ?? '') || page < pageCount,
  };
}
