/** The ids an event body names that must exist (issue 11: an unknown one is 422 on its field, not a 5xx). */
import type { Reference } from '../../db/references.js';
import {
  bases,
  eventCategories,
  eventSources,
  eventStates,
  eventStatuses,
  eventTerrains,
  eventTypes,
  priorities,
  services,
  tags,
} from '../../db/schema/index.js';
import type { EventFields } from '@panel/domain/events';

/**
 * Catalogue ids, units and tags of the body. parentId is not here: whether the parent is an event the user may
 * see is the event rules' question (tenancy); an unknown one still ends as 422 through the database net.
 */
export function eventReferences(body: EventFields): Reference[] {
  return [
    { field: 'eventStateId', table: eventStates, ids: body.eventStateId },
    { field: 'eventStatusId', table: eventStatuses, ids: body.eventStatusId },
    { field: 'eventTypeId', table: eventTypes, ids: body.eventTypeId },
    { field: 'eventSourceId', table: eventSources, ids: body.eventSourceId },
    { field: 'eventCategoryId', table: eventCategories, ids: body.eventCategoryId },
    { field: 'eventTerrainId', table: eventTerrains, ids: body.eventTerrainId },
    { field: 'serviceId', table: services, ids: body.serviceId },
    { field: 'priorityId', table: priorities, ids: body.priorityId },
    { field: 'eventToBase', table: bases, ids: body.eventToBase },
    { field: 'eventToTags', table: tags, ids: body.eventToTags },
  ];
}
