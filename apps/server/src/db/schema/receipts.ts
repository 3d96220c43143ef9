/**
 * Delivery receipts per device (issue 25 item 1): one row per (item, device) once the device's panel reported
 * it, with the first time of each state. `kind` 'message' (item = messages.id) or 'alert' (item = events.id);
 * no foreign key on the item, as it points into one of two tables (a flush only inserts existing items; rows
 * of an item deleted later are never read, every query starts from the item). The summaries derived from these rows
 * live on the item itself (messages.receipts, events.alert.receipts), written by the same flush.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices.js';

const tz = { withTimezone: true } as const;

export const deviceReceipts = pgTable(
  'device_receipts',
  {
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', tz),
    /** how the delivery came first: socket, poll, push, view */
    deliveredVia: text('delivered_via'),
    shownAt: timestamp('shown_at', tz),
    /** read (a message) on this device; an alert's acceptance is read from events.alert.acceptedBy */
    readAt: timestamp('read_at', tz),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId, t.deviceId] }),
    // the device overview: last delivery and today's deliveries of a device
    index('device_receipts_device_idx').on(t.deviceId, t.deliveredAt),
  ],
);
