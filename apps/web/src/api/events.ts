/**
 * Event calls (000 §7; docs/API.md "Events (issue 3)"). Every successful write puts the answered event into
 * the entities store at once and asks the sync engine for a delta, so the panel does not wait for a push.
 */
import type { EventHistoryRow } from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import { useEntitiesStore } from '../stores/entitiesStore';
import { syncEngine } from '../sync/syncEngine';
import { ApiError, api, fetchRaw, isAbortError, parseBody } from './client';

export type EventPayload = Partial<Event> & Record<string, unknown>;

export interface JournalRow {
  id: number;
  date: string;
  user: string | null;
  device: string | null;
  type: string;
  table: string | null;
  data: unknown;
}

export interface EventJournal {
  id: number;
  uuid: string;
  createdAt: string | null;
  insertedAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  history: JournalRow[];
}

export interface LinkCandidate {
  event: Event;
  /** metres; null without coordinates */
  distance: number | null;
}

export interface ContactHit {
  id: number;
  number: string | null;
  name: string | null;
  description: string | null;
}

function afterWrite(event: Event | null | undefined): void {
  if (event && typeof event === 'object' && event.id != null) useEntitiesStore.getState().upsertEvent(event);
  syncEngine.refresh();
}

async function written(call: Promise<Event>): Promise<Event> {
  const event = await call;
  afterWrite(event);
  return event;
}

/** POST /v2/events: 201 the saved event (200 on a uuid retry). */
export const createEvent = (payload: EventPayload) => written(api.post<Event>('/v2/events', payload));

/** PUT /v2/events/{id}; with `version` a stale edit answers 409 {message, current}. */
export const updateEvent = (id: number, payload: EventPayload, version?: number) =>
  written(api.put<Event>(`/v2/events/${id}`, version === undefined ? payload : { ...payload, version }));

/** POST /v2/events/create-from/{uuid}: a new event from this one (no parent), optionally queued at once. */
export const createEventFrom = (uuid: string, event: EventPayload, sendToQueue = false) =>
  written(api.post<Event>(`/v2/events/create-from/${encodeURIComponent(uuid)}`, { event, sendToQueue }));

/** POST /v2/events/{id}/queue: to the Spojař queue (tag ISPO_QUEUE). */
export const queueEvent = (id: number) => written(api.post<Event>(`/v2/events/${id}/queue`));

/** POST /v2/events/simulate/kopis: a test KOPIS event (state 0 with an alert). */
export const simulateKopis = () => written(api.post<Event>('/v2/events/simulate/kopis'));

/** GET /v2/events/journal/{eventId} (view Debug). */
/** GET /v2/events/{id}/history: 'Historie akcí', readable by every viewer of the event. */
export const fetchHistory = (eventId: number) => api.get<EventHistoryRow[]>(`/v2/events/${eventId}/history`);

export const fetchJournal = (eventId: number) => api.get<EventJournal>(`/v2/events/journal/${eventId}`);

/** GET /v2/events/{id}/link: active events it may be linked to, nearest first (paged). */
export const fetchLinkCandidates = (eventId: number, page = 1, perPage = 20): Promise<Paged<LinkCandidate>> =>
  getPaged<LinkCandidate>(`/v2/events/${eventId}/link?page=${page}&per-page=${perPage}`);

/** POST /v2/event-to-events/{eventId}/{otherEventId}: eventId gets the other as its parent (state 4). */
export async function linkEvents(eventId: number, otherEventId: number): Promise<Event | null> {
  const answer = await api.post<{ result: boolean; event?: Event }>(`/v2/event-to-events/${eventId}/${otherEventId}`);
  afterWrite(answer?.event ?? null);
  return answer?.event ?? null;
}

/** DELETE /v2/event-to-events/{id}: removes a link row (its source event returns to state 1). */
export async function unlinkEvents(linkId: number): Promise<void> {
  await api.del(`/v2/event-to-events/${linkId}`);
  afterWrite(null);
}

/**
 * GET /v2/contacts?{name|number}={text}&fields=id,number,name,description — the reporter autocomplete.
 * Failures (the endpoint may not exist yet: 404) are silent (000 §8): an empty list.
 */
export async function searchContacts(text: string, signal?: AbortSignal): Promise<ContactHit[]> {
  const q = text.trim();
  if (!q) return [];
  const key = /^[+\d\s]+$/.test(q) ? 'number' : 'name';
  try {
    const rows = await api.get<ContactHit[] | Record<string, ContactHit>>(
      `/v2/contacts?${key}=${encodeURIComponent(q)}&fields=id,number,name,description`,
      { signal },
    );
    if (Array.isArray(rows)) return rows;
    return rows && typeof rows === 'object' ? Object.values(rows) : [];
  } catch (error) {
    if (!isAbortError(error) && !(error instanceof ApiError)) console.debug('[contacts] search failed', error);
    return [];
  }
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
