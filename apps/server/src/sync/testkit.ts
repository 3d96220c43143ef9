/** Test helpers of the sync and events tests: a migrated, seeded in-memory database and a user's auth. */
import { eq } from 'drizzle-orm';
import { buildAbility } from '@panel/domain/auth';
import type { AuthContext } from '../context.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import * as s from '../db/schema/index.js';
import { seedDemo } from '../demo/seed.js';

export async function openSeeded(opts: { databaseUrl?: string; seed?: boolean } = {}): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: ':memory:' });
  await migrate(handle);
  if (opts.seed !== false) await seedDemo(handle.db);
  return handle;
}

/** The AuthContext the auth layer would build for this user (roles, groups, grants, CASL ability). */
export async function authFor(db: Database, username: string, deviceId: number | null = null): Promise<AuthContext> {
  const [u] = await db.select().from(s.users).where(eq(s.users.username, username));
  if (!u) throw new Error(`no user ${username}`);
  const roles = await db
    .select({ id: s.roles.id, name: s.roles.name })
    .from(s.userRoles)
    .innerJoin(s.roles, eq(s.roles.id, s.userRoles.roleId))
    .where(eq(s.userRoles.userId, u.id));
  const groups = await db
    .select({ id: s.groups.id, name: s.groups.name })
    .from(s.userGroups)
    .innerJoin(s.groups, eq(s.groups.id, s.userGroups.groupId))
    .where(eq(s.userGroups.userId, u.id));
  const grants = await db.select().from(s.permissionGrants);
  const permissions = [
    ...new Set(
      grants
        .filter(
          (g) =>
            (g.roleId != null && roles.some((r) => r.id === g.roleId)) ||
            (g.groupId != null && groups.some((x) => x.id === g.groupId)) ||
            g.userId === u.id,
        )
        .map((g) => g.permission),
    ),
  ].sort();
  const user = {
    id: u.id,
    username: u.username,
    baseId: u.baseId,
    firstName: u.firstName,
    lastName: u.lastName,
    roles: roles.map((r) => r.name),
    groups: groups.map((g) => g.name),
  };
  const eventRoles = await db.select().from(s.eventRoles);
  const ability = buildAbility({ user, permissions, activeEvent: null, eventRoles });
  const [dev] = await db
    .select({ id: s.devices.id, code: s.devices.code })
    .from(s.userDevices)
    .innerJoin(s.devices, eq(s.devices.id, s.userDevices.deviceId))
    .where(eq(s.userDevices.userId, u.id));
  return {
    sessionId: 0,
    instance: 'test-instance',
    appCode: 'panel',
    user: user as AuthContext['user'],
    permissions,
    deviceId: deviceId ?? dev?.id ?? null,
    deviceCode: dev?.code ?? null,
    ability,
  };
}
