/**
 * Run cards ('poplachový plán', issue 26 item 1): for an event category (and optionally type, railway object
 * kind = the event's terrain, subject words) which resource types are needed, how many and within what ETA.
 * The lines are one jsonb column: they are read and written whole with their card, never queried alone, and the
 * domain rule (`runCardErrors`) checks them on every write. Deleting a category or a type the cards name is
 * refused by the foreign keys (catalogues are not deleted in practice).
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { RunCardLine } from '@panel/domain/runCards';
import { jsonb } from './jsonb.js';
import { eventCategories, eventTerrains, eventTypes } from './catalogues.js';

const tz = { withTimezone: true } as const;

export const runCards = pgTable(
  'run_cards',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    eventCategoryId: integer('event_category_id')
      .notNull()
      .references(() => eventCategories.id),
    eventTypeId: integer('event_type_id').references(() => eventTypes.id),
    eventTerrainId: integer('event_terrain_id').references(() => eventTerrains.id),
    words: jsonb('words').$type<string[]>().notNull().default([]),
    lines: jsonb('lines').$type<RunCardLine[]>().notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('run_cards_category_idx').on(t.eventCategoryId)],
);
