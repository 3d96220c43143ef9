/**
 * Normalized bundle data of POST /v2/app: one map by id per bundle collection, plus settings and the user's
 * server permissions. applyBundle replaces everything on resetData, otherwise merges the delta, drops the
 * removed ids and sets the moved `positions` on the rows held. Events arriving in an inactive state (3–7) are
 * dropped (000 §4); an event older than the one held (a lower `version`) does not replace it.
 */
import { create } from 'zustand';
import { BUNDLE_KEYS, unpackDevice, unpackResource, withMovedDevice, withMovedResource } from '@panel/domain/sync';
import type { AppBundle, EntityKey, EntityOf, Event, Settings as DomainSettings } from '@panel/domain/sync';
import { INACTIVE_STATES } from '@panel/domain/constants';

export const COLLECTION_KEYS = BUNDLE_KEYS;
export type CollectionKey = EntityKey;
export type EntityMaps = { [K in EntityKey]: Record<number, EntityOf<K>> };
export type Settings = Partial<DomainSettings>;

/** The bundle as it travels: a delta carries only changed rows and `removed` ids. */
export type BundleInput = Partial<AppBundle>;

export interface EntitiesState extends EntityMaps {
  /**
   * Events the last change dropped because they arrived inactive, as they arrived (by id). The active-event
   * rule reads the parent from here: a child linked a moment ago arrives with state 4 and its new parentId,
   * which the copy it had before does not know (issue 12 item 8).
   */
  departed: Record<number, Event>;
  settings: Settings;
  userPermissions: string[];
  uid: string | null;
  applyBundle: (bundle: BundleInput) => void;
  /** Puts one event answered by a write into the store at once (dropped when it arrives inactive). */
  upsertEvent: (event: Event) => void;
  clear: () => void;
}

function emptyMaps(): EntityMaps {
  return Object.fromEntries(COLLECTION_KEYS.map((k) => [k, {}])) as EntityMaps;
}

const inactive = new Set<number>(INACTIVE_STATES);

export function isActiveEvent(event: Pick<Event, 'eventStateId'>): boolean {
  return !inactive.has(Number(event.eventStateId));
}

function toSettings(value: unknown): Settings {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Settings) : {};
}

/**
 * The event the store holds when an arriving copy is older than it (a lower `version`), else undefined. A write's
 * answer goes into the store at once (upsertEvent), and a pull answered just before the write can arrive after it:
 * its copy must not take the panel back — the flag just set would vanish for a moment, and the next edit would go
 * with the old version and be refused as someone else's change.
 */
function olderThanHeld(held: Record<number, Event>, arriving: Event): Event | undefined {
  const current = held[arriving.id!];
  if (!current || typeof current.version !== 'number' || typeof arriving.version !== 'number') return undefined;
  return arriving.version < current.version ? current : undefined;
}

export function mergeBundle(state: EntityMaps & { settings: Settings }, bundle: BundleInput) {
  const reset = bundle.resetData === true;
  const next = {} as EntityMaps;
  const departed: Record<number, Event> = {};
  for (const key of COLLECTION_KEYS) {
    const rows = bundle[key] as { id: number }[] | undefined;
    const removed = bundle.removed?.[key];
    if (!reset && !rows?.length && !removed?.length) {
      (next as Record<string, unknown>)[key] = state[key];
      continue;
    }
    const map: Record<number, unknown> = reset ? {} : { ...state[key] };
    for (const row of rows ?? []) {
      const held = key === 'events' ? olderThanHeld(state.events, row as unknown as Event) : undefined;
      if (held) {
        map[row.id] = held;
        continue;
      }
      if (key === 'events' && !isActiveEvent(row as unknown as Event)) {
        delete map[row.id];
        departed[row.id] = row as unknown as Event;
      } else map[row.id] = row;
    }
    for (const id of removed ?? []) delete map[id];
    (next as Record<string, unknown>)[key] = map;
  }
  // positions that moved, set on the rows held (after the whole rows: never older than them)
  const moved = bundle.positions;
  if (moved && !reset) {
    if (moved.resources.length) {
      const map = next.resources === state.resources ? { ...state.resources } : next.resources;
      for (const packed of moved.resources) {
        const p = unpackResource(packed);
        if (map[p.id]) map[p.id] = withMovedResource(map[p.id], p);
      }
      next.resources = map;
    }
    if (moved.devices.length) {
      const map = next.devices === state.devices ? { ...state.devices } : next.devices;
      for (const packed of moved.devices) {
        const p = unpackDevice(packed);
        if (map[p.id]) map[p.id] = withMovedDevice(map[p.id], p);
      }
      next.devices = map;
    }
  }
  const settings =
    bundle.settings === undefined
      ? reset
        ? {}
        : state.settings
      : reset
        ? toSettings(bundle.settings)
        : { ...state.settings, ...toSettings(bundle.settings) };
  return { ...next, settings, departed };
}

export const useEntitiesStore = create<EntitiesState>()((set, get) => ({
  ...emptyMaps(),
  departed: {},
  settings: {},
  userPermissions: [],
  uid: null,
  applyBundle: (bundle) => {
    const state = get();
    const merged = mergeBundle(state, bundle);
    set({
      ...merged,
      userPermissions:
        bundle.userPermissions !== undefined
          ? [...bundle.userPermissions]
          : bundle.resetData
            ? []
            : state.userPermissions,
      uid: bundle.uid ?? state.uid,
    });
  },
  upsertEvent: (event) => {
    if (event.id === null || event.id === undefined) return;
    const events = { ...get().events };
    if (isActiveEvent(event)) {
      events[event.id] = event;
      set({ events, departed: {} });
    } else {
      delete events[event.id];
      set({ events, departed: { [event.id]: event } });
    }
  },
  clear: () => set({ ...emptyMaps(), departed: {}, settings: {}, userPermissions: [], uid: null }),
}));

// ---- selectors (memoized on the events map so components re-render only when events change)

let lastEvents: Record<number, Event> | null = null;
let lastActive: Event[] = [];

/** Events not in the inactive states 3–7, newest first. */
export function selectActiveEvents(state: Pick<EntitiesState, 'events'>): Event[] {
  const events = state.events;
  if (events !== lastEvents) {
    lastEvents = events;
    lastActive = Object.values(events)
      .filter(isActiveEvent)
      .sort((a, b) => String(b.start ?? '').localeCompare(String(a.start ?? '')) || (b.id ?? 0) - (a.id ?? 0));
  }
  return lastActive;
}

export function selectActiveEventCount(state: Pick<EntitiesState, 'events'>): number {
  return selectActiveEvents(state).length;
}

/** Unread messages over the active events (the Events button's new-message pulse, 001 §2). */
export function selectUnreadTotal(state: Pick<EntitiesState, 'events'>): number {
  let total = 0;
  for (const e of selectActiveEvents(state)) {
    for (const n of Object.values(e.messages?.unread ?? {})) total += Number(n) || 0;
  }
  return total;
}

export function findEventByUuid(state: Pick<EntitiesState, 'events'>, uuid: string | null): Event | null {
  if (!uuid) return null;
  return Object.values(state.events).find((e) => e.uuid === uuid) ?? null;
}
