/**
 * Response-time reports (issue 26 item 2): the history of job statuses, one row per status a job entered, append
 * only. Written by the database itself (trigger `event_job_status_history` of migration "job_status_history")
 * in the transaction of every insert into `event_jobs` and every change of its status — the dispatcher's
 * deploy and PUT, the end, the geofence, the close of an event, any later writer — so no write path can forget
 * it and none pays a round trip for it. No foreign keys: history outlives a removed job or event.
 */
import { bigserial, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

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
    // the report reads a time window and groups by job: (at) with the job and status makes it index-only
    index('event_job_status_changes_at_idx').on(t.at, t.jobId, t.status),
    index('event_job_status_changes_job_idx').on(t.jobId, t.status),
  ],
);
