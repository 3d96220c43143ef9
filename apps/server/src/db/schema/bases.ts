/** Bases: the central dispatch (id 2) and the unit stations. */
import { doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const bases = pgTable('bases', {
  id: serial('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  baseCategoryId: integer('base_category_id').notNull().default(1),
  longitude: doublePrecision('longitude'),
  latitude: doublePrecision('latitude'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
