/**
 * The tables that tie a user to a device: sessions, the devices a user may confirm, trusted login sources. Apart
 * from auth.ts so users and devices reference each other without a circle of files.
 */
import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { devices } from './devices.js';

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    instance: text('instance').notNull(),
    appCode: text('app_code').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The devices a user may confirm at login. */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);

/**
 * Where a user logged in successfully (issue 24 item 9): `kind` 'address' — a known good client address (`key`
 * = the address), or 'device' — a confirmed workstation (`key` = SHA-256 of the trust token the panel keeps in
 * its local storage, `device_id` the confirmed device). An attempt from either is not refused for strangers'
 * failures. Rows not used for `TRUST_DAYS` stop counting and are pruned (modules/auth/throttle.ts).
 */
export const loginTrust = pgTable(
  'login_trust',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_trust_user_kind_key_idx').on(t.userId, t.kind, t.key)],
);
