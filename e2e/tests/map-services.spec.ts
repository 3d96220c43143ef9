/**
 * Map services of other hosts (issue 24 items 14, 15), against a server of its own whose MAP_LAYERS name two
 * local services: a tile host that sends no CORS header (the tourist base map, XYZ) and a drone WMS 1.3.0 that
 * offers its layer only in CRS:84. The tiles must arrive through the panel's tile proxy and the map screenshot
 * must still work; the drone WMS must get GetMap requests in CRS:84 at zoom 3, 8 and 11.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginAs, openEvent, shot, test } from './helpers';

/** a 1×1 opaque red PNG: the tile every request gets */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** a WMS 1.3.0 document offering one layer, in CRS:84 only (the shape of the ArcGIS sample of the unit tests) */
const CAPABILITIES = `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms"><Service><Name>WMS</Name><Title>Dron</Title></Service>
<Capability><Request><GetMap><Format>image/png</Format></GetMap></Request>
<Layer><Title>Lety</Title><CRS>CRS:84</CRS>
<Layer queryable="0"><Name>let-1</Name><Title>Let 1</Title></Layer></Layer></Capability></WMS_Capabilities>`;

interface Local {
  server: Server;
  origin: string;
  requests: URL[];
}

/** a local HTTP service; `handle` answers, every request is kept */
async function local(handle: (url: URL, res: import('node:http').ServerResponse) => void): Promise<Local> {
  const requests: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    requests.push(url);
    handle(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let tiles: Local;
let wms: Local;
let panel: ChildProcess;
let panelUrl: string;
let dataDir: string;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // a tile host as many are: images, and no Access-Control-Allow-Origin at all
  tiles = await local((url, res) => {
    res.setHeader('content-type', 'image/png');
    res.end(PNG);
  });
  wms = await local((url, res) => {
    const request = (url.searchParams.get('REQUEST') ?? url.searchParams.get('request') ?? '').toLowerCase();
    res.setHeader('access-control-allow-origin', '*');
    if (request === 'getcapabilities') {
      res.setHeader('content-type', 'text/xml');
      res.end(CAPABILITIES);
    } else {
      res.setHeader('content-type', 'image/png');
      res.end(PNG);
    }
  });
  const port = await freePort();
  panelUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-e2e-maps-'));
  const mapLayers = { tourist: { type: 'xyz', url: `${tiles.origin}/{z}/{x}/{y}.png`, attribution: 'Test' } };
  // the server itself as the child (the compiled server, as apps/server/src/test/serverProcess.ts and the worker
  // servers of playwright.config.ts): through npx, the SIGTERM of afterAll ended npx alone and left it running
  panel = spawn(process.execPath, ['../apps/server/dist/server.js'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      ENVIRONMENT: 'test',
      DATABASE_URL: '',
      REDIS_URL: '',
      SIMULATE: '0',
      METRICS_PORT: 'off',
      MAP_LAYERS: JSON.stringify(mapLayers),
      DRONE_WMS_URL: `${wms.origin}/wms`,
    },
  });
  panel.stderr?.resume();
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${panelUrl}/version.json`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 200_000, intervals: [500] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (panel?.pid) {
    panel.kill('SIGTERM');
    await new Promise((resolve) => (panel.exitCode === null ? panel.once('exit', resolve) : resolve(null)));
  }
  await new Promise((resolve) => tiles?.server.close(resolve));
  await new Promise((resolve) => wms?.server.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function panelPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: panelUrl,
    locale: 'cs-CZ',
    timezoneId: 'Europe/Prague',
    viewport: { width: 1440, height: 900 },
  });
  return context.newPage();
}

const setZoom = (page: Page, zoom: number) =>
  page.evaluate((z) => {
    const map = (window as unknown as { __panelMap: { getView(): { setZoom(z: number): void } } }).__panelMap;
    map.getView().setZoom(z);
  }, zoom);

test('a tile host without CORS: tiles come through the tile proxy and the map screenshot works', async ({
  browser,
}) => {
  const page = await panelPage(browser);
  const proxied: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/v2/map/tile?') && r.status() === 200) proxied.push(r.url());
  });
  await loginAs(page, 'dispecer');
  await openEvent(page, 'Požár lokomotivy řady 363');
  await page.getByRole('button', { name: 'Podkladová mapa' }).click();
  await page.getByRole('menuitem', { name: /Turistická mapa/ }).click();
  await expect.poll(() => proxied.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(decodeURIComponent(proxied[0])).toContain(`url=${tiles.origin}/`);
  expect(tiles.requests.length).toBeGreaterThan(0);
  await expect(page.getByTestId('map-notice')).toHaveCount(0);
  await shot(page, 'map-services-01-tiles-through-proxy');

  await page.getByRole('button', { name: 'Odeslat snímek mapy do události' }).click();
  const dialog = page.getByTestId('screenshot-dialog');
  await expect(dialog.getByTestId('screenshot-image')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'Odeslat' })).toBeEnabled();
  await shot(page, 'map-services-02-screenshot');
  await dialog.getByRole('button', { name: 'Zrušit' }).click();
  await page.context().close();
});

test('a CRS:84-only drone WMS gets GetMap requests in CRS:84 at zoom 3, 8 and 11', async ({ browser }) => {
  const page = await panelPage(browser);
  await loginAs(page, 'dispecer');
  await page.getByRole('checkbox', { name: 'Dron' }).check();
  const getMaps = () => wms.requests.filter((u) => /getmap/i.test(u.searchParams.get('REQUEST') ?? ''));
  for (const zoom of [3, 8, 11]) {
    const before = getMaps().length;
    await setZoom(page, zoom);
    await expect
      .poll(() => getMaps().length, { timeout: 30_000, message: `GetMap at zoom ${zoom}` })
      .toBeGreaterThan(before);
  }
  for (const url of getMaps()) {
    expect(url.searchParams.get('CRS')).toBe('CRS:84');
    expect(url.searchParams.get('VERSION')).toBe('1.3.0');
    expect(url.searchParams.get('LAYERS')).toBe('let-1');
  }
  // CRS:84 is lon,lat: a BBOX of the Czech view lies within 12–19° E, 48–51.1° N
  const [minLon, minLat, maxLon, maxLat] = getMaps().at(-1)!.searchParams.get('BBOX')!.split(',').map(Number);
  expect(minLon).toBeGreaterThan(5);
  expect(maxLon).toBeLessThan(25);
  expect(minLat).toBeGreaterThan(40);
  expect(maxLat).toBeLessThan(56);
  await expect(page.getByTestId('drone-crs-warning')).toBeVisible();
  await shot(page, 'map-services-03-drone-crs84');
  await page.context().close();
});
