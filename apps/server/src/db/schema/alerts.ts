/**
 * Escalation of alerts nobody accepts (issue 25 item 3): the administrator's rules and the chains' due steps.
 *
 * - `alert_escalation_rules`: per (category, base) — base null is the category's rule for every base without
 *   its own — the seconds T1/T2/T3, on/off, the unit's duty numbers for the SMS. One rule per pair (the unique
 *   index reads a null base as 0, as PostgreSQL would otherwise let two "every base" rules of a category in).
 * - `alert_escalation_steps`: one row per step of an alert's chain with its due time. A node takes a due step
 *   under a row lock (`FOR UPDATE SKIP LOCKED`) and marks it done with its name, so with two or more nodes each
 *   step runs once and a restart picks the schedule up from the table. Accepting the alert closes the pending
 *   rows in the transaction of the state change (outcome 'stopped').
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { bases } from './bases.js';
import { events } from './events.js';

const tz = { withTimezone: true } as const;

export const alertEscalationRules = pgTable(
  'alert_escalation_rules',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    baseId: integer('base_id').references(() => bases.id, { onDelete: 'cascade' }),
    t1: integer('t1').notNull(),
    t2: integer('t2').notNull(),
    t3: integer('t3').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    smsNumbers: jsonb('sms_numbers').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_escalation_rules_pair_idx').on(t.categoryId, sql`coalesce(${t.baseId}, 0)`)],
);

export const alertEscalationSteps = pgTable(
  'alert_escalation_steps',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** 1 re-sound, 2 central dispatch, 3 SMS */
    step: integer('step').notNull(),
    dueAt: timestamp('due_at', tz).notNull(),
    doneAt: timestamp('done_at', tz),
    /** 'taken' (the step ran), 'stopped' (accepted or closed before it was due), 'off' (rule switched off) */
    outcome: text('outcome').$type<'taken' | 'stopped' | 'off'>(),
    /** the node that took it (host:pid) */
    node: text('node'),
  },
  (t) => [
    uniqueIndex('alert_escalation_steps_event_step_idx').on(t.eventId, t.step),
    index('alert_escalation_steps_due_idx')
      .on(t.dueAt)
      .where(sql`done_at is null`),
  ],
);
