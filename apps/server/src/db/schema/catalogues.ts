/** Catalogues sent whole in the bundle: priorities, services, event types, terrains, states, statuses,
 * sources, tags and tag categories, event roles, event categories. */
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';

export const priorities = pgTable('priorities', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  color: text('color').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const eventTypes = pgTable('event_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  /** 0 normal, 1 urgent */
  priority: integer('priority').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

export const services = pgTable('services', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  /** choosing the service sets the event's type */
  eventTypeId: integer('event_type_id').references(() => eventTypes.id),
  sort: integer('sort').notNull().default(0),
});

export const eventTerrains = pgTable('event_terrains', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  icon: text('icon'),
  sort: integer('sort').notNull().default(0),
});

/** Inactive ids 3, 4, 5, 6, 7 (6 deleted). */
export const eventStates = pgTable('event_states', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  active: integer('active').notNull().default(1),
});

/** 21 codes from 100 to 800. */
export const eventStatuses = pgTable('event_statuses', {
  id: integer('id').primaryKey(),
  code: integer('code').notNull(),
  name: text('name').notNull(),
});

export const eventSources = pgTable('event_sources', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
});

export const tagCategories = pgTable('tag_categories', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
});

/** Event tags (ISPO, ISPO_QUEUE, C_* visible only to the central base, …). */
export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  tagCategoryId: integer('tag_category_id').references(() => tagCategories.id),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  color: text('color'),
  options: jsonb('options').notNull().default({}),
  sort: integer('sort').notNull().default(0),
});

/** Event roles (50 default, 51 sound dialogs) with server permission strings. */
export const eventRoles = pgTable('event_roles', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
});

export const eventCategories = pgTable('event_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  codeShortName: text('code_short_name'),
  /** event, call, chat, support, data, monitor */
  type: text('type').notNull().default('event'),
  icon: text('icon'),
  color: text('color'),
  /** 1 = alerts enabled */
  alert: integer('alert').notNull().default(0),
  soundAssetId: integer('sound_asset_id'),
  tabs: jsonb('tabs').notNull().default([]),
  sort: integer('sort').notNull().default(0),
  inputs: jsonb('inputs').notNull().default({}),
  actions: jsonb('actions').notNull().default({}),
  defaultValues: jsonb('default_values').notNull().default({}),
  toggleCategoryIds: jsonb('toggle_category_ids').notNull().default([]),
  marker: jsonb('marker').notNull().default({}),
  active: integer('active').notNull().default(1),
});
