/** Users, roles, groups, permission grants and failed logins (queried by modules/auth); sessions in logins.ts. */
import { bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bases } from './bases.js';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  baseId: integer('base_id').references(() => bases.id),
  phone: text('phone'),
  email: text('email'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
});

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

/** A server permission string (`subject.action`) granted to a role, a group or one user. */
export const permissionGrants = pgTable(
  'permission_grants',
  {
    id: serial('id').primaryKey(),
    permission: text('permission').notNull(),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('permission_grants_role_idx').on(t.roleId), index('permission_grants_group_idx').on(t.groupId)],
);

/**
 * One row per failed login (modules/auth/throttle.ts). In the database, not in memory: every server node
 * counts the same failures. `username` as typed (trimmed, lower case), also for names that do not exist, so a
 * throttled unknown name looks like a throttled real one. Rows older than the window are pruned in the
 * background (modules/sync/maintenance.ts).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    address: text('address').notNull(),
    /**
     * null: an attempt from an unknown source (counted per address and per account); else the trusted source it
     * came from (`a:<address>` a known good address, `d:<login_trust id>` a confirmed device) — counted on its own,
     * so strangers' failures never lock it out (issue 24 item 9)
     */
    source: text('source'),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_username_idx').on(t.username, t.failedAt),
    index('login_failures_address_idx').on(t.address, t.failedAt),
    index('login_failures_failed_at_idx').on(t.failedAt),
  ],
);
