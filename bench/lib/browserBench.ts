/**
 * Shared set-up of the browser benchmarks: a seeded embedded database with `count` extra events, the real
 * server (API, push, built panel) on a free port, and Debian's Chromium.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig, DEFAULT_WEB_DIST } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { seedDemo } from '../../apps/server/src/demo/seed.js';
import { sessionStoreFor } from '../../apps/server/src/modules/auth/sessions.js';
import { createHub } from '../../apps/server/src/realtime/hub.js';
import { createDeferredHub } from '../../apps/server/src/nullHub.js';
import { authFor } from '../../apps/server/src/sync/testkit.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.js';
import { addEventsInBatches } from './addEvents.js';

export interface BrowserBench {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBrowserBench(count: number, options: { withTargets?: boolean } = {}): Promise<BrowserBench> {
  if (!existsSync(path.join(DEFAULT_WEB_DIST, 'index.html')) || !existsSync(CHROMIUM_PATH)) {
    console.error('needs a built panel (npm run build) and Chromium (apt-get install -y chromium)');
    process.exit(1);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'panel-bench-'));
  const handle = await openDatabase({ dataDir });
  await migrate(handle);
  await seedDemo(handle.db);
  const deferred = createDeferredHub();
  const admin = await authFor(handle.db, 'admin');
  const dispecer = await authFor(handle.db, 'dispecer');
  const t0 = performance.now();
  await addEventsInBatches(
    {
      db: handle.db,
      deps: { db: handle.db, hub: deferred },
      admin,
      reader: dispecer,
      withTargets: options.withTargets,
    },
    count,
  );
  console.log(`added ${count} events in ${(performance.now() - t0).toFixed(0)} ms`);

  const config = loadConfig({ DATA_DIR: dataDir, ENVIRONMENT: 'bench', SEED: 'none' });
  const app = await buildApp({ config, db: handle.db, hub: deferred, logger: false });
  const hub = await createHub(app.server, {
    db: handle.db,
    verifySession: (c) => sessionStoreFor(handle.db).verify(c),
    sessions: sessionStoreFor(handle.db),
  });
  deferred.bind(hub);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await hub.close();
      await app.close();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Logs the demo dispatcher in through the login screen and confirms the offered device; returns the moment of
 * the confirmation (performance.now()): the panel starts loading from there.
 */
export async function logInDispatcher(page: Page): Promise<number> {
  await page.getByLabel('Uživatelské jméno').fill('dispecer');
  await page.getByLabel('Heslo', { exact: true }).fill('panel-demo');
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await page.getByRole('button', { name: 'Potvrdit' }).waitFor();
  const confirmedAt = performance.now();
  await page.getByRole('button', { name: 'Potvrdit' }).click();
  return confirmedAt;
}
