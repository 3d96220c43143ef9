/**
 * /healthz, /readyz and the database gate over the embedded PGlite: ready when prepared, 503 with the Czech
 * message and Retry-After when the PGlite instance is closed under the running app, serving again after the
 * monitor reopened it; draining refuses new calls but still serves health and static answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../app.js';
import { buildInfo } from '../../buildInfo.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { createDatabaseMonitor, selectOne, type DatabaseMonitor } from '../../db/monitor.js';
import { seedDemo } from '../../demo/seed.js';
import { dropState } from '../../sync/revision.js';
import { createTestApp, login, type TestApp, pullFullBundle } from '../../test/factory.js';
import { serverTexts } from '../../texts.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let testApp: TestApp | null = null;
let own: { app: FastifyInstance; handle: DatabaseHandle; monitor: DatabaseMonitor } | null = null;

afterEach(async () => {
  await testApp?.close();
  testApp = null;
  if (own) {
    own.monitor.stop();
    await own.app.close();
    await own.handle.close();
    own = null;
  }
});

/** an app whose monitor can reopen the in-memory PGlite (prepare = migrate + demo seed, as server.ts) */
async function appWithReopen() {
  const handle = await openDatabase({ dataDir: ':memory:' });
  const prepare = async () => {
    await migrate(handle);
    await seedDemo(handle.db);
  };
  await prepare();
  const monitor = createDatabaseMonitor({
    probe: selectOne(handle.db),
    prepare,
    prepared: true,
    reopen: async () => {
      await handle.reopen!();
      dropState(handle.db);
    },
    log: quiet,
    timing: { recoveryEveryMs: 50 },
  });
  const config = loadConfig({ DATA_DIR: ':memory:', SEED: 'none', ENVIRONMENT: 'test', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, db: handle.db, database: monitor });
  await app.ready();
  own = { app, handle, monitor };
  return own;
}

describe('health', () => {
  it('/healthz is alive and /readyz ready over a prepared database, both without a session', async () => {
    testApp = await createTestApp({ seed: false });
    const health = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      ...buildInfo(), // the release that answers (issue 23)
      ready: true,
      database: 'up',
      migrated: true,
      draining: false,
      redis: 'off',
      positions: {
        accepted: 0,
        duplicates: 0,
        refused: { outsideBounds: 0, future: 0, outOfOrder: 0, inaccurate: 0, unknownDevice: 0, revokedDevice: 0 },
        // the write-behind queue of this node (issue 14)
        writeBehind: {
          queued: 0,
          written: 0,
          batches: 0,
          dropped: 0,
          discardedRevoked: 0,
          failures: 0,
          lastError: null,
        },
      },
      // MAP_LAYERS {} in tests: no WMTS base map to report on
      maps: { status: 'none', notice: null },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/readyz reports the hub’s Redis state, and Redis down does not make the node unready', async () => {
    testApp = await createTestApp({ seed: false });
    testApp.hub.redisState = () => 'down';
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, redis: 'down' });
  });

  it('a closed PGlite answers 503 with the Czech message, /readyz 503, and serves again once reopened', async () => {
    const { app, handle } = await appWithReopen();
    const session = await login(app, 'dispecer');
    expect((await pullFullBundle(app, session.headers)).statusCode).toBe(200);

    await (handle.client as PGlite).close(); // the embedded database dies under the running app
    const during = await app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      headers: { 'app-code': 'panel' },
      payload: { username: 'dispecer', password: 'panel-demo' },
    });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ message: serverTexts.databaseUnavailable });
    expect(during.headers['retry-after']).toBe('5');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/version.json' })).statusCode).toBe(200);

    // the monitor reopens (an in-memory instance comes back empty: migrated and seeded again)
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 20_000 })
      .toBe(200);
    const again = await login(app, 'dispecer');
    const bundle = await pullFullBundle(app, again.headers);
    expect(bundle.statusCode).toBe(200);
  }, 60_000);

  it('draining: new API calls 503, /readyz 503, /healthz and /version.json still answer', async () => {
    testApp = await createTestApp();
    const session = await login(testApp.app, 'dispecer');
    testApp.app.deps.database.drain();
    const call = await pullFullBundle(testApp.app, session.headers);
    expect(call.statusCode).toBe(503);
    expect(call.json()).toEqual({ message: serverTexts.shuttingDown });
    expect(call.headers['retry-after']).toBe('5');
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, draining: true });
    expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/version.json' })).statusCode).toBe(200);
    // an unknown URL is still a 404, not a 503
    expect((await testApp.app.inject({ method: 'GET', url: '/v2/nothing-here' })).statusCode).toBe(404);
  });
});
