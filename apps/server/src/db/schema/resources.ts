/** Vehicles (resources), their types and position history; deployments (event jobs) and job statuses. */
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { bases } from './bases.js';
import { events } from './events.js';

export const resourceTypes = pgTable('resource_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  /** `{icon: {file}, resourceTemplateId}`; type 1 always uses template 1 */
  options: jsonb('options').notNull().default({}),
  sort: integer('sort').notNull().default(0),
});

export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    licence: text('licence'),
    baseId: integer('base_id').references(() => bases.id),
    resourceTypeId: integer('resource_type_id').references(() => resourceTypes.id),
    icon: text('icon'),
    url: text('url'),
    urlName: text('url_name'),
    /** 0 off, 1 on a trip, 2 observer, 3 navigation */
    status: integer('status').notNull().default(0),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    speed: doublePrecision('speed'),
    sourceName: text('source_name'),
    locationAt: timestamp('location_at', { withTimezone: true }),
    locationAccuracy: doublePrecision('location_accuracy'),
    destinationLongitude: doublePrecision('destination_longitude'),
    destinationLatitude: doublePrecision('destination_latitude'),
    waypoints: text('waypoints'),
    route: jsonb('route'),
    eta: timestamp('eta', { withTimezone: true }),
    /** where eta/route came from: 'route' (routing service) or 'estimate' (straight line); issue 14 */
    etaSource: text('eta_source'),
    /** what the last recomputed ETA was computed from (domain `EtaBasis`): the throttle's memory, shared by nodes */
    etaBasis: jsonb('eta_basis'),
    active: integer('active').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resources_base_idx').on(t.baseId)],
);

/** GPS history of vehicles (the latest position also sits in resources). */
export const resourcePositions = pgTable(
  'resource_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    speed: doublePrecision('speed'),
    accuracy: doublePrecision('accuracy'),
    sourceName: text('source_name'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** the device that reported it (issue 14; null for seeded rows) */
    deviceId: integer('device_id'),
    /** when the server took it in (retention prunes by this) */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('resource_positions_resource_idx').on(t.resourceId, t.recordedAt),
    index('resource_positions_received_idx').on(t.receivedAt),
  ],
);

/** 14 in departure order, 15 on the way, 16, 17, 18 at the scene, 19 on the way back, 20 at base. */
export const eventJobStatuses = pgTable('event_job_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  color: text('color'),
  sort: integer('sort').notNull().default(0),
});

export const eventJobs = pgTable(
  'event_jobs',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').unique(),
    eventId: integer('event_id')
      .notNull()
      .references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    eventJobStatusId: integer('event_job_status_id')
      .notNull()
      .default(14)
      .references(() => eventJobStatuses.id),
    baseId: integer('base_id').references(() => bases.id),
    resourceId: integer('resource_id').references(() => resources.id),
    arriveAt: timestamp('arrive_at', { withTimezone: true }),
    eventJobCategoryId: integer('event_job_category_id'),
    /** seconds the waypoint line is shown for, as last set ('show waypoints', 001 §4) */
    showWaypointsTimeout: integer('show_waypoints_timeout'),
    /** when that showing ends; the wire's showWaypointsTimeout is the seconds left until then */
    showWaypointsUntil: timestamp('show_waypoints_until', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** automatic statuses by position (18, 19, 20; issue 14): the dispatcher turns it off per deployment */
    geofence: boolean('geofence').notNull().default(true),
  },
  (t) => [index('event_jobs_event_idx').on(t.eventId), index('event_jobs_resource_idx').on(t.resourceId)],
);
