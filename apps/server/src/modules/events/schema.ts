/**
 * Body of POST /v2/events and PUT /v2/events/:id: the saved subset of 000 §3 (uuid, ids, description,
 * reporter fields, address, times, coordinates, investigator, manager — plus subject, units, access and tags
 * of the event form). Times come as `YYYY-MM-DD HH:mm:ss` (Europe/Prague); unknown keys are ignored, so the
 * panel may send its whole event object.
 */
import { z } from 'zod';
import { fromWireTime, texts } from '@panel/domain/locale';
import { MAX_ID, wireId, wireIdParam, wireInt } from '@panel/domain/validation';
import { pagingQuery } from '../../http/paging.js';

const id = wireId().nullable().optional();
const text = z.string().nullable().optional();
const coord = z.number().finite().nullable().optional();
const time = z.string().nullable().optional();
const ids = z.array(wireId()).optional();

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
  /** free data of the event (e.g. `trainNumber`, which the map's trains layer tracks); replaced as a whole */
  data: z.record(z.string(), z.unknown()).optional(),
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
  version: wireInt().optional(),
});

export const createEventSchema = eventFieldsSchema.extend({
  uuid: z.string().min(1).max(64),
});

export const updateEventSchema = eventFieldsSchema.extend({
  uuid: z.string().optional(),
});

export const eventIdParams = z.object({ id: wireIdParam() });

export type EventFields = z.infer<typeof eventFieldsSchema>;
export type CreateEventBody = z.infer<typeof createEventSchema>;

/** POST /v2/events/create-from/{uuid}: the new event's fields and whether to queue it for Spojař at once. */
export const createFromSchema = z.object({
  event: eventFieldsSchema.extend({ uuid: z.string().min(1).max(64).optional() }).default({}),
  sendToQueue: z.boolean().optional().default(false),
});

export const uuidParams = z.object({ uuid: z.string().min(1).max(64) });
export const journalParams = z.object({ eventId: wireIdParam() });

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum ve tvaru RRRR-MM-DD')
  // a day that exists: '2026-13-01' or '2026-02-30' would fail in the database's ::date
  .refine((s) => fromWireTime(s) !== null, texts.wire.badDate);
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Čísla oddělená čárkou')
  .transform((s) => s.split(',').map(Number))
  .refine((list) => list.every((n) => n >= 1 && n <= MAX_ID), texts.wire.badId);

/** GET /v2/events/list */
export const listQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  text: z.string().max(200).optional(),
  eventCategoryId: idList.optional(),
  eventStateId: idList.optional(),
  ...pagingQuery,
});

export type CreateFromBody = z.infer<typeof createFromSchema>;
export type ListQuery = z.infer<typeof listQuerySchema>;
