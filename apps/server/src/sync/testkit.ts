/**
 * Test helpers of the sync and events tests: a migrated, seeded in-memory database, a user's auth (one or every
 * user's), the SeededWorld the every-user suites share, and the writes they make (each for a test command's
 * transaction), a long message history among them.
 */
import { and, eq } from 'drizzle-orm';
import { buildAbility } from '@panel/domain/auth';
import type { AuthContext } from '../context.js';
import { openDatabase, type Database, type DatabaseHandle, type Queryable, type Tx } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { openMigratedMemoryDatabase } from '../test/pgliteImage.js';
import * as s from '../db/schema/index.js';
import { seedDemo } from '../demo/seed.js';
import { createNullHub } from '../nullHub.js';
import { runCommand, type ChangeRecorder, type CommandDeps } from './commands.js';

export async function openSeeded(opts: { databaseUrl?: string; seed?: boolean } = {}): Promise<DatabaseHandle> {
  // in memory: from the run's migrated image, as createTestApp (no initdb and migrations per file)
  const handle = opts.databaseUrl
    ? await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: ':memory:' })
    : await openMigratedMemoryDatabase();
  if (opts.databaseUrl) await migrate(handle);
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

/** Every user of the database, in username order, each as authFor builds them. */
export async function authForAll(db: Database): Promise<AuthContext[]> {
  const names = (await db.select({ username: s.users.username }).from(s.users)).map((u) => u.username).sort();
  return Promise.all(names.map((n) => authFor(db, n)));
}

/** The events' ids by code (`PHA-2025-0412` …). */
export async function eventIdsByCode(db: Database): Promise<Record<string, number>> {
  return Object.fromEntries((await db.select().from(s.events)).map((e) => [e.code!, e.id]));
}

/**
 * What the suites that hold an answer to another for every demo user work on: a seeded database, every user
 * (the first is whom `cmd` acts as; a suite may reorder them), the events' ids by code. Opened in beforeAll.
 */
export class SeededWorld {
  handle!: DatabaseHandle;
  readonly hub = createNullHub();
  users: AuthContext[] = [];
  ev: Record<string, number> = {};

  get db(): Database {
    return this.handle.db;
  }

  async open(): Promise<void> {
    this.handle = await openSeeded();
    this.users = await authForAll(this.db);
    this.ev = await eventIdsByCode(this.db);
  }

  close(): Promise<void> {
    return this.handle.close();
  }

  readonly byName = (username: string): AuthContext => this.users.find((u) => u.user.username === username)!;

  /** A test command of the first user (one transaction, one revision), about `eventId` when given. */
  readonly cmd = (fn: (tx: Queryable, rec: ChangeRecorder) => Promise<void>, eventId?: number): Promise<void> =>
    runCommand(
      { db: this.db, hub: this.hub },
      { userId: this.users[0].user.id, deviceId: null },
      { type: 'test', eventId },
      fn,
    );
}

/**
 * One command's worth of writes of several kinds, for the tests that hold an optimised answer to another after
 * each kind: event `b` linked to `a`, `a`'s first job ended (with `renameVehicle`, its vehicle renamed too), the
 * first device renamed, `a`'s first contact removed.
 */
export async function linkEndJobRenameDeviceRemoveContact(
  tx: Queryable,
  rec: ChangeRecorder,
  a: number,
  b: number,
  opts: { renameVehicle?: boolean } = {},
): Promise<void> {
  const [l] = await tx.insert(s.eventToEvent).values({ sourceEventId: b, targetEventId: a }).returning();
  rec.changed('eventToEvent', l.id);
  const [job] = await tx.select().from(s.eventJobs).where(eq(s.eventJobs.eventId, a));
  await tx.update(s.eventJobs).set({ eventJobStatusId: 20, endedAt: new Date() }).where(eq(s.eventJobs.id, job.id));
  rec.changed('eventJobs', job.id);
  if (opts.renameVehicle && job.resourceId) {
    await tx.update(s.resources).set({ name: 'Přejmenované vozidlo' }).where(eq(s.resources.id, job.resourceId));
    rec.changed('resources', job.resourceId);
  }
  const [device] = await tx.select().from(s.devices).limit(1);
  await tx.update(s.devices).set({ name: 'Přejmenované zařízení' }).where(eq(s.devices.id, device.id));
  rec.changed('devices', device.id);
  const [contact] = await tx.select().from(s.eventContacts).where(eq(s.eventContacts.eventId, a));
  await tx.delete(s.eventContacts).where(eq(s.eventContacts.id, contact.id));
  rec.removed('eventContacts', contact.id);
}

/**
 * Shares the event with base 4, a unit that does not see it otherwise, or takes base 4's shares back (the demo
 * shares nothing else with it); recorded as a change of the event and of its units.
 */
export async function shareWithBase4(
  tx: Queryable,
  rec: ChangeRecorder,
  eventId: number,
  shared: boolean,
): Promise<void> {
  if (shared) await tx.insert(s.eventToBase).values({ eventId, baseId: 4 });
  else await tx.delete(s.eventToBase).where(eq(s.eventToBase.baseId, 4));
  rec.changed('events', eventId);
  rec.changed('eventToBase', eventId);
}

/** Closes the event (state 5, status 11): it is sent once more in a delta, then left out of every bundle. */
export async function closeEvent(tx: Queryable, rec: ChangeRecorder, id: number): Promise<void> {
  await tx.update(s.events).set({ eventStateId: 5, eventStatusId: 11 }).where(eq(s.events.id, id));
  rec.changed('events', id);
}

/** Recodes the tag into a central-only `C_` tag: the bases other than the centre stop seeing it. */
export async function recodeAsCentralTag(
  tx: Queryable,
  rec: ChangeRecorder,
  tag: { id: number; code: string },
): Promise<void> {
  await tx
    .update(s.tags)
    .set({ code: `C_${tag.code}` })
    .where(eq(s.tags.id, tag.id));
  rec.changed('tags', tag.id);
}

/**
 * A long history of `author` in the demo fire's (PHA-2025-0412) operational conversation: `count` messages, oldest
 * first, written by one command (one revision, each message recorded changed). `alsoInTx` writes what the test
 * needs beside them (read marks, tags) in the same transaction.
 */
export async function addFireHistory(
  deps: CommandDeps,
  author: AuthContext,
  count: number,
  alsoInTx?: (tx: Tx, ids: number[]) => Promise<void>,
): Promise<{ fire: number; history: number[] }> {
  const { db } = deps;
  const [{ id: fire }] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
  const [conv] = await db
    .select()
    .from(s.conversations)
    .where(and(eq(s.conversations.eventId, fire), eq(s.conversations.type, 1)));
  const history = await runCommand(
    deps,
    { userId: author.user.id, deviceId: null },
    { type: 'test', eventId: fire },
    async (tx, rec) => {
      const rows = await tx
        .insert(s.messages)
        .values(
          Array.from({ length: count }, (_, i) => ({
            eventId: fire,
            conversationId: conv.id,
            messageCategoryId: 1,
            content: `Hlášení ${i}`,
            userId: author.user.id,
          })),
        )
        .returning({ id: s.messages.id });
      const ids = rows.map((r) => r.id);
      await alsoInTx?.(tx, ids);
      for (const id of ids) rec.changed('messages', id);
      return ids;
    },
  );
  return { fire, history };
}
