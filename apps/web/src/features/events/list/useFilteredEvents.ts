/** The event list's rows: active events (not states 3–7), newest first, through the chip/custom filter and search. */
import { useMemo } from 'react';
import { SEARCH_DEBOUNCE } from '@panel/domain/constants';
import type { Event, EventFilter } from '@panel/domain/sync';
import { selectActiveEvents, useEntitiesStore } from '../../../stores/entitiesStore';
import { useListStore } from '../../../stores/listStore';
import { selectJobsByEvent } from '../head/headModel';
import { filterEvents } from './filterEvents';
import { useDebouncedValue } from './useDebouncedValue';

const NO_FILTERS: EventFilter[] = [];

export function useEventFilters(): EventFilter[] {
  return useEntitiesStore((s) => (Array.isArray(s.settings.eventFilters) ? s.settings.eventFilters : NO_FILTERS));
}

/**
 * The rows, how many active events there are, and the search the rows are filtered by: the field's text once its
 * debounce has passed (the list marks it, so a journey clicks a row only after the list stopped moving).
 */
export function useFilteredEvents(): { events: Event[]; total: number; search: string } {
  const active = useEntitiesStore(selectActiveEvents);
  const categories = useEntitiesStore((s) => s.eventCategories);
  const jobsIndex = useEntitiesStore(selectJobsByEvent);
  const filters = useEventFilters();
  const filterCode = useListStore((s) => s.filterCode);
  const custom = useListStore((s) => s.custom);
  const search = useDebouncedValue(
    useListStore((s) => s.search),
    SEARCH_DEBOUNCE,
  );
  const events = useMemo(
    () =>
      filterEvents(active, {
        filterCode,
        filters,
        custom,
        search,
        categories,
        eventsWithJobs: new Set(jobsIndex.keys()),
      }),
    [active, filterCode, filters, custom, search, categories, jobsIndex],
  );
  return { events, total: active.length, search };
}
