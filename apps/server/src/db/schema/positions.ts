/**
 * Position trackers (issue 14): the secret each reporting device authenticates with (only its SHA-256 is
 * stored), the identifier it sends when that is not its code, and what the administrator's list shows (last
 * report, refusals). One row per device; rotating replaces the hash, revoking keeps the row with `revoked_at`.
 * The position history itself is `resource_positions` (resources.ts).
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { devices } from './devices.js';

export const deviceTrackers = pgTable('device_trackers', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** what the tracker sends as `id` when it cannot send the device code (null: the code) */
  trackerId: text('tracker_id').unique(),
  /** SHA-256 (hex) of the secret */
  secretHash: text('secret_hash').notNull().unique(),
  secretCreatedAt: timestamp('secret_created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  lastReportAt: timestamp('last_report_at', { withTimezone: true }),
  /** fix time of the device's current position: the order of a device without a vehicle */
  lastFixAt: timestamp('last_fix_at', { withTimezone: true }),
  lastRefusalAt: timestamp('last_refusal_at', { withTimezone: true }),
  lastRefusalReason: text('last_refusal_reason'),
  /** `{reason: count}` since the secret was created */
  refusals: jsonb('refusals').notNull().default({}),
});
