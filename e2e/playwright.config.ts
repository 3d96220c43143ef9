import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

// One real server (embedded PGlite in a fresh temp dir, demo seed) for the whole run, like a newcomer's npm start.
const port = Number(process.env.E2E_PORT ?? 8181);
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `panel-e2e-${Date.now()}`);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // one: the journeys are bound by the browser's CPU, and two workers on a 2-core machine took as long (21.1 min
  // against 21.9) and two journeys failed once on timing (30.11.2026)
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
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
  },
  webServer: {
    command: 'npx tsx ../apps/server/src/server.ts',
    url: `${baseURL}/version.json`,
    // a cold start compiles the server with tsx and seeds the demo: ~20 s quiet, over 2 min on a loaded 2-core box
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
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
  },
});
