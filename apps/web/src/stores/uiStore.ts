/**
 * UI state: page, sidebar, active event and the new local (unsaved) events created by 'Příjem volání'.
 */
import { create } from 'zustand';
import type { Event } from '@panel/domain/sync';
import { NEW_EVENT_DEFAULTS } from '@panel/domain/constants';
import { toWireTime } from '@panel/domain/locale';
import { installActiveEventRules } from './activeEventRules';

export type Page = 'map' | 'calendar';
export type SidebarKind = 'event' | 'calendar';

/** A new event that exists only in this panel until it is saved (id null). */
export type LocalEvent = Partial<Event> & { uuid: string; id: null; start: string };

export interface UiState {
  page: Page;
  sidebar: SidebarKind | null;
  sidebarOpen: boolean;
  activeEventUuid: string | null;
  /** day shown by the calendar sidebar (ms, start of day) */
  calendarDate: number;
  localEvents: Record<string, LocalEvent>;
  /** uuid of the event shown in the event view dialog */
  eventViewUuid: string | null;
  /** the view dialog's tab: 0 main, 1 linked events, 2 history chat */
  eventViewTab: number;
  /**
   * Opens the map address search for the event form's address (the map issue sets the handler; until then
   * the click does nothing).
   */
  requestAddressSearch?: (eventUuid: string) => void;
  /** Shows the alert of an event (the alerts issue sets the handler). */
  requestAlert?: (eventUuid: string) => void;
  setPage: (page: Page) => void;
  /** Events button, single click: show the list and clear the active event (001 §2). */
  showEventList: () => void;
  /** Calendar button: show the calendar for today instead of the active event (001 §2). */
  showCalendar: () => void;
  closeSidebar: () => void;
  setActiveEvent: (uuid: string | null) => void;
  /** 'Příjem volání': a new local event with the defaults of 000 §4, made active. */
  createLocalEvent: (init?: Partial<Event>) => LocalEvent;
  discardLocalEvent: (uuid: string) => void;
  /** Changes a local (unsaved) event, e.g. its category. */
  updateLocalEvent: (uuid: string, patch: Partial<Event>) => void;
  /** Opens the view dialog on a tab (default the main one). */
  openEventView: (uuid: string, tab?: number) => void;
  setEventViewTab: (tab: number) => void;
  closeEventView: () => void;
  reset: () => void;
}

function startOfToday(): number {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export function newUuid(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

const initial = {
  page: 'map' as Page,
  sidebar: 'event' as SidebarKind | null,
  sidebarOpen: true,
  activeEventUuid: null,
  localEvents: {},
  eventViewUuid: null,
  eventViewTab: 0,
};

export const useUiStore = create<UiState>()((set) => ({
  ...initial,
  calendarDate: startOfToday(),
  setPage: (page) => set({ page }),
  // 001 §2: a single click on Events shows the list — also when it is shown already (it never folds the
  // sidebar away; its close button does that)
  showEventList: () => set({ sidebar: 'event', sidebarOpen: true, activeEventUuid: null }),
  // 001 §2: the Calendar button shows the calendar sidebar for today; the active event steps aside (an unsaved
  // one stays in localEvents), else its detail would keep the sidebar
  showCalendar: () =>
    set({ sidebar: 'calendar', sidebarOpen: true, calendarDate: startOfToday(), activeEventUuid: null }),
  closeSidebar: () => set({ sidebarOpen: false }),
  setActiveEvent: (uuid) => set({ activeEventUuid: uuid }),
  createLocalEvent: (init = {}) => {
    const event: LocalEvent = {
      ...NEW_EVENT_DEFAULTS,
      ...init,
      uuid: newUuid(),
      id: null,
      start: toWireTime(new Date()),
    };
    set((s) => ({
      localEvents: { ...s.localEvents, [event.uuid]: event },
      activeEventUuid: event.uuid,
      sidebar: 'event',
      sidebarOpen: true,
    }));
    return event;
  },
  discardLocalEvent: (uuid) =>
    set((s) => {
      const localEvents = { ...s.localEvents };
      delete localEvents[uuid];
      return { localEvents, activeEventUuid: s.activeEventUuid === uuid ? null : s.activeEventUuid };
    }),
  updateLocalEvent: (uuid, patch) =>
    set((s) => {
      const event = s.localEvents[uuid];
      if (!event) return {};
      return { localEvents: { ...s.localEvents, [uuid]: { ...event, ...patch, uuid, id: null } as LocalEvent } };
    }),
  openEventView: (uuid, tab = 0) => set({ eventViewUuid: uuid, eventViewTab: tab }),
  setEventViewTab: (tab) => set({ eventViewTab: tab }),
  closeEventView: () => set({ eventViewUuid: null }),
  reset: () => set({ ...initial, calendarDate: startOfToday() }),
}));

installActiveEventRules(useUiStore);
