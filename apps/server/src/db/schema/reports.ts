/**
 * Response-time reports (issue 26 item 2): the history of job statuses, one row per status a job entered, append
 * only; and per job the first time it entered each status the report measures (14, 15, 18, 19, 20). Both are
 * written by the database itself (triggers of migration "job_status_history") in the transaction of every insert
 * into `event_jobs` and every change of its status — the dispatcher's deploy and PUT, the end, the geofence, the
 * close of an event, any later writer — so no write path can forget them and none pays a round trip for them.
 *
 * The history has no foreign keys: it outlives a removed job or event. The per-job times go with their job (a
 * removed job was a mistaken deployment and must not count); they spare the report grouping 5 history rows per
 * job (at 100,000 jobs that grouping alone took longer than the 500 ms the report may take).
 */
import { bigserial, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { eventJobs } from './resources.js';

const tz = { withTimezone: true } as const;

export const eventJobStatusChanges = pgTable(
  'event_job_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id').notNull(),
    eventId: integer('event_id').notNull(),
    resourceId: integer('resource_id'),
    /** the job's base (the vehicle's base when deployed) */
    baseId: integer('base_id'),
    status: integer('status').notNull(),
    at: timestamp('at', tz).notNull(),
  },
  (t) => [
    index('event_job_status_changes_job_idx').on(t.jobId, t.at),
    index('event_job_status_changes_at_idx').on(t.at),
  ],
);

/** Per job: when it was made and when it first entered 14, 15, 18, 19 and 20 (null: not yet, or never). */
export const eventJobTimes = pgTable(
  'event_job_times',
  {
    jobId: integer('job_id')
      .primaryKey()
      .references(() => eventJobs.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').notNull(),
    resourceId: integer('resource_id'),
    baseId: integer('base_id'),
    /** the job's created_at: the report's period and month */
    startedAt: timestamp('started_at', tz).notNull(),
    t14: timestamp('t14', tz),
    t15: timestamp('t15', tz),
    t18: timestamp('t18', tz),
    t19: timestamp('t19', tz),
    t20: timestamp('t20', tz),
  },
  (t) => [index('event_job_times_started_idx').on(t.startedAt)],
);
