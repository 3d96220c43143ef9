/**
 * Web Push (issue 25 item 2, modules/webPush): the subscriptions of sessions' devices and one row per push sent.
 * A subscription belongs to a session (logout or expiry deletes it with the session) and to the device the
 * session had confirmed when it subscribed (a device change deletes it, modules/webPush/subscriptions.ts).
 */
import { bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { sessions } from './logins.js';
import { devices } from './devices.js';

const tz = { withTimezone: true } as const;

export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** the push service's URL (unique: a browser profile has one per origin) */
    endpoint: text('endpoint').notNull().unique(),
    /** the browser's P-256 public key and auth secret, base64url (RFC 8291) */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('web_push_subscriptions_session_idx').on(t.sessionId)],
);

/**
 * Every push: to which device, what (kind 'alert' | 'message', the event's or message's id, reason), when it
 * was handed to the push service (`sentAt`), when the worker acknowledged it (`acknowledgedAt`: only then is it
 * delivered), or why it failed (`status` of the push service, `error`). `subscriptionId` is kept only while the
 * subscription exists.
 */
export const webPushSends = pgTable(
  'web_push_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id').references(() => webPushSubscriptions.id, { onDelete: 'set null' }),
    deviceId: integer('device_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    eventId: integer('event_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    sentAt: timestamp('sent_at', tz),
    acknowledgedAt: timestamp('acknowledged_at', tz),
    failedAt: timestamp('failed_at', tz),
    status: integer('status'),
    error: text('error'),
  },
  (t) => [
    index('web_push_sends_device_idx').on(t.deviceId, t.id),
    index('web_push_sends_item_idx').on(t.kind, t.itemId),
  ],
);
