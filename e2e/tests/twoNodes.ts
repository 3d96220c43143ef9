/**
 * Two real server processes from source sharing a scratch PostgreSQL database and a redis-server of the test's
 * own (the machine's shared services are never touched or stopped), for the journeys that need two nodes
 * (alertsNodes, alertsEscalation). `useTwoNodes` registers the spec's beforeAll/afterAll and gives what they
 * set up; when PostgreSQL or redis-server is missing, `unavailable` says why and the journey skips.
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRedisServer, type RedisServer } from '../../apps/server/src/test/localServices.js';
import { createScratchDatabase, type ScratchDatabase } from '../../apps/server/src/test/scratchDatabase.js';
import { startNode, stopNode, type ServerNode } from '../../apps/server/src/test/serverNodes.js';
import { PASSWORD, test } from './helpers';

const POSTGRES = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TwoNodes {
  nodes: ServerNode[];
  /** the scratch database's URL, for a journey that reads its tables */
  databaseUrl: string;
  unavailable: string | null;
}

/**
 * `name` names the scratch database and the data dirs; `env` is added to each node's environment; `beforeStop`
 * closes what the spec opened on them (its hooks would run after these, the database already dropped).
 */
export function useTwoNodes(
  name: string,
  env: Record<string, string> = {},
  beforeStop: () => Promise<void> = async () => undefined,
): TwoNodes {
  const state: TwoNodes = { nodes: [], databaseUrl: '', unavailable: null };
  let db: ScratchDatabase | undefined;
  let redis: RedisServer | undefined;
  const dataDirs: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    try {
      db = await createScratchDatabase(POSTGRES, `panel_${name}`);
      redis = await startRedisServer();
    } catch (error) {
      state.unavailable = `PostgreSQL or redis-server not available (${(error as Error).message})`;
      return;
    }
    state.databaseUrl = db.url;
    // one after the other: the first migrates and seeds the empty database, the second finds it ready
    for (const node of ['a', 'b']) {
      const dir = mkdtempSync(path.join(os.tmpdir(), `panel-${name}-node-${node}-`));
      dataDirs.push(dir);
      state.nodes.push(
        await startNode({
          PORT: '0',
          HOST: '127.0.0.1',
          SEED: 'demo',
          ENVIRONMENT: 'test',
          DATABASE_URL: db.url,
          REDIS_URL: redis.url,
          DATA_DIR: dir,
          MAP_LAYERS: '{}',
          LOG_LEVEL: 'warn',
          ...env,
        }),
      );
    }
  });

  test.afterAll(async () => {
    await beforeStop();
    await Promise.all(state.nodes.map((n) => stopNode(n)));
    state.nodes = [];
    await redis?.stop();
    await db?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  return state;
}

/** An API session of `username` on the node at `base`, its device confirmed, as a panel has it. */
export async function apiSession(base: string, username: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: base });
  const login = await (await api.post('/v2/auth/login', { data: { username, password: PASSWORD } })).json();
  const headers = { Authorization: `Bearer ${login.message}`, 'app-code': 'panel', 'app-instance': login.instance };
  expect((await api.post('/v2/auth/device', { headers, data: { deviceId: login.device.id } })).ok()).toBe(true);
  await api.dispose();
  return playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: headers });
}
