/**
 * Body of POST /v2/events and PUT /v2/events/:id: the saved subset of 000 §3 (uuid, ids, description,
 * reporter fields, address, times, coordinates, investigator, manager — plus subject, units, access and tags
 * of the event form). Times come as `YYYY-MM-DD HH:mm:ss` (Europe/Prague); unknown keys are ignored, so the
 * panel may send its whole event object.
 */
import { z } from 'zod';

const id = z.number().int().nullable().optional();
const text = z.string().nullable().optional();
const coord = z.number().finite().nullable().optional();
const time = z.string().nullable().optional();
const ids = z.array(z.number().int()).optional();

export const eventFieldsSchema = z.object({
  parentId: id,
  eventStateId: id,
  eventStatusId: id,
  eventTypeId: id,
  eventSourceId: id,
  eventCategoryId: id,
  eventTerrainId: id,
  serviceId: id,
  priorityId: id,
  subject: text,
  description: text,
  reporterName: text,
  reporterNumber: text,
  reporterDescription: text,
  address: text,
  addressData: z.record(z.string(), z.unknown()).nullable().optional(),
  addressDescription: text,
  start: time,
  startAt: time,
  endAt: time,
  targetLatitude: coord,
  targetLongitude: coord,
  destinationLatitude: coord,
  destinationLongitude: coord,
  investigator: text,
  manager: text,
  eventToBase: ids,
  eventAccess: ids,
  eventToTags: ids,
  /** optimistic concurrency: when given and stale, 409 */
  version: z.number().int().optional(),
});

export const createEventSchema = eventFieldsSchema.extend({
  uuid: z.string().min(1).max(64),
});

export const updateEventSchema = eventFieldsSchema.extend({
  uuid: z.string().optional(),
});

export const eventIdParams = z.object({ id: z.coerce.number().int().positive() });

export type EventFields = z.infer<typeof eventFieldsSchema>;
export type CreateEventBody = z.infer<typeof createEventSchema>;
