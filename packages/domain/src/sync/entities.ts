/**
 * Wire shapes of the event-side tables in the POST /v2/app bundle (000 §3, 001 §3), as zod schemas (issue 16).
 * Each schema is `<lowerCamel type name>Schema`; the TypeScript type keeps its name (`z.infer` of the schema).
 * Open JSON columns (`data`, `addressData`) are loose objects: their named keys are checked, others pass.
 */
import { z } from 'zod';
import { routeAnswer } from '../map/schema';
import { etaSourceSchema } from '../tracking/schema';
import { flagSchema, messageTagDefinitionSchema } from './catalogue';
import { receiptSummarySchema } from '../receipts/schema';
import { alertEscalationSchema } from '../alerts/escalation';

export const headerValueSchema = z.object({ value: z.string().nullable(), class: z.string().nullable() });

export const eventHeaderSchema = z.object({
  title: headerValueSchema,
  subtitle: headerValueSchema,
  description: headerValueSchema,
  overview: headerValueSchema,
});

/** Who accepted an event's alert and when (wire time). */
export const alertAcceptanceSchema = z.object({
  userId: z.number(),
  name: z.string(),
  deviceId: z.number().nullable(),
  at: z.string(),
});

export const eventAlertSchema = z.object({
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  /**
   * Ours (issue 12 item 3): who accepted the alert ('Přijmout zprávu', state 0 → 1), recorded by the server with
   * the transition so every other panel can say who took the event. Absent until accepted.
   */
  acceptedBy: alertAcceptanceSchema.nullable().optional(),
  /** Ours (issue 25): delivery receipts of the alert on the devices of the alerted bases; absent until the first. */
  receipts: receiptSummarySchema.nullable().optional(),
  /**
   * Ours (issue 25 item 3): the escalation chain of an alert nobody accepts (steps taken, the next one and when),
   * written by the server at each step; absent before the chain is planned.
   */
  escalation: alertEscalationSchema.nullable().optional(),
});

export const conversationSchema = z.object({ id: z.number(), messageCategoryId: z.number(), type: z.number() });

export const addressDataSchema = z.looseObject({ distance: z.number().nullable().optional() });

/** Our shape: unread message counts of an event per messageCategoryId. */
export const eventMessageCountsSchema = z.object({ total: z.number(), unread: z.record(z.string(), z.number()) });

export const eventSchema = z
  .object({
    id: z.number().nullable().describe('null while the event exists only locally.'),
    uuid: z.string(),
    parentId: z.number().nullable(),
    eventStateId: z.number(),
    eventStatusId: z.number(),
    eventTypeId: z.number().nullable(),
    eventSourceId: z.number().nullable(),
    eventCategoryId: z.number(),
    eventTerrainId: z.number().nullable(),
    serviceId: z.number().nullable(),
    priorityId: z.number().nullable(),
    deviceId: z.number().nullable(),
    baseId: z.number().nullable(),
    uid: z.string().nullable(),
    eventToBase: z.array(z.number()),
    eventAccess: z.array(z.number()),
    eventRoles: z.array(z.number()),
    eventToTags: z.array(z.number()),
    code: z.string().nullable(),
    header: eventHeaderSchema,
    alert: eventAlertSchema.nullable(),
    data: z.looseObject({ trainNumber: z.string().nullable().optional() }).nullable(),
    subject: z.string().nullable(),
    description: z.string().nullable(),
    reporterName: z.string().nullable(),
    reporterNumber: z.string().nullable(),
    reporterDescription: z.string().nullable(),
    address: z.string().nullable(),
    addressData: addressDataSchema.nullable(),
    addressDescription: z.string().nullable(),
    start: z.string().nullable(),
    eta: z.string().nullable(),
    etaDuration: z.number().nullable(),
    startAt: z.string().nullable(),
    endAt: z.string().nullable(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    targetLatitude: z.number().nullable(),
    targetLongitude: z.number().nullable(),
    destinationLatitude: z.number().nullable(),
    destinationLongitude: z.number().nullable(),
    investigator: z.string().nullable(),
    manager: z.string().nullable(),
    conversations: z.array(conversationSchema),
    locations: z
      .array(z.object({ longitude: z.number(), latitude: z.number() }))
      .describe('Our shape: last known positions reported for the event.'),
    messages: eventMessageCountsSchema.nullable(),
    jobs: z.array(z.number()).describe("Our shape: ids of the event's jobs."),
    createdAt: z.string().nullable(),
    insertedAt: z.string().nullable(),
    version: z.number().describe('Optimistic-concurrency version (409 on mismatch).'),
  })
  .meta({ id: 'Event' });

export const eventToEventSchema = z
  .object({
    id: z.number(),
    sourceEventId: z.number(),
    targetEventId: z.number(),
    /**
     * A summary of the source event. `parentId` tells whether the source hangs on the target (a child, state 4)
     * or is only linked (the linked-events summary of category 17): the parent lists its children from these
     * rows, because a child is inactive and so is not among the synced events (issue 12 item 8).
     */
    sourceEvent: eventSchema
      .pick({ id: true, uuid: true, code: true, header: true, eventCategoryId: true, eventStateId: true })
      .extend({ parentId: eventSchema.shape.parentId.optional() })
      .nullable(),
  })
  .meta({ id: 'EventToEvent' });

export const resourcePositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  speed: z.number().nullable(),
  sourceName: z.string().nullable(),
  updatedAt: z.string().nullable(),
  eta: z.string().nullable(),
  route: z.string().nullable(),
  destinationLatitude: z.number().nullable(),
  destinationLongitude: z.number().nullable(),
  waypoints: z.string().nullable().describe('JSON text.'),
  etaSource: etaSourceSchema
    .nullable()
    .optional()
    .describe('where `eta` and `route` came from (issue 14): a road route, or an estimate the panel labels as one'),
});

export const resourceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    licence: z.string().nullable(),
    baseId: z.number(),
    baseCode: z.string().nullable(),
    resourceTypeId: z.number(),
    icon: z.string().nullable(),
    url: z.string().nullable(),
    urlName: z.string().nullable(),
    event: z.number().nullable().describe('Id of the event the vehicle is deployed on.'),
    eventJob: z.number().nullable().describe("Id of the vehicle's current job."),
    hiddenJob: z
      .boolean()
      .optional()
      .describe(
        "Deployed on an event the viewer does not see (another base's vehicle): `event`, `eventJob` and the target in `pnt` are left out (issue 24 item 12).",
      ),
    pnt: resourcePositionSchema.nullable(),
    status: z.number().describe('0 off, 1 trip, 2 observer, 3 navigation.'),
    locationAt: z.string().nullable(),
    locationAccuracy: z.number().nullable(),
  })
  .meta({ id: 'Resource' });

export const eventJobSchema = z
  .object({
    id: z.number(),
    uuid: z.string().nullable(),
    eventUuid: z.string(),
    eventId: z.number(),
    eventJobStatusId: z.number(),
    baseId: z.number(),
    resourceId: z.number(),
    vehicle: z.number().nullable(),
    arriveAt: z.string().nullable(),
    eventJobCategoryId: z.number().nullable(),
    showWaypointsTimeout: z.number(),
    geofence: z
      .boolean()
      .optional()
      .describe("automatic statuses by the vehicle's position (at the scene, on the way back, at base); absent = on"),
  })
  .meta({ id: 'EventJob' });

/** Drawn geo object. */
export const eventGeoSchema = z
  .object({
    id: z.number(),
    uuid: z.string(),
    geojson: z.unknown(),
    eventId: z.number(),
    eventUuid: z.string(),
    sequence: z.number(),
    title: z.string().nullable(),
    createdBy: z.number().nullable(),
  })
  .meta({ id: 'EventGeo' });

/** Note point (poi). */
export const eventObjectSchema = z
  .object({
    id: z.number(),
    uuid: z.string(),
    eventId: z.number(),
    eventUuid: z.string(),
    sequence: z.number(),
    longitude: z.number(),
    latitude: z.number(),
    content: z.string().nullable(),
  })
  .meta({ id: 'EventObject' });

const flagOrBoolean = z.union([flagSchema, z.boolean()]);

export const eventContactSchema = z
  .object({
    id: z.number(),
    eventId: z.number(),
    eventUuid: z.string(),
    contactTypeId: z.number(),
    contactTypeName: z.string().nullable(),
    title: z.string().nullable(),
    name: z.string().nullable(),
    number: z.string().nullable(),
    custom: flagOrBoolean,
    persistent: flagOrBoolean,
    deviceId: z.number().nullable(),
    deviceCode: z.string().nullable(),
    prefix: z.string().nullable(),
    suffix: z.string().nullable(),
    code: z.string().nullable(),
    type: z.string().nullable(),
    icon: z.string().nullable(),
    sort: z.number(),
    priority: z.number(),
    editable: flagOrBoolean,
    send: z
      .object({ name: z.string().nullable(), prefix: z.string().nullable(), suffix: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'EventContact' });

/**
 * A message tag as the panel shows it on a message (000 §3 "Message tag"): the definition from the `messageTags`
 * catalogue with the message's state (0 inactive, 1 active). Not on the wire: the panel builds it with
 * `resolveMessageTags` (`@panel/domain/messages`) from the catalogue and the message's applied tags.
 */
export const messageTagSchema = messageTagDefinitionSchema.extend({ state: flagSchema });

/**
 * Our shape (issue 13 item 2): a tag applied to a message as the message carries it — its id in the bundle's
 * `messageTags` catalogue and its state (1: a row exists only while the tag is applied). Until issue 13 every
 * message carried the full definition of every tag, applied or not: most of the bundle's bytes.
 */
export const appliedMessageTagSchema = z.object({ id: z.number(), state: flagSchema });

export const messageSchema = z
  .object({
    id: z.number(),
    uuid: z.string().nullable(),
    eventUuid: z.string(),
    eventId: z.number(),
    conversationId: z.number().nullable(),
    messageCategoryId: z.number(),
    type: z.string(),
    content: z.string().nullable(),
    data: z
      .looseObject({
        tts: z.string().nullable().optional(),
        stt: z.object({ text: z.string().nullable() }).nullable().optional(),
      })
      .nullable(),
    media: z.array(z.string()).nullable(),
    read: flagSchema,
    userId: z.number().nullable(),
    deviceId: z.number().nullable(),
    deviceCode: z.string().nullable(),
    senderName: z.string().nullable(),
    longitude: z.number().nullable(),
    latitude: z.number().nullable(),
    accuracy: z.number().nullable(),
    sequence: z.number(),
    createdAt: z.string(),
    insertedAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
    tags: z
      .array(appliedMessageTagSchema)
      .describe('Only the applied tags (see AppliedMessageTag); their definitions are the `messageTags` catalogue.'),
    /** Ours (issue 25): delivery receipts on the devices that should get it; absent until the first. */
    receipts: receiptSummarySchema.nullable().optional(),
  })
  .meta({ id: 'Message' });

/**
 * Answer of POST /v2/event-jobs/{id}/route ('send route to the vehicle', 000 §5/§8, issue 12 item 13): the route
 * from the user's home unit to the event's destination (else its target) as written to the vehicle, and the
 * vehicle with its new `pnt` (destination, waypoints, route, eta). The route fields are the map's route answer.
 */
export const sentRouteSchema = z
  .object({ jobId: z.number(), ...routeAnswer.shape, resource: resourceSchema })
  .meta({ id: 'SentRoute' });

export type HeaderValue = z.infer<typeof headerValueSchema>;
export type EventHeader = z.infer<typeof eventHeaderSchema>;
export type AlertAcceptance = z.infer<typeof alertAcceptanceSchema>;
export type EventAlert = z.infer<typeof eventAlertSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type AddressData = z.infer<typeof addressDataSchema>;
export type EventMessageCounts = z.infer<typeof eventMessageCountsSchema>;
export type Event = z.infer<typeof eventSchema>;
export type EventToEvent = z.infer<typeof eventToEventSchema>;
export type ResourcePosition = z.infer<typeof resourcePositionSchema>;
export type Resource = z.infer<typeof resourceSchema>;
export type EventJob = z.infer<typeof eventJobSchema>;
export type EventGeo = z.infer<typeof eventGeoSchema>;
export type EventObject = z.infer<typeof eventObjectSchema>;
export type EventContact = z.infer<typeof eventContactSchema>;
export type MessageTag = z.infer<typeof messageTagSchema>;
export type AppliedMessageTag = z.infer<typeof appliedMessageTagSchema>;
export type Message = z.infer<typeof messageSchema>;
export type SentRoute = z.infer<typeof sentRouteSchema>;
