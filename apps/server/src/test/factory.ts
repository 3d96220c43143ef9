/**
 * Test factory for route tests: an app over a fresh in-memory PGlite with the demo data, a hub that records
 * invalidations instead of pushing, and a login helper that returns the three headers of a live session with
 * its device confirmed.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { groups, roles, userDevices, userGroups, userRoles, users } from '../db/schema/index.js';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createNullHub, type NullHub } from '../nullHub.js';
import { openMigratedMemoryDatabase } from './pgliteImage.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  handle: DatabaseHandle;
  hub: NullHub;
  config: Config;
  close(): Promise<void>;
}

export interface TestSession {
  token: string;
  instance: string;
  /** Authorization, app-code and app-instance */
  headers: Record<string, string>;
  user: { id: number; username: string; baseId: number | null; roles: string[]; groups: string[] };
  device: { id: number; name: string; code: string } | null;
  devices: { id: number; name: string; code: string }[];
}

export const TEST_PASSWORD = DEMO_PASSWORD;

export async function createTestApp(
  opts: { seed?: boolean; config?: Partial<Config>; onRoute?: BuildAppOptions['onRoute'] } = {},
): Promise<TestApp> {
  const config: Config = {
    // MAP_LAYERS {}: no outside map service in tests (unset would ask ČÚZK for its capabilities)
    ...loadConfig({
      DATA_DIR: ':memory:',
      SEED: 'none',
      ENVIRONMENT: 'test',
      WEB_DIST: '/nonexistent-web-dist',
      MAP_LAYERS: '{}',
    }),
    ...opts.config,
  };
  const handle = await openMigratedMemoryDatabase();
  if (opts.seed !== false) await seedDemo(handle.db);
  const hub = createNullHub();
  const app = await buildApp({ config, db: handle.db, hub, onRoute: opts.onRoute });
  await app.ready();
  return {
    app,
    db: handle.db,
    handle,
    hub,
    config,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** Logs in (demo password by default) and, unless `confirmDevice: false`, confirms the offered device. */
export async function login(
  app: FastifyInstance,
  username: string,
  opts: { password?: string; confirmDevice?: boolean; appCode?: string } = {},
): Promise<TestSession> {
  const appCode = opts.appCode ?? 'panel';
  const res = await app.inject({
    method: 'POST',
    url: '/v2/auth/login',
    headers: { 'app-code': appCode },
    payload: { username, password: opts.password ?? TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  const body = res.json() as {
    message: string;
    instance: string;
    user: TestSession['user'];
    device: TestSession['device'];
    devices: TestSession['devices'];
  };
  const headers = { authorization: `Bearer ${body.message}`, 'app-code': appCode, 'app-instance': body.instance };
  if (opts.confirmDevice !== false) {
    if (!body.device) throw new Error(`login ${username}: the user has no device to confirm`);
    const confirm = await app.inject({
      method: 'POST',
      url: '/v2/auth/device',
      headers,
      payload: { deviceId: body.device.id },
    });
    if (confirm.statusCode !== 200) throw new Error(`device ${username}: ${confirm.statusCode} ${confirm.body}`);
  }
  return {
    token: body.message,
    instance: body.instance,
    headers,
    user: body.user,
    device: body.device,
    devices: body.devices,
  };
}

/** POST /v2/app from nothing (`uid: null`): the full bundle as a panel asks for it after login. */
export function pullFullBundle(app: FastifyInstance, headers: Record<string, string> | undefined) {
  return app.inject({ method: 'POST', url: '/v2/app', headers, payload: { uid: null } });
}

/** The n-th uuid of a test file; each file has its own 8-hex-digit prefix, so their rows never collide. */
export function nthUuid(prefix: string, n: number): string {
  return `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** POST /v2/events in this session; the test fails unless it answers 201. The saved event. */
export async function postEvent<T>(t: TestApp, session: TestSession, payload: Record<string, unknown>): Promise<T> {
  const res = await t.app.inject({ method: 'POST', url: '/v2/events', headers: session.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
}

/** Adds a user (password TEST_PASSWORD unless given) with roles, groups and devices by name/id. */
export async function createUser(
  db: Database,
  input: {
    username: string;
    password?: string;
    baseId?: number | null;
    firstName?: string;
    lastName?: string;
    roles?: string[];
    groups?: string[];
    deviceIds?: number[];
    active?: boolean;
  },
): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({
      username: input.username,
      passwordHash: await hashPassword(input.password ?? TEST_PASSWORD),
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? input.username,
      baseId: input.baseId ?? null,
      active: input.active ?? true,
    })
    .returning({ id: users.id });
  if (input.roles?.length) {
    const rows = await db.select().from(roles).where(inArray(roles.name, input.roles));
    if (rows.length) await db.insert(userRoles).values(rows.map((r) => ({ userId: user.id, roleId: r.id })));
  }
  if (input.groups?.length) {
    const rows = await db.select().from(groups).where(inArray(groups.name, input.groups));
    if (rows.length) await db.insert(userGroups).values(rows.map((g) => ({ userId: user.id, groupId: g.id })));
  }
  if (input.deviceIds?.length) {
    await db.insert(userDevices).values(input.deviceIds.map((deviceId) => ({ userId: user.id, deviceId })));
  }
  return user.id;
}

export async function userIdOf(db: Database, username: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}
