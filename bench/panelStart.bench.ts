/**
 * A panel's start in a fresh browser, as every journey and every new workstation has it: the session stored the
 * way the panel keeps it (the API's login and device confirmation, then localStorage `panel.auth`, as
 * e2e/tests/helpers.ts does), then `/` until the panel has raised the first bundle's alerts (the bell's
 * `data-alerts-ready`). Measured with the panel's service worker allowed (it installs and precaches the built
 * files in that start) and blocked: the wall time to ready, and the CPU time of all Chromium's processes to ready
 * and in the 3 s after (Linux `/proc`). `/version.json` of the same server in the same run is the ratio base of
 * the wall time. Prints figures; not a test. Needs a built panel (`npm run build`) and Debian's Chromium.
 *
 *   npm run bench:panel-start -w bench      BENCH_STARTS=4 fresh contexts per mode (the first is left out)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import { startBrowserBench } from './lib/browserBench.js';
import { versionMedianMs } from './lib/http.js';

const starts = Number(process.env.BENCH_STARTS ?? 4);
const TICKS_PER_SECOND = 100; // USER_HZ of /proc/<pid>/stat on Linux

/** CPU seconds (user + system, with reaped children) of every running Chromium process. */
function chromiumCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return ticks / TICKS_PER_SECOND;
}

interface Start {
  wallMs: number;
  cpuToReady: number;
  cpuAfter: number;
}

async function startPanel(browser: Browser, url: string, serviceWorkers: 'allow' | 'block'): Promise<Start> {
  const context = await browser.newContext({
    baseURL: url,
    locale: 'cs-CZ',
    timezoneId: 'Europe/Prague',
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
    serviceWorkers,
  });
  try {
    const page = await context.newPage();
    const login = await context.request.post('/v2/auth/login', {
      data: { username: 'dispecer', password: 'panel-demo' },
    });
    const body = await login.json();
    const headers = { Authorization: `Bearer ${body.message}`, 'app-code': 'panel', 'app-instance': body.instance };
    const confirmed = await context.request.post('/v2/auth/device', { headers, data: { deviceId: body.device.id } });
    const device = ((await confirmed.json()) as { device?: unknown } | null)?.device ?? body.device;
    const state = { token: body.message, instance: body.instance, user: body.user, device, deviceConfirmed: true };
    await page.goto('/version.json');
    // (the bench's types have no DOM: the page's storage is named by its shape)
    const auth = JSON.stringify({ state: { ...state, devices: body.devices ?? null }, version: 0 });
    await page.evaluate((value) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      storage.setItem('panel.auth', value);
      storage.setItem('panel.webPush', '{"asked":true}');
    }, auth);

    const cpu0 = chromiumCpuSeconds();
    const t0 = performance.now();
    await page.goto('/');
    await page.locator('[data-testid="alert-bell"][data-alerts-ready="true"]').waitFor({ timeout: 60_000 });
    const wallMs = performance.now() - t0;
    const cpu1 = chromiumCpuSeconds();
    await page.waitForTimeout(3_000);
    return { wallMs, cpuToReady: cpu1 - cpu0, cpuAfter: chromiumCpuSeconds() - cpu1 };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const { url, browser, close } = await startBrowserBench(0);
try {
  const base = await versionMedianMs(url, 200);
  console.log(`GET /version.json p50 ${base.toFixed(2)} ms (this run's base)`);
  for (const mode of ['allow', 'block'] as const) {
    const runs: Start[] = [];
    for (let i = 0; i < starts; i++) runs.push(await startPanel(browser, url, mode));
    const kept = runs.slice(1); // the first start also warms the server's caches
    const wall = median(kept.map((r) => r.wallMs));
    console.log(
      `service worker ${mode === 'allow' ? 'allowed' : 'blocked'}: ready in ${kept.map((r) => r.wallMs.toFixed(0)).join(' / ')} ms ` +
        `(median ${wall.toFixed(0)} ms, ${(wall / base).toFixed(0)}× /version.json); Chromium CPU to ready ` +
        `${kept.map((r) => r.cpuToReady.toFixed(2)).join(' / ')} s, in the 3 s after ${kept.map((r) => r.cpuAfter.toFixed(2)).join(' / ')} s`,
    );
  }
} finally {
  await close();
}
