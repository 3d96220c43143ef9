/** Map objects of events: note points (poi, eventObjects) and drawn geo objects (eventGeos). */
import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { events } from './events.js';

export const eventObjects = pgTable(
  'event_objects',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    content: text('content'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_objects_event_idx').on(t.eventId)],
);

export const eventGeos = pgTable(
  'event_geos',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    geojson: jsonb('geojson').notNull(),
    sequence: integer('sequence').notNull().default(0),
    title: text('title'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_geos_event_idx').on(t.eventId)],
);
