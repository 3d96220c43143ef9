/**
 * Event lifecycle of 000 §4 as pure functions: which states are active, what each transition writes, how an
 * event saves, and which event becomes active when the active one stops being active. Server and web share
 * these so the rule is written once.
 */
import {
  ACTIVE_STATE,
  CLOSE_STATE,
  DELETED_STATE,
  ENDED_STATUS,
  FINAL_STATUS,
  INACTIVE_STATES,
  LINKED_STATE,
} from '../constants/index';

export interface StateChange {
  eventStatusId?: number;
  eventStateId?: number;
  parentId?: number | null;
}

export const isActiveState = (stateId: number | null | undefined): boolean =>
  stateId != null && !INACTIVE_STATES.includes(Number(stateId));

/** Closing: status 11, state 5. */
export const closeTransition = (): StateChange => ({ eventStatusId: FINAL_STATUS, eventStateId: CLOSE_STATE });
/** Removing a saved event: status 11, state 6 (a never-saved one is discarded locally instead). */
export const removeTransition = (): StateChange => ({ eventStatusId: FINAL_STATUS, eventStateId: DELETED_STATE });
/** The generic end action: status 6. */
export const endTransition = (): StateChange => ({ eventStatusId: ENDED_STATUS });
/** Linking to another event: it becomes the parent, state 4. */
export const linkTransition = (parentId: number): StateChange => ({ parentId, eventStateId: LINKED_STATE });
/** Detaching from the parent: state 1 (needs dispatching again), no parent. */
export const unlinkTransition = (): StateChange => ({ parentId: null, eventStateId: ACTIVE_STATE });
/** Accepting an alert of a state-0 event ('Přijmout zprávu'). */
export const acceptAlertTransition = (): StateChange => ({ eventStateId: ACTIVE_STATE });

/** An event saves by update when it has an id, otherwise by create. */
export const saveMethod = (event: { id?: number | null }): 'create' | 'update' =>
  event.id != null && event.id > 0 ? 'update' : 'create';

/** How removing an event is done: a saved one by the remove transition, an unsaved one by discarding it. */
export const removeMethod = (event: { id?: number | null }): 'transition' | 'discard' =>
  saveMethod(event) === 'update' ? 'transition' : 'discard';

interface Linkable {
  uuid: string;
  eventStateId: number;
  parentId?: number | null;
}

/**
 * The event that is active after the events changed (000 §4): the active one while it stays active; when it
 * arrived inactive or vanished, its parent if the parent is active; otherwise none.
 */
export function nextActiveEvent<E extends Linkable>(
  activeUuid: string | null,
  now: E | undefined,
  before: E | undefined,
  byId: (id: number) => E | undefined,
): string | null {
  if (!activeUuid) return null;
  if (now && isActiveState(now.eventStateId)) return activeUuid;
  const last = now ?? before;
  const parent = last?.parentId != null ? byId(last.parentId) : undefined;
  return parent && isActiveState(parent.eventStateId) ? parent.uuid : null;
}
