/** Contact types, the contact directory (search) and the contacts of events. */
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events.js';

/** 4 default, 5 device contact, resolver types (22 'Velitel zásahu', 19, 2). */
export const contactTypes = pgTable('contact_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  icon: text('icon'),
  priority: integer('priority').notNull().default(0),
  resolver: boolean('resolver').notNull().default(false),
});

/** The phone book searched by GET /v2/contacts. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    number: text('number').notNull(),
    description: text('description'),
    baseId: integer('base_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacts_number_idx').on(t.number)],
);

export const eventContacts = pgTable(
  'event_contacts',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    contactTypeId: integer('contact_type_id')
      .notNull()
      .default(4)
      .references(() => contactTypes.id),
    title: text('title'),
    name: text('name'),
    number: text('number'),
    custom: boolean('custom').notNull().default(true),
    persistent: boolean('persistent').notNull().default(false),
    deviceId: integer('device_id'),
    prefix: text('prefix'),
    suffix: text('suffix'),
    code: text('code'),
    type: text('type'),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_contacts_event_idx').on(t.eventId)],
);
