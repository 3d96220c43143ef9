/**
 * GET /v2/map/tile against a local tile host that sends no CORS headers (issue 24 item 15): tiles of a configured
 * layer's host pass with caching headers and are served from our cache the second time; other hosts, other
 * requests and non-image answers are refused; a key in the tile URL is never logged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/factory.js';
import { TileCache, checkTileUrl, fetchTile, tileProxyHosts, tileProxyTexts } from './tiles.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('tile proxy rules', () => {
  it('allows the configured layers hosts and MAP_PROXY_HOSTS, a tile request only', () => {
    const hosts = tileProxyHosts(['*.cuzk.gov.cz'], {
      tourist: { type: 'xyz', url: 'https://tiles.example.cz/{z}/{x}/{y}.png' },
      drone: { type: 'wms', url: 'http://127.0.0.1:8262/wms' },
    });
    expect(hosts).toEqual(['*.cuzk.gov.cz', 'tiles.example.cz', '127.0.0.1:8262']);
    expect(checkTileUrl('https://tiles.example.cz/7/70/43.png', hosts).ok).toBe(true);
    expect(checkTileUrl('http://127.0.0.1:8262/wms?SERVICE=WMS&REQUEST=GetMap&BBOX=1,2,3,4', hosts).ok).toBe(true);
    expect(checkTileUrl('https://ags.cuzk.gov.cz/x?request=gettile', hosts).ok).toBe(true);
    expect(checkTileUrl('http://127.0.0.1:8262/wms?REQUEST=GetFeatureInfo', hosts)).toEqual({
      ok: false,
      status: 403,
      message: tileProxyTexts.onlyTiles,
    });
    expect(checkTileUrl('https://evil.example/1.png', hosts)).toMatchObject({ ok: false, status: 403 });
    expect(checkTileUrl('http://127.0.0.1:9999/1.png', hosts)).toMatchObject({ ok: false, status: 403 });
    expect(checkTileUrl('', hosts)).toMatchObject({ ok: false, status: 422 });
  });

  it('the cache keeps the most recent tiles within its bytes and drops expired ones', () => {
    let now = 5000; // lru-cache reads a start time of 0 as "no TTL": a clock that is never 0, like Date.now
    const cache = new TileCache(10, 1000, () => now);
    const tile = (n: number) => ({ contentType: 'image/png', body: Buffer.alloc(n) });
    cache.set('a', tile(4));
    cache.set('b', tile(4));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', tile(4)); // 12 bytes > 10: b, the least recent, goes
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.size).toEqual({ tiles: 2, bytes: 8 });
    now = 5600;
    cache.get('c');
    cache.set('d', tile(2)); // 10 bytes: all three fit
    now = 6001; // a and c were fetched over a second ago (reading c did not extend it), d not
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toEqual({ tiles: 1, bytes: 2 });
  });
});

describe('GET /v2/map/tile', () => {
  let t: TestApp;
  let upstream: Server;
  let base: string;
  let hits: string[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      hits.push(req.url ?? '');
      const path = (req.url ?? '').split('?')[0];
      // a tile host as many are: images, and no Access-Control-Allow-Origin at all
      if (path.endsWith('.png')) res.setHeader('content-type', 'image/png');
      else if (path === '/page') res.setHeader('content-type', 'text/html');
      else res.statusCode = 404;
      res.end(path === '/page' ? '<script>x()</script>' : PNG);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    t = await createTestApp({ seed: false });
    t.config.mapServices.mapProxyHosts = [];
    t.config.mapLayers = { tourist: { type: 'xyz', url: `${base}/{z}/{x}/{y}.png?key=SECRET123` } };
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });
  beforeEach(() => {
    hits = [];
  });

  const tile = (url: string) => t.app.inject({ method: 'GET', url: `/v2/map/tile?url=${encodeURIComponent(url)}` });

  it('passes a tile of a configured host with caching headers, then serves it from the cache', async () => {
    const first = await tile(`${base}/7/70/43.png?key=SECRET123`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.rawPayload.equals(PNG)).toBe(true);
    const second = await tile(`${base}/7/70/43.png?key=SECRET123`);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.rawPayload.equals(PNG)).toBe(true);
    expect(hits).toEqual(['/7/70/43.png?key=SECRET123']);
  });

  it('refuses other hosts (403), no url (422), non-images and upstream errors (502, Czech)', async () => {
    expect((await tile('http://127.0.0.1:1/1.png')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v2/map/tile' })).statusCode).toBe(422);
    const page = await tile(`${base}/page`);
    expect(page.statusCode).toBe(502);
    expect(page.json()).toEqual({ message: tileProxyTexts.failed });
    expect(page.body).not.toContain('script');
    const missing = await tile(`${base}/missing`);
    expect(missing.statusCode).toBe(502);
  });

  it('a failed tile is logged by its host, never with the URL (it may carry a key)', async () => {
    const lines: string[] = [];
    const log = { warn: (o: object, m: string) => lines.push(JSON.stringify(o) + m), error: () => {} };
    await expect(fetchTile(new URL(`${base}/missing?key=SECRET123`), { log })).rejects.toThrow('map-tiles');
    await expect(fetchTile(new URL(`${base}/page?key=SECRET123`), { log })).rejects.toThrow('not a raster image');
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toContain(new URL(base).host);
    expect(lines.join('\n')).not.toContain('SECRET123');
  });
});
