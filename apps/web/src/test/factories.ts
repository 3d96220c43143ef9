import type { Event } from '@panel/domain/sync';

export function makeEvent(id: number, patch: Partial<Event> = {}): Event {
  return {
    id,
    uuid: `uuid-${id}`,
    eventStateId: 1,
    eventStatusId: 2,
    eventCategoryId: 5,
    start: '2025-01-01 10:00:00',
    header: {
      title: { value: `Událost ${id}`, class: null },
      subtitle: { value: null, class: null },
      description: { value: null, class: null },
      overview: { value: null, class: null },
    },
    ...patch,
  } as Event;
}
