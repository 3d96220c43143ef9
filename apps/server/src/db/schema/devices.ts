/** Devices (phones, tablets, in-vehicle terminals) and their self-test history (001 §3). */
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { bases } from './bases.js';
import { users } from './auth.js';
import { resources } from './resources.js';

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    baseId: integer('base_id').references(() => bases.id),
    userId: integer('user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    resourceId: integer('resource_id').references(() => resources.id, { onDelete: 'set null' }),
    number: text('number'),
    status: integer('status').notNull().default(1),
    ownership: text('ownership').notNull().default('corporate'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    testedAt: timestamp('tested_at', { withTimezone: true }),
    testResult: jsonb('test_result'),
    locationLongitude: doublePrecision('location_longitude'),
    locationLatitude: doublePrecision('location_latitude'),
    appVersion: text('app_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('devices_base_idx').on(t.baseId)],
);

/** Every self-test a device reported (the latest also sits in devices.test_result). */
export const deviceTests = pgTable(
  'device_tests',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    testedAt: timestamp('tested_at', { withTimezone: true }).notNull().defaultNow(),
    result: jsonb('result').notNull(),
  },
  (t) => [index('device_tests_device_idx').on(t.deviceId)],
);
