/** Queries of the auth module: users with their roles, groups and grants, devices, sessions. */
import { and, desc, eq, inArray, isNotNull, lt, ne, or, asc } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  devices,
  eventRoles,
  groups,
  permissionGrants,
  roles,
  sessions,
  userDevices,
  userGroups,
  userRoles,
  users,
} from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface DeviceRow {
  id: number;
  name: string;
  code: string;
}

export interface UserProfile {
  user: UserRow;
  roles: string[];
  groups: string[];
  /** server permission strings `subject.action` granted to the user, its roles or groups */
  permissions: string[];
}

export async function findActiveUserByUsername(db: Queryable, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.username, username), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

export async function findActiveUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

export async function loadProfile(db: Queryable, user: UserRow): Promise<UserProfile> {
  const [roleRows, groupRows] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, user.id))
      .orderBy(asc(roles.name)),
    db
      .select({ id: groups.id, name: groups.name })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(eq(userGroups.userId, user.id))
      .orderBy(asc(groups.name)),
  ]);
  const grantOwners = [eq(permissionGrants.userId, user.id)];
  if (roleRows.length) {
    grantOwners.push(
      inArray(
        permissionGrants.roleId,
        roleRows.map((r) => r.id),
      ),
    );
  }
  if (groupRows.length) {
    grantOwners.push(
      inArray(
        permissionGrants.groupId,
        groupRows.map((g) => g.id),
      ),
    );
  }
  const grantRows = await db
    .selectDistinct({ permission: permissionGrants.permission })
    .from(permissionGrants)
    .where(or(...grantOwners));
  return {
    user,
    roles: roleRows.map((r) => r.name),
    groups: groupRows.map((g) => g.name),
    permissions: grantRows.map((g) => g.permission).sort(),
  };
}

/**
 * The active users of `ids` with their profiles, in four statements whatever their number (a batch of session
 * checks, sessionReads.ts); each profile equals loadProfile's for that user. Inactive or unknown ids are absent.
 */
export async function loadActiveProfiles(db: Queryable, ids: readonly number[]): Promise<Map<number, UserProfile>> {
  const userRows = await db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.active, true)));
  const found = userRows.map((u) => u.id);
  if (found.length === 0) return new Map();
  const [roleRows, groupRows] = await Promise.all([
    db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, found))
      .orderBy(asc(roles.name)),
    db
      .select({ userId: userGroups.userId, id: groups.id, name: groups.name })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(inArray(userGroups.userId, found))
      .orderBy(asc(groups.name)),
  ]);
  const grantOwners = [inArray(permissionGrants.userId, found)];
  const roleIds = [...new Set(roleRows.map((r) => r.id))];
  const groupIds = [...new Set(groupRows.map((g) => g.id))];
  if (roleIds.length) grantOwners.push(inArray(permissionGrants.roleId, roleIds));
  if (groupIds.length) grantOwners.push(inArray(permissionGrants.groupId, groupIds));
  const grantRows = await db
    .select({
      userId: permissionGrants.userId,
      roleId: permissionGrants.roleId,
      groupId: permissionGrants.groupId,
      permission: permissionGrants.permission,
    })
    .from(permissionGrants)
    .where(or(...grantOwners));
  const profiles = new Map<number, UserProfile>();
  for (const user of userRows) {
    const own = roleRows.filter((r) => r.userId === user.id);
    const member = groupRows.filter((g) => g.userId === user.id);
    const roleSet = new Set(own.map((r) => r.id));
    const groupSet = new Set(member.map((g) => g.id));
    const permissions = new Set<string>();
    for (const g of grantRows) {
      const mine =
        g.userId === user.id ||
        (g.roleId !== null && roleSet.has(g.roleId)) ||
        (g.groupId !== null && groupSet.has(g.groupId));
      if (mine) permissions.add(g.permission);
    }
    profiles.set(user.id, {
      user,
      roles: own.map((r) => r.name),
      groups: member.map((g) => g.name),
      permissions: [...permissions].sort(),
    });
  }
  return profiles;
}

/** The devices the user may confirm, in id order. */
export async function listUserDevices(db: Queryable, userId: number): Promise<DeviceRow[]> {
  return db
    .select({ id: devices.id, name: devices.name, code: devices.code })
    .from(userDevices)
    .innerJoin(devices, eq(devices.id, userDevices.deviceId))
    .where(eq(userDevices.userId, userId))
    .orderBy(asc(devices.id));
}

/** The devices of `ids` (one statement for a batch of session checks, sessionReads.ts). */
export async function findDevices(db: Queryable, ids: readonly number[]): Promise<DeviceRow[]> {
  return db
    .select({ id: devices.id, name: devices.name, code: devices.code })
    .from(devices)
    .where(inArray(devices.id, [...ids]));
}

/** The device the user confirmed most recently in a session still stored, if any. */
export async function lastConfirmedDeviceId(db: Queryable, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ deviceId: sessions.deviceId })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.deviceId)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(1);
  return row?.deviceId ?? null;
}

export async function insertSession(
  db: Queryable,
  values: { tokenHash: string; instance: string; appCode: string; userId: number; expiresAt: Date; now: Date },
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: values.tokenHash,
      instance: values.instance,
      appCode: values.appCode,
      userId: values.userId,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returning();
  return row;
}

export async function findSessionByTokenHash(db: Queryable, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

export async function setSessionDevice(db: Queryable, sessionId: number, deviceId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ deviceId, lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** The sessions of `tokenHashes` (one statement for a batch of session checks, sessionReads.ts). */
export async function findSessionsByTokenHashes(db: Queryable, tokenHashes: readonly string[]): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(inArray(sessions.tokenHash, [...tokenHashes]));
}

export async function touchSessions(db: Queryable, sessionIds: readonly number[], now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(inArray(sessions.id, [...sessionIds]));
}

export async function deleteSession(db: Queryable, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Removes the user's other sessions (after a password change); returns their ids. */
export async function deleteOtherSessions(db: Queryable, userId: number, keepSessionId: number): Promise<number[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return rows.length;
}

export async function updatePasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The event-role catalogue with its permission strings (abilities: active event roles, default [50]). */
export async function listEventRolePermissions(db: Queryable): Promise<{ id: number; permissions: string[] }[]> {
  const rows = await db.select({ id: eventRoles.id, permissions: eventRoles.permissions }).from(eventRoles);
  return rows.map((r) => ({ id: r.id, permissions: Array.isArray(r.permissions) ? r.permissions : [] }));
}
