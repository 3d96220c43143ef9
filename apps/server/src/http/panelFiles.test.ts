/**
 * The built panel as a browser gets it: hashed assets cached for a year and sent in the build's precompressed
 * variant the browser accepts; named files (index.html, sw.js, version.json, icons) revalidated; API answers
 * over 1 kB compressed on the fly, small ones and clients that accept no encoding left as they are.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test/factory.js';
import { COMPRESS_THRESHOLD } from './compression.js';
import { IMMUTABLE, REVALIDATE, cacheControlFor } from './panelFiles.js';

describe('cacheControlFor', () => {
  it('only content-hashed assets are immutable', () => {
    expect(cacheControlFor('assets/index-SA8ODkMV.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/map-c_1sG1-7.css.br')).toBe(IMMUTABLE);
    expect(cacheControlFor(path.join('assets', 'x.js'))).toBe(IMMUTABLE);
    for (const named of ['index.html', 'sw.js', 'version.json', 'manifest.webmanifest', 'icons/pwa-192.png']) {
      expect(cacheControlFor(named)).toBe(REVALIDATE);
    }
  });
});

describe('serving the built panel', () => {
  let t: TestApp;
  let webDist: string;
  // repetitive enough that any encoder shrinks it, large enough to be worth it
  const script = 'export const panel = "Operační panel";\n'.repeat(400);

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'panel-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>PANEL</title>');
    writeFileSync(path.join(webDist, 'sw.js'), 'self.skipWaiting()');
    const asset = path.join(webDist, 'assets', 'index-AbC123.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...extra },
    });

  it('a hashed asset: brotli when accepted, else gzip, else plain; immutable for a year; varies by encoding', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html (also as an SPA route), the service worker and version.json are never kept', async () => {
    for (const [url, accept] of [
      ['/', 'text/html'],
      ['/index.html', 'text/html'],
      ['/udalosti/12', 'text/html'],
      ['/sw.js', '*/*'],
    ]) {
      const res = await get(url, 'br', { accept });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const version = await get('/version.json', 'br');
    expect(version.headers['cache-control']).toBe('no-store');
  });

  it('an API answer over 1 kB is compressed when accepted; a small one or a client without encodings is not', async () => {
    const session = await login(t.app, 'dispecer');
    const bundle = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/app',
        headers: { ...session.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        payload: { uid: null },
      });
    const plain = await bundle();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const br = await bundle('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()) as Record<string, unknown>;
    expect(Object.keys(decoded).sort()).toEqual(Object.keys(JSON.parse(plain.body) as object).sort());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);

    const gz = await bundle('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toBeTruthy();

    const small = await get('/version.json', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body)).toHaveProperty('hash');
  });

  it('a compressed request body is not decoded: answered as bad input, never 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ username: 'dispecer', password: 'x' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
