/**
 * Event list and calendar sidebar state: search text, the chosen filter chip, the custom filter (000 §2) and the
 * calendar's list for its day. The chosen chip and the custom filter persist in localStorage; the calendar day
 * itself is uiStore's `calendarDate` (the Calendar button resets it to today there).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Event } from '@panel/domain/sync';
import { fetchEventList } from '../api/eventList';
import { isAbortError, messageOf, ApiError } from '../api/client';
import { useUiStore } from './uiStore';

export const CUSTOM_FILTER = 'custom';

export interface CustomFilter {
  /** Calamity mode: hides unclosed events with no activity, only categories of type event, call, chat. */
  calamity: boolean;
  text: string;
  categoryIds: number[];
  eventTypeIds: number[];
  baseIds: number[];
  priorityIds: number[];
  tagIds: number[];
}

export const EMPTY_CUSTOM_FILTER: CustomFilter = {
  calamity: false,
  text: '',
  categoryIds: [],
  eventTypeIds: [],
  baseIds: [],
  priorityIds: [],
  tagIds: [],
};

export type CalendarStatus = 'idle' | 'loading' | 'done' | 'error';

export interface ListState {
  /** Raw text of the list's search field (the list debounces it). */
  search: string;
  /** Code of the chosen chip of settings.eventFilters, 'custom', or null (none: every event). */
  filterCode: string | null;
  custom: CustomFilter;
  customOpen: boolean;
  /** On a phone the filter chips hide behind the rail's filter button (001 §2). */
  filtersOpen: boolean;
  calendarSearch: string;
  calendarEvents: Event[];
  calendarStatus: CalendarStatus;
  calendarError: string | null;
  setSearch: (search: string) => void;
  setFilterCode: (code: string | null) => void;
  setCustom: (patch: Partial<CustomFilter>) => void;
  clearCustom: () => void;
  setCustomOpen: (open: boolean) => void;
  toggleFilters: () => void;
  setCalendarSearch: (text: string) => void;
  /** Moves the calendar day (ms of the day's local midnight). */
  setCalendarDate: (day: number) => void;
  shiftCalendarDay: (days: number) => void;
  /** GET /v2/events/list for the day; a newer load cancels an older one. */
  loadCalendar: (day: number) => Promise<void>;
  reset: () => void;
}

export function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Local 'YYYY-MM-DD' of a day. */
export function isoDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Start of the local day given as 'YYYY-MM-DD'; null when it is not one. */
export function parseIsoDay(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d.getTime();
}

let calendarAbort: AbortController | null = null;

const transient = {
  search: '',
  customOpen: false,
  calendarSearch: '',
  calendarEvents: [] as Event[],
  calendarStatus: 'idle' as CalendarStatus,
  calendarError: null as string | null,
};

export const useListStore = create<ListState>()(
  persist(
    (set, get) => ({
      ...transient,
      filterCode: null,
      custom: EMPTY_CUSTOM_FILTER,
      setSearch: (search) => set({ search }),
      setFilterCode: (filterCode) => set({ filterCode }),
      setCustom: (patch) => set((s) => ({ custom: { ...s.custom, ...patch } })),
      clearCustom: () => set({ custom: EMPTY_CUSTOM_FILTER }),
      setCustomOpen: (customOpen) => set({ customOpen }),
      filtersOpen: false,
      toggleFilters: () => set((s) => ({ filtersOpen: !s.filtersOpen })),
      setCalendarSearch: (calendarSearch) => set({ calendarSearch }),
      setCalendarDate: (day) => useUiStore.setState({ calendarDate: startOfDay(day) }),
      shiftCalendarDay: (days) => {
        const d = new Date(useUiStore.getState().calendarDate);
        d.setDate(d.getDate() + days);
        get().setCalendarDate(d.getTime());
      },
      loadCalendar: async (day) => {
        calendarAbort?.abort();
        const controller = new AbortController();
        calendarAbort = controller;
        set({ calendarStatus: 'loading', calendarError: null });
        try {
          const date = isoDay(day);
          const events = await fetchEventList({ from: date, to: date }, { signal: controller.signal });
          if (calendarAbort !== controller) return;
          set({ calendarEvents: events, calendarStatus: 'done' });
        } catch (error) {
          if (calendarAbort !== controller || isAbortError(error)) return;
          const message = (error instanceof ApiError && messageOf(error.body)) || String(error);
          set({ calendarEvents: [], calendarStatus: 'error', calendarError: message });
        } finally {
          if (calendarAbort === controller) calendarAbort = null;
        }
      },
      reset: () => {
        calendarAbort?.abort();
        calendarAbort = null;
        set({ ...transient, filterCode: null, custom: EMPTY_CUSTOM_FILTER });
      },
    }),
    {
      name: 'panel.eventList',
      partialize: ({ filterCode, custom }) => ({ filterCode, custom }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<ListState>;
        return {
          ...current,
          filterCode: typeof p.filterCode === 'string' ? p.filterCode : null,
          custom: { ...EMPTY_CUSTOM_FILTER, ...(p.custom ?? {}) },
        };
      },
    },
  ),
);
