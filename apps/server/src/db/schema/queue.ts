/**
 * The Spojař queue: events a dispatcher sent to the external dispatcher system (POST /v2/events/{id}/queue).
 * The external system reads pending rows (GET /v2/queue) and takes one (POST /v2/queue/{id}/take).
 * state: 'pending' | 'taken'.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events.js';

const tz = { withTimezone: true } as const;

export const eventQueue = pgTable(
  'event_queue',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    state: text('state').$type<'pending' | 'taken'>().notNull().default('pending'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    createdBy: integer('created_by'),
    takenAt: timestamp('taken_at', tz),
    takenBy: integer('taken_by'),
  },
  (t) => [index('event_queue_state_idx').on(t.state, t.id), index('event_queue_event_idx').on(t.eventId)],
);
