/**
 * The event writes as the panel makes them: the call (api/events.ts), then the answered event into the entities
 * store at once and a delta asked from the sync engine, so the panel does not wait for a push. Here, not in
 * api/, because api/ modules only call the server (issue 16: api/events importing the sync engine closed an
 * import circle through the alerts).
 */
import type { Event } from '@panel/domain/sync';
import * as calls from '../../api/events';
import type { EventPayload } from '../../api/events';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { syncEngine } from '../sync/syncEngine';

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
export const createEvent = (payload: EventPayload) => written(calls.createEvent(payload));

/** PUT /v2/events/{id}; with `version` a stale edit answers 409 {message, current}. */
export const updateEvent = (id: number, payload: EventPayload, version?: number) =>
  written(calls.updateEvent(id, payload, version));

/** POST /v2/events/create-from/{uuid}: a new event from this one (no parent), optionally queued at once. */
export const createEventFrom = (uuid: string, event: EventPayload, sendToQueue = false) =>
  written(calls.createEventFrom(uuid, event, sendToQueue));

/** POST /v2/events/{id}/queue: to the Spojař queue (tag ISPO_QUEUE). */
export const queueEvent = (id: number) => written(calls.queueEvent(id));

/** POST /v2/events/simulate/kopis: a test KOPIS event (state 0 with an alert). */
export const simulateKopis = () => written(calls.simulateKopis());

/** POST /v2/event-to-events/{eventId}/{otherEventId}: eventId gets the other as its parent (state 4). */
export async function linkEvents(eventId: number, otherEventId: number): Promise<Event | null> {
  const event = await calls.linkEvents(eventId, otherEventId);
  afterWrite(event);
  return event;
}

/** DELETE /v2/event-to-events/{id}: removes a link row (its source event returns to state 1). */
export async function unlinkEvents(linkId: number): Promise<void> {
  await calls.unlinkEvents(linkId);
  afterWrite(null);
}
