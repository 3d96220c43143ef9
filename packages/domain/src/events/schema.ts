/**
 * The contract of the event calls (docs/API.md "Events (issue 3)", issue 16: one schema per call): request
 * bodies, queries and params the server validates with, and the answers that are not bundle entities (the
 * journal, the readable history). The web infers its types from these.
 *
 * Event bodies (POST /v2/events, PUT /v2/events/:id): the saved subset of 000 §3 (uuid, ids, description,
 * reporter fields, address, times, coordinates, investigator, manager — plus subject, units, access and tags
 * of the event form). Times come as `YYYY-MM-DD HH:mm:ss` (Europe/Prague); unknown keys are ignored, so the
 * panel may send its whole event object.
 */
import { z } from 'zod';
import { pagingQuery } from '../http/paging';
import { fromWireTime } from '../locale/dates';
import { wireTexts } from '../http/texts';
import { eventSchema } from '../sync/entities';
import { MAX_ID, wireId, wireIdParam, wireInt } from '../http/wireValues';

const id = wireId().nullable().optional();
const text = z.string().nullable().optional();
const coord = z.number().finite().nullable().optional();
const time = z.string().nullable().optional();
const ids = z.array(wireId()).optional();

/** A client-made uuid: the panel sends its own so that a retried create answers the saved row (idempotent). */
export const clientUuid = z.string().min(1).max(64);

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

/**
 * POST /v2/events. `uuid` is optional: an integration's quick event may send none and the server makes one
 * (issue 16); the panel sends its own, so its retries stay idempotent.
 */
export const createEventSchema = eventFieldsSchema.extend({ uuid: clientUuid.optional() });

/** PUT /v2/events/:id (a uuid the panel sends along with its whole event is ignored) */
export const updateEventSchema = eventFieldsSchema.extend({ uuid: z.string().optional() });

export const eventIdParams = z.object({ id: wireIdParam() });

/** POST /v2/events/create-from/{uuid}: the new event's fields and whether to queue it for Spojař at once. */
export const createFromSchema = z.object({
  event: eventFieldsSchema.extend({ uuid: clientUuid.optional() }).default({}),
  sendToQueue: z.boolean().optional().default(false),
});

export const uuidParams = z.object({ uuid: clientUuid });
export const journalParams = z.object({ eventId: wireIdParam() });

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum ve tvaru RRRR-MM-DD')
  // a day that exists: '2026-13-01' or '2026-02-30' would fail in the database's ::date
  .refine((s) => fromWireTime(s) !== null, wireTexts.badDate);
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Čísla oddělená čárkou')
  .transform((s) => s.split(',').map(Number))
  .refine((list) => list.every((n) => n >= 1 && n <= MAX_ID), wireTexts.badId);

/** GET /v2/events/list */
export const listQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  text: z.string().max(200).optional(),
  eventCategoryId: idList.optional(),
  eventStateId: idList.optional(),
  ...pagingQuery,
});

/** POST /v2/event-to-events/{eventId}/{otherEventId} */
export const linkParams = z.object({ eventId: wireIdParam(), otherEventId: wireIdParam() });

/** GET /v2/events/{id}/history ('Historie akcí'): one row as every viewer of the event may read it */
export const eventHistoryRowSchema = z.object({
  id: z.number(),
  /** wire time 'YYYY-MM-DD HH:mm:ss' (Prague) */
  date: z.string().nullable(),
  /** username of who did it (null for the system: imports, seeds, integrations) */
  user: z.string().nullable(),
  /** device code it was done from */
  device: z.string().nullable(),
  /** the journal type, e.g. 'event.update' (stable, for tests and filters) */
  type: z.string(),
  /** Czech name of the action */
  action: z.string(),
  /** Czech detail: the changed fields' labels, or null */
  detail: z.string().nullable(),
});
export const eventHistorySchema = z.array(eventHistoryRowSchema);

/** GET /v2/events/journal/{eventId} (view Debug): the event's dates and every raw journal row, oldest first */
export const journalRowSchema = z.object({
  id: z.number(),
  date: z.string().nullable(),
  user: z.string().nullable(),
  device: z.string().nullable(),
  type: z.string(),
  table: z.string().nullable(),
  data: z.unknown(),
});
export const eventJournalSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  createdAt: z.string().nullable(),
  insertedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  history: z.array(journalRowSchema),
});

// ---------------------------------------------------------------- answers with events

/** GET /v2/events/list: the page of events (Yii2 paging headers) */
export const eventListAnswer = z.array(eventSchema);

/** POST /v2/event-to-events/{eventId}/{otherEventId} ('Připojeno'): the linked event as it is now */
export const linkAnswer = z.object({ result: z.literal(true), event: eventSchema });

/** GET /v2/events/{id}/link: an active event it may be linked to, nearest first */
export const linkCandidateSchema = z.object({
  event: eventSchema,
  /** metres */
  distance: z.number(),
});
export const linkCandidatesAnswer = z.array(linkCandidateSchema);

/** An item of the Spojař queue (GET /v2/queue, POST /v2/queue/{id}/take) with its event as the caller sees it */
export const queueItemSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  /** 'pending' until the dispatch system takes it, then 'taken' */
  state: z.string(),
  createdAt: z.string().nullable(),
  createdBy: z.number().nullable(),
  takenAt: z.string().nullable(),
  takenBy: z.number().nullable(),
  event: eventSchema.nullable(),
});
export const queueAnswer = z.array(queueItemSchema);

export type EventFields = z.infer<typeof eventFieldsSchema>;
export type CreateEventBody = z.infer<typeof createEventSchema>;
export type CreateFromBody = z.infer<typeof createFromSchema>;
export type ListQuery = z.infer<typeof listQuerySchema>;
export type EventJournal = z.infer<typeof eventJournalSchema>;
export type JournalRow = z.infer<typeof journalRowSchema>;
export type LinkCandidate = z.infer<typeof linkCandidateSchema>;
export type QueueItem = z.infer<typeof queueItemSchema>;
/** a body the panel sends (POST /v2/events, PUT /v2/events/:id): what the schema takes in */
export type EventBody = z.input<typeof createEventSchema>;
