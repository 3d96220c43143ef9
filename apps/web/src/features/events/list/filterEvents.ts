/**
 * The event list's filtering (000 §2): the chosen chip of settings.eventFilters (no categories = every event), or
 * the custom filter (calamity mode, text, categories, event types, units, priorities, tags), then the search.
 */
import type { Event, EventCategory, EventFilter } from '@panel/domain/sync';
import { CUSTOM_FILTER, type CustomFilter } from '../../../stores/listStore';
import { eventHaystack, matchesQuery } from './searchText';

/** Category types calamity mode keeps. */
export const CALAMITY_CATEGORY_TYPES: readonly string[] = ['event', 'call', 'chat'];

export interface FilterInput {
  filterCode: string | null;
  filters: readonly EventFilter[];
  custom: CustomFilter;
  search: string;
  categories: Record<number, EventCategory>;
  /** Events with jobs (their ids) — activity for calamity mode. */
  eventsWithJobs?: ReadonlySet<number>;
}

const anyOf = (wanted: readonly number[], value: number | null | undefined) =>
  !wanted.length || (value !== null && value !== undefined && wanted.includes(value));

function hasActivity(event: Event, eventsWithJobs?: ReadonlySet<number>): boolean {
  if ((event.messages?.total ?? 0) > 0) return true;
  if (event.jobs?.length) return true;
  return event.id !== null && Boolean(eventsWithJobs?.has(event.id));
}

export function customFilterActive(custom: CustomFilter): boolean {
  return (
    custom.calamity ||
    Boolean(custom.text.trim()) ||
    custom.categoryIds.length > 0 ||
    custom.eventTypeIds.length > 0 ||
    custom.baseIds.length > 0 ||
    custom.priorityIds.length > 0 ||
    custom.tagIds.length > 0
  );
}

export function matchesCustom(
  event: Event,
  custom: CustomFilter,
  categories: Record<number, EventCategory>,
  eventsWithJobs?: ReadonlySet<number>,
): boolean {
  if (custom.calamity) {
    const type = categories[event.eventCategoryId]?.type;
    if (type && !CALAMITY_CATEGORY_TYPES.includes(type)) return false;
    // the list holds unclosed events only: without messages or jobs they are hidden
    if (!hasActivity(event, eventsWithJobs)) return false;
  }
  if (!anyOf(custom.categoryIds, event.eventCategoryId)) return false;
  if (!anyOf(custom.eventTypeIds, event.eventTypeId)) return false;
  if (!anyOf(custom.priorityIds, event.priorityId)) return false;
  if (custom.baseIds.length) {
    const bases = [event.baseId, ...(event.eventToBase ?? [])];
    if (!bases.some((b) => b !== null && custom.baseIds.includes(b))) return false;
  }
  if (custom.tagIds.length && !(event.eventToTags ?? []).some((t) => custom.tagIds.includes(t))) return false;
  if (custom.text.trim() && !matchesQuery(eventHaystack(event), custom.text)) return false;
  return true;
}

export function filterEvents(events: readonly Event[], input: FilterInput): Event[] {
  const { filterCode, filters, custom, search, categories, eventsWithJobs } = input;
  let categoryIds: readonly number[] | null = null;
  let useCustom = false;
  if (filterCode === CUSTOM_FILTER) useCustom = true;
  else if (filterCode) {
    const chip = filters.find((f) => f.code === filterCode);
    if (chip?.eventCategoryIds?.length) categoryIds = chip.eventCategoryIds;
  }
  const query = search.trim();
  return events.filter(
    (event) =>
      (!categoryIds || categoryIds.includes(event.eventCategoryId)) &&
      (!useCustom || matchesCustom(event, custom, categories, eventsWithJobs)) &&
      (!query || matchesQuery(eventHaystack(event), query)),
  );
}

/** Newest start first, then id descending (the list's and the calendar's order). */
export function compareByStartDesc(a: Pick<Event, 'start' | 'id'>, b: Pick<Event, 'start' | 'id'>): number {
  return String(b.start ?? '').localeCompare(String(a.start ?? '')) || (b.id ?? 0) - (a.id ?? 0);
}
