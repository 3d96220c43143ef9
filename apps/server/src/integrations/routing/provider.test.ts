/** Routing: the labels, the offline estimate and the OSRM provider against a local server. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../geo/http.js';
import { haversine } from '../geo/measure.js';
import { distanceText, durationText, offlineRoutingProvider, osrmRoutingProvider } from './provider.js';

describe('labels', () => {
  it.each([
    [0, '0 min'],
    [29, '0 min'],
    [31, '1 min'],
    [59 * 60, '59 min'],
    [3600, '01:00'],
    [3900, '01:05'],
    [10 * 3600 + 59, '10:01'],
  ])('duration %s s → %s', (s, text) => expect(durationText(s)).toBe(text));
  it.each([
    [0, '0,0 km'],
    [949, '0,9 km'],
    [12_345, '12,3 km'],
    [123_456, '123,5 km'],
  ])('distance %s m → %s', (m, text) => expect(distanceText(m)).toBe(text));
});

describe('offline routing', () => {
  it('straight line, ×1.3, 60 km/h', async () => {
    const from: [number, number] = [14.4, 50];
    const to: [number, number] = [14.5, 50.1];
    const r = await offlineRoutingProvider().route(from, to);
    expect(r.route).toEqual({ type: 'LineString', coordinates: [from, to] });
    expect(r.distance).toBeCloseTo(haversine(from, to) * 1.3, 6);
    expect(r.duration).toBeCloseTo(r.distance / (60_000 / 3600), 6);
  });
});

describe('OSRM routing', () => {
  let server: Server;
  let url: string;
  let mode = 'ok';
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (mode === 'slow') return setTimeout(() => res.end('{}'), 300);
      if (mode === 'noroute') return res.end('{"code":"NoRoute"}');
      if (mode === '400') return res.writeHead(400).end('{"code":"InvalidQuery","message":"bad"}');
      res.end(
        JSON.stringify({
          code: 'Ok',
          routes: [
            {
              distance: 1500,
              duration: 120,
              geometry: {
                type: 'LineString',
                coordinates: [
                  [14.4, 50],
                  [14.45, 50.05],
                  [14.5, 50.1],
                ],
              },
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/osrm/`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('asks /route/v1/driving/{from};{to} with full GeoJSON overview and returns the first route', async () => {
    mode = 'ok';
    const r = await osrmRoutingProvider(url).route([14.4, 50], [14.5, 50.1]);
    expect(seen.at(-1)).toBe('/osrm/route/v1/driving/14.4,50;14.5,50.1?overview=full&geometries=geojson');
    expect(r).toEqual({
      route: {
        type: 'LineString',
        coordinates: [
          [14.4, 50],
          [14.45, 50.05],
          [14.5, 50.1],
        ],
      },
      distance: 1500,
      duration: 120,
    });
  });

  it('no route, an HTTP error and a timeout throw ServiceError', async () => {
    for (const m of ['noroute', '400', 'slow']) {
      mode = m;
      await expect(osrmRoutingProvider(url, { timeoutMs: 100 }).route([1, 2], [3, 4]), m).rejects.toBeInstanceOf(
        ServiceError,
      );
    }
  });
});
