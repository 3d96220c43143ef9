/** Wire shapes of POST /v2/app as zod schemas (issue 16): the bundle, its entity keys and the entity of each key. */
import { z } from 'zod';
import { MAX_RECEIPTS_PER_REPORT, receiptReportItem } from '../receipts/schema';
import {
  baseSchema,
  bundleUserSchema,
  contactTypeSchema,
  deviceSchema,
  eventCategorySchema,
  eventRoleSchema,
  eventTerrainSchema,
  eventTypeSchema,
  groupSchema,
  messageCategorySchema,
  messageTagDefinitionSchema,
  messageTemplateSchema,
  messageTypeSchema,
  prioritySchema,
  resourceTypeSchema,
  serviceSchema,
  settingsSchema,
  tagSchema,
} from './catalogue';
import {
  eventContactSchema,
  eventGeoSchema,
  eventJobSchema,
  eventObjectSchema,
  eventSchema,
  eventToEventSchema,
  messageSchema,
  resourceSchema,
} from './entities';
import { movedPositionsSchema } from './positions';

export * from './catalogue';
export * from './entities';
export * from './positions';

/** Entity tables of the bundle, key → row schema. */
export const bundleEntitySchemas = {
  bases: baseSchema,
  priorities: prioritySchema,
  tags: tagSchema,
  eventRoles: eventRoleSchema,
  services: serviceSchema,
  eventTypes: eventTypeSchema,
  messageTemplates: messageTemplateSchema,
  resourceTypes: resourceTypeSchema,
  contactTypes: contactTypeSchema,
  eventCategories: eventCategorySchema,
  eventTerrains: eventTerrainSchema,
  /** Ours (issue 13 item 2): the message tag definitions, once; messages carry only their applied tags. */
  messageTags: messageTagDefinitionSchema,
  /** 000 §3 (issue 24 item 19): the message categories, message types, users and groups the spec's bundle holds. */
  messageCategories: messageCategorySchema,
  messageTypes: messageTypeSchema,
  users: bundleUserSchema,
  groups: groupSchema,
  devices: deviceSchema,
  events: eventSchema,
  eventToEvent: eventToEventSchema,
  resources: resourceSchema,
  eventJobs: eventJobSchema,
  eventGeos: eventGeoSchema,
  eventObjects: eventObjectSchema,
  eventContacts: eventContactSchema,
  messages: messageSchema,
} as const;

/** Entity tables of the bundle, key → row type. */
export type BundleEntities = { [K in keyof typeof bundleEntitySchemas]: z.infer<(typeof bundleEntitySchemas)[K]> };

export type EntityKey = keyof BundleEntities;
export type EntityOf<K extends EntityKey> = BundleEntities[K];

/** Catalogue tables: whole in a full bundle, in a delta only when changed. */
export const CATALOGUE_KEYS = [
  'bases',
  'priorities',
  'tags',
  'eventRoles',
  'services',
  'eventTypes',
  'messageTemplates',
  'resourceTypes',
  'contactTypes',
  'eventCategories',
  'eventTerrains',
  'messageTags',
  'messageCategories',
  'messageTypes',
  'users',
  'groups',
] as const satisfies readonly EntityKey[];

/** Entity keys in bundle order: the catalogues first, then the operational tables. */
export const BUNDLE_KEYS = [
  ...CATALOGUE_KEYS,
  'devices',
  'events',
  'eventToEvent',
  'resources',
  'eventJobs',
  'eventGeos',
  'eventObjects',
  'eventContacts',
  'messages',
] as const satisfies readonly EntityKey[];

/** The entity tables of a bundle: every key an array of its rows. */
const bundleTables = Object.fromEntries(
  BUNDLE_KEYS.map((key) => [key, z.array(bundleEntitySchemas[key])]),
) as unknown as { [K in EntityKey]: z.ZodArray<(typeof bundleEntitySchemas)[K]> };

/** The answer of POST /v2/app: a full bundle (`resetData: true`) or a delta since the uid the panel sent. */
export const appBundleSchema = z
  .object({
    ...bundleTables,
    settings: settingsSchema,
    userPermissions: z.array(z.string()).describe('Server permission strings `subject.action`.'),
    resetData: z.boolean(),
    uid: z.string().describe('`{epoch}.{revision}`'),
    removed: z
      .partialRecord(z.enum(BUNDLE_KEYS), z.array(z.number()))
      .optional()
      .describe('Delta only: ids deleted or no longer visible since the given uid.'),
    positions: movedPositionsSchema.optional(),
  })
  .meta({ id: 'AppBundle' });
export type AppBundle = z.infer<typeof appBundleSchema>;

/**
 * Request body of POST /v2/app: the uid the panel holds (a delta since it), null for a full bundle; and the
 * delivery receipts it has not reported yet (issue 25: riding on the pull costs no request of its own).
 */
export const appRequestSchema = z.object({
  uid: z.string().max(200).nullable(),
  receipts: z.array(receiptReportItem).max(MAX_RECEIPTS_PER_REPORT).optional(),
});
export type AppRequest = z.infer<typeof appRequestSchema>;

/**
 * Socket.io `delta` (sent to sockets whose handshake asked `pushDeltas: true`, instead of `invalidate`): a write
 * committed revision `revision`. `data` is exactly the POST /v2/app answer a panel holding uid `from` would
 * get now (its own unread counts and read flags included); a panel at `from` applies it and holds `uid` without
 * a pull. A larger answer comes as `gz` instead (`data: null`): the same answer's JSON, gzip-compressed, in
 * base64 — text in the packet's one frame, where a binary attachment would be a second websocket frame and so a
 * second socket write per panel (1,000 panels: 49–57 ms of writes instead of 32, bench:push 01.12.2026).
 * `data: null` without `gz` (too big even compressed, a long span, the server could not build it), or a `gz`
 * the panel cannot inflate: pull as after `invalidate`.
 */
export const pushedDeltaSchema = z.object({
  revision: z.number(),
  from: z.string(),
  uid: z.string(),
  data: appBundleSchema.nullable(),
  gz: z
    .base64()
    .optional()
    .describe('`data` as gzip-compressed JSON (UTF-8) in base64, when it was too large to go plain'),
});
export type PushedDelta = z.infer<typeof pushedDeltaSchema>;
