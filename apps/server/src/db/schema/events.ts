/** Events (incidents, calls, chats), their bases, tags, conversations and links (000 §3). */
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { bases } from './bases.js';
import { tags } from './catalogues.js';

const tz = { withTimezone: true } as const;

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull().unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => events.id, { onDelete: 'set null' }),
    eventStateId: integer('event_state_id').notNull().default(1),
    eventStatusId: integer('event_status_id').notNull().default(2),
    eventTypeId: integer('event_type_id').default(2),
    eventSourceId: integer('event_source_id').default(2),
    eventCategoryId: integer('event_category_id').notNull().default(5),
    eventTerrainId: integer('event_terrain_id').default(1),
    serviceId: integer('service_id'),
    priorityId: integer('priority_id'),
    /** the device that created the event */
    deviceId: integer('device_id'),
    /** the owner base */
    baseId: integer('base_id').references(() => bases.id),
    /** external id (DŽIN/KOPIS) */
    uid: text('uid'),
    code: text('code'),
    eventAccess: jsonb('event_access').$type<number[]>().notNull().default([]),
    eventRoles: jsonb('event_roles').$type<number[]>().notNull().default([50]),
    header: jsonb('header'),
    alert: jsonb('alert'),
    data: jsonb('data').notNull().default({}),
    subject: text('subject'),
    description: text('description'),
    reporterName: text('reporter_name'),
    reporterNumber: text('reporter_number'),
    reporterDescription: text('reporter_description'),
    address: text('address'),
    addressData: jsonb('address_data'),
    addressDescription: text('address_description'),
    start: timestamp('start', tz),
    eta: timestamp('eta', tz),
    etaDuration: integer('eta_duration'),
    startAt: timestamp('start_at', tz),
    endAt: timestamp('end_at', tz),
    startedAt: timestamp('started_at', tz),
    endedAt: timestamp('ended_at', tz),
    targetLatitude: doublePrecision('target_latitude'),
    targetLongitude: doublePrecision('target_longitude'),
    destinationLatitude: doublePrecision('destination_latitude'),
    destinationLongitude: doublePrecision('destination_longitude'),
    investigator: text('investigator'),
    manager: text('manager'),
    locations: jsonb('locations').notNull().default([]),
    createdBy: integer('created_by'),
    /** optimistic concurrency: bumped by every update (409 on mismatch) */
    version: integer('version').notNull().default(1),
    /** when the client made it (may precede insertion) */
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /** when the server stored it */
    insertedAt: timestamp('inserted_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('events_base_idx').on(t.baseId),
    index('events_state_idx').on(t.eventStateId),
    index('events_parent_idx').on(t.parentId),
  ],
);

/** The units (bases) an event is shared with; the owner base is in events.base_id. */
export const eventToBase = pgTable(
  'event_to_base',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.baseId] }), index('event_to_base_base_idx').on(t.baseId)],
);

export const eventToTags = pgTable(
  'event_to_tags',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tagId] })],
);

/** A chat of an event; `type` is the message category (1 operational, 2 dispatcher). */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    name: text('name'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('conversations_event_idx').on(t.eventId)],
);

/** Event-to-event link (linked events of category 17, nearby events). */
export const eventToEvent = pgTable(
  'event_to_event',
  {
    id: serial('id').primaryKey(),
    sourceEventId: integer('source_event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    targetEventId: integer('target_event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('event_to_event_source_idx').on(t.sourceEventId),
    index('event_to_event_target_idx').on(t.targetEventId),
  ],
);
