/**
 * What the event head shows, as pure functions over the bundle (000 §2 Event head, §4, §9), plus selectors that
 * index the child tables by event id. The indexes are memoized on the table's identity, so a head re-renders
 * only when its own rows change.
 */
import {
  CATEGORY_GROUPS,
  CLOSED_STATES,
  COMMANDER_HIDDEN_STATE,
  COMMANDER_TITLE,
  DELETED_STATE,
  ENDED_STATUS,
  INACTIVE_STATES,
  JOB_STATUSES_HIDDEN,
  RESOLVER_CONTACT_TYPE_IDS,
} from '@panel/domain/constants';
import { isTagVisible } from '@panel/domain/events';
import type { RuleUser } from '@panel/domain/auth';
import type { ContactType, Event, EventContact, EventJob, EventToEvent, Tag } from '@panel/domain/sync';
import type { EntitiesState } from '../../../stores/entitiesStore';

function indexBy<T>(rows: Record<number, T>, keyOf: (row: T) => number | null | undefined): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of Object.values(rows)) {
    const key = keyOf(row);
    if (key === null || key === undefined) continue;
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

function memoIndex<K extends keyof EntitiesState, T>(
  key: K,
  build: (rows: EntitiesState[K]) => Map<number, T[]>,
): (state: Pick<EntitiesState, K>) => Map<number, T[]> {
  let lastRows: EntitiesState[K] | null = null;
  let last = new Map<number, T[]>();
  return (state) => {
    if (state[key] !== lastRows) {
      lastRows = state[key];
      last = build(state[key]);
    }
    return last;
  };
}

/** Jobs per event id, without the ones back at base (status 20), in id order. */
export const selectJobsByEvent = memoIndex('eventJobs', (rows) => {
  const map = indexBy(
    Object.fromEntries(Object.entries(rows).filter(([, j]) => !JOB_STATUSES_HIDDEN.includes(j.eventJobStatusId))),
    (j: EventJob) => j.eventId,
  );
  for (const list of map.values()) list.sort((a, b) => a.id - b.id);
  return map;
});

export const selectContactsByEvent = memoIndex('eventContacts', (rows) =>
  indexBy(rows, (c: EventContact) => c.eventId),
);

/** Link rows per event id, under both ends (source and target). */
export const selectLinksByEvent = memoIndex('eventToEvent', (rows) => {
  const map = indexBy(rows, (l: EventToEvent) => l.targetEventId);
  for (const link of Object.values(rows)) {
    if (link.sourceEventId === link.targetEventId) continue;
    const list = map.get(link.sourceEventId);
    if (list) list.push(link);
    else map.set(link.sourceEventId, [link]);
  }
  return map;
});

const EMPTY: never[] = [];
export function emptyList<T>(): T[] {
  return EMPTY as T[];
}

export type StateChip = 'closed' | 'deleted' | 'ended' | null;

/** 'Uzavřeno', 'Smazáno' (000 §2), or 'Ukončeno' for an open event whose status is 6 (ended, 000 §4). */
export function stateChip(event: Pick<Event, 'eventStateId'> & Partial<Pick<Event, 'eventStatusId'>>): StateChip {
  if (event.eventStateId === DELETED_STATE) return 'deleted';
  if (CLOSED_STATES.includes(event.eventStateId)) return 'closed';
  if (event.eventStatusId === ENDED_STATUS) return 'ended';
  return null;
}

/** Fire-rescue categories (000 §9 groups 1, 3, 11) show commander contacts. */
export function isRescueEvent(event: Pick<Event, 'eventCategoryId'>): boolean {
  return (CATEGORY_GROUPS.fireRescue as readonly number[]).includes(event.eventCategoryId);
}

/** The resolver (commander) contact type: the first of 22, 19, 2 that the catalogue has. */
export function commanderTypeId(contactTypes: Record<number, ContactType>): number {
  return RESOLVER_CONTACT_TYPE_IDS.find((id) => contactTypes[id]) ?? RESOLVER_CONTACT_TYPE_IDS[0];
}

export function commanderContacts(contacts: readonly EventContact[], resolverTypeId: number): EventContact[] {
  return contacts.filter((c) => c.contactTypeId === resolverTypeId || c.title === COMMANDER_TITLE);
}

/**
 * Warning 'Určete kontakt na velitele zásahu': a rescue event with no commander, unless in state 14 or closed or
 * removed (issue 24 item 7: nobody can act on it there any more).
 */
export function needsCommander(event: Pick<Event, 'eventCategoryId' | 'eventStateId'>, commanders: number): boolean {
  return (
    isRescueEvent(event) &&
    commanders === 0 &&
    event.eventStateId !== COMMANDER_HIDDEN_STATE &&
    !INACTIVE_STATES.includes(event.eventStateId)
  );
}

/** 'Řešitel' names of a non-rescue event: investigator and manager. */
export function resolverNames(event: Pick<Event, 'investigator' | 'manager'>): string[] {
  return [event.investigator, event.manager].filter((n): n is string => Boolean(n && n.trim()));
}

/** The event's tags the user may see (C_ tags only for the central base), in catalogue order. */
export function visibleTags(event: Pick<Event, 'eventToTags'>, tags: Record<number, Tag>, user: RuleUser): Tag[] {
  const result: Tag[] = [];
  for (const id of event.eventToTags ?? []) {
    const tag = tags[id];
    if (tag && isTagVisible(tag, user)) result.push(tag);
  }
  return result;
}

/** Unread counts per message category, only those above zero, in category order. */
export function unreadCounts(event: Pick<Event, 'messages'>): { categoryId: number; count: number }[] {
  const unread = event.messages?.unread ?? {};
  return Object.entries(unread)
    .map(([id, n]) => ({ categoryId: Number(id), count: Number(n) }))
    .filter((u) => u.count > 0)
    .sort((a, b) => a.categoryId - b.categoryId);
}
