import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { E2E_WORKERS, serverPort, serverURL } from './servers';
import { ensureServerBuild } from '../apps/server/scripts/serverBuild';

/**
 * Three workers, each with a real server of its own (embedded PGlite in a fresh temp dir, demo seed, like a
 * newcomer's npm start): a journey waits on one browser renderer's thread most of the time, and one worker left a
 * third of this 2-core machine idle (13.8 min against 9–10 with two, 01.12.2026 morning); two still left it 12 %
 * idle (331 s), three keep it 95 % busy (290 s in two runs, 0 flaky; 01.12.2026 afternoon). A server each, so a
 * journey meets only the data of the journeys before it in its own worker, never one running beside it: sharing one
 * server, a deployment or an alert of the other worker's journey landed on this one's map and dialogs.
 */
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `panel-e2e-${Date.now()}`);

/**
 * The servers run the compiled server, as `npm start` does (one start cost ~7 CPU-s under the tsx loader against
 * ~4 for the build on a loaded 2-core machine): built here, in the runner before it starts them, when the sources
 * changed since the last build. The workers load this file too, after the servers are up; they need no build.
 */
if (!process.env.TEST_WORKER_INDEX) console.log(await ensureServerBuild(path.resolve(import.meta.dirname, '..')));

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    // each journey's is its worker's server (tests/helpers.ts)
    baseURL: serverURL(0),
    locale: 'cs-CZ',
    timezoneId: 'Europe/Prague',
    viewport: { width: 1440, height: 900 },
    // a browser that asked for less motion (the panel honours it, apps/web/src/ui/theme.ts): dialogs and menus
    // open at once instead of after their animation, which each click would otherwise wait out
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        '--disable-quic',
        // a real recording without a microphone: Chromium's fake device plays a beep, no permission prompt
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
    // no service worker unless a journey is about it (foundation, devpanel and webPush say 'allow'): every journey
    // starts in a fresh browser, where the worker's first install (its precache of the panel's 38 files) cost
    // ~2.3 CPU-s of a panel start's ~6 (4 × 3 fresh contexts, 02.12.2026) and ~13 % of a run of four files
    serviceWorkers: 'block',
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: 'node ../apps/server/dist/server.js',
    url: `${serverURL(index)}/version.json`,
    // a cold start seeds the demo: ~20 s quiet, over 2 min on a loaded 2-core box
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(serverPort(index)),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(process.env.E2E_DATA_DIR!, String(index)),
      SEED: 'demo',
      ENVIRONMENT: 'test',
      DATABASE_URL: '',
      REDIS_URL: '',
      // journeys stay deterministic: no living demo (demo/simulator) moving vehicles or raising KOPIS alerts
      SIMULATE: '0',
      // nor escalation re-raising the seed's waiting alerts a minute in (alertsEscalation.spec runs its own nodes)
      ALERT_ESCALATION: 'off',
      // no metrics listener: other servers on this machine may hold its port 9464
      METRICS_PORT: 'off',
      // the offline map only: unset MAP_LAYERS would ask ČÚZK (issue 15) and journeys would depend on the network
      MAP_LAYERS: '{}',
    },
  })),
});
