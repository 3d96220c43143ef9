/**
 * Active-event rules of 000 §4 / 001 §4, run on every change of the events map: an active saved event that
 * arrives inactive (and is therefore dropped) or disappears stops being active; its parent becomes active
 * when the parent is active, otherwise no event is active. Linking is such a change: the active child arrives
 * with state 4 and the parent as its parentId, so the parent becomes the active event (issue 12 item 8).
 */
import type { StoreApi, UseBoundStore } from 'zustand';
import type { Event } from '@panel/domain/sync';
import { nextActiveEvent } from '@panel/domain/events';
import { useEntitiesStore } from './entitiesStore';

interface ActiveSlice {
  activeEventUuid: string | null;
  localEvents: Record<string, unknown>;
}

function byUuid(events: Record<number, Event>, uuid: string): Event | undefined {
  return Object.values(events).find((e) => e.uuid === uuid);
}

export function installActiveEventRules<S extends ActiveSlice>(ui: UseBoundStore<StoreApi<S>>): () => void {
  return useEntitiesStore.subscribe((state, prev) => {
    if (state.events === prev.events) return;
    const { activeEventUuid: uuid, localEvents } = ui.getState();
    if (!uuid || localEvents[uuid]) return;
    // an event dropped by this change is read as it arrived (its new parentId), not as it was before
    const now = byUuid(state.events, uuid) ?? byUuid(state.departed, uuid);
    const next = nextActiveEvent(uuid, now, byUuid(prev.events, uuid), (id) => state.events[id]);
    if (next !== uuid) ui.setState({ activeEventUuid: next } as Partial<S>);
  });
}
