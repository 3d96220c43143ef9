/** Rail image: km interpolation, the offline scene over our rows, the SVG → JPEG, and the HTTP provider. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { DatabaseHandle } from '../../../db/client.js';
import { railwayLines, railwayPoints } from '../../../db/schema/index.js';
import { ServiceError } from '../../geo/http.js';
import {
  analyse,
  httpRailImageProvider,
  interpolateKm,
  offlineRailImageProvider,
  parseRailImageKey,
  railImageKey,
} from './provider.js';
import { railSceneSvg, renderRailImage } from './render.js';
import { openMigratedMemoryDatabase } from '../../../test/pgliteImage.js';

describe('interpolateKm', () => {
  const pts = [
    { along: 1000, km: 10 },
    { along: 5000, km: 14 },
    { along: 9000, km: null },
  ];
  it('between two points, beyond the ends in the running direction, none without km', () => {
    expect(interpolateKm(3000, pts)).toBeCloseTo(12, 9);
    expect(interpolateKm(6000, pts)).toBeCloseTo(15, 9);
    expect(interpolateKm(0, pts)).toBeCloseTo(9, 9);
    expect(
      interpolateKm(0, [
        { along: 1000, km: 30 },
        { along: 2000, km: 29 },
      ]),
    ).toBeCloseTo(31, 9);
    expect(interpolateKm(0, [{ along: 10, km: null }])).toBeNull();
  });
  it('keys round-trip in micro-degrees', () => {
    expect(railImageKey(15.0005, 50.035)).toBe('15000500_50035000');
    expect(parseRailImageKey('15000500_50035000')).toEqual([15.0005, 50.035]);
    expect(parseRailImageKey('../x')).toBeNull();
  });
});

describe('offline rail image', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigratedMemoryDatabase();
    await handle.db.insert(railwayLines).values({
      code: 'L',
      name: 'Alfa – Gama',
      coordinates: [
        [15, 50],
        [15, 50.1],
      ],
    });
    await handle.db.insert(railwayPoints).values([
      { code: 'A', name: 'Alfa', search: 'alfa', km: 10, longitude: 15, latitude: 50.01 },
      { code: 'B', name: 'Beta', search: 'beta', km: 14.448, longitude: 15, latitude: 50.05 },
      { code: 'G', name: 'Gama', search: 'gama', km: 18.896, longitude: 15, latitude: 50.09 },
      { code: 'X', name: 'Jinde', search: 'jinde', km: 99, longitude: 15.02, latitude: 50.035 },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('the scene: nearest station, km interpolated along the line, the neighbours either way', async () => {
    const a = await analyse(handle.db, [15.0005, 50.035]);
    expect('point' in a).toBe(true);
    if (!('point' in a)) return;
    expect(a.scene).toEqual({ station: 'Beta', km: 12.8, previous: 'Alfa', next: 'Gama', line: 'Alfa – Gama' });
    expect(a.deviation).toBeCloseTo(35.8, 0);
  });

  it('lookup and image: a 1280 × 720 JPEG (written to /tmp for a look)', async () => {
    const provider = offlineRailImageProvider(handle.db);
    const answer = await provider.lookup(15.0005, 50.035);
    expect(answer.status).toBe('OK');
    const jpeg = await provider.image!(railImageKey(15.0005, 50.035));
    expect(jpeg).not.toBeNull();
    expect(await sharp(jpeg!).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    writeFileSync('/tmp/panel-rail-image.jpg', jpeg!);
    expect(await provider.image!('1_2')).toBeNull(); // far from any track
  });

  it('the SVG escapes names', async () => {
    const svg = railSceneSvg({
      station: '<x>&',
      km: null,
      previous: null,
      next: null,
      line: null,
      captured: 'c',
      deviation: 1,
    });
    expect(svg).toContain('&lt;x&gt;&amp;');
    expect(svg).not.toContain('<x>');
    expect(
      await sharp(
        await renderRailImage({
          station: null,
          km: 1.5,
          previous: 'a',
          next: 'b',
          line: 'l',
          captured: 'c',
          deviation: 0,
        }),
      ).metadata(),
    ).toMatchObject({ width: 1280 });
  });
});

describe('HTTP rail image provider', () => {
  let server: Server;
  let url: string;
  let mode = 'ok';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (mode === 'error') return res.end(JSON.stringify({ status: 'ERROR', message: 'Mimo záběr' }));
      if (mode === 'html') return res.end('<html>');
      if (mode === '500') return res.writeHead(500).end('{"message":"Kamera nedostupná"}');
      res.end(
        JSON.stringify({
          status: 'ok',
          longitude: '15.1',
          latitude: 50.2,
          image: 'https://img.example/1.jpg',
          capturedAt: 'x',
          deviation: 2,
          echo: req.url,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rail`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('passes the answer on; the service ERROR stays an answer; HTTP errors and non-JSON throw', async () => {
    mode = 'ok';
    expect(await httpRailImageProvider(url).lookup(15.1, 50.2)).toEqual({
      status: 'OK',
      message: null,
      longitude: 15.1,
      latitude: 50.2,
      image: 'https://img.example/1.jpg',
      capturedAt: 'x',
      deviation: 2,
    });
    mode = 'error';
    expect(await httpRailImageProvider(url).lookup(15.1, 50.2)).toMatchObject({
      status: 'ERROR',
      message: 'Mimo záběr',
    });
    mode = '500';
    const err = await httpRailImageProvider(url)
      .lookup(1, 2)
      .catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.serviceMessage).toBe('Kamera nedostupná');
    mode = 'html';
    await expect(httpRailImageProvider(url).lookup(1, 2)).rejects.toBeInstanceOf(ServiceError);
  });
});
