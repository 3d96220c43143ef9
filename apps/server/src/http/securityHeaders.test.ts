/** The CSP's directives (pure) and the headers on every kind of answer of the real app (@fastify/helmet). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp, pullFullBundle } from '../test/factory.js';
import { cspDirectives, mapSources, requestHost, sourceOf } from './securityHeaders.js';

const directives = (config: Parameters<typeof cspDirectives>[0]) => new Map(Object.entries(cspDirectives(config)));

describe('cspDirectives', () => {
  it('without map layers: only our origin for scripts, the needs of map, workers, audio, sockets and frames', () => {
    const d = directives({});
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(d.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(d.get('media-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(d.get('connect-src')).toEqual(["'self'", 'blob:']); // + ws/wss of the request's host: below
    expect(d.get('frame-src')).toEqual(['https:']);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    const all = [...d.values()].flat();
    expect(all).not.toContain("'unsafe-eval'");
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it("Mapy.com's panorama hosts only with MAPY_API_KEY: its script host in script-src, its hosts for tiles", () => {
    const without = directives({ mapServices: {} });
    expect([...without.values()].flat().join(' ')).not.toContain('mapy');
    const d = directives({ mapServices: { mapyApiKey: 'abcdefgh123' } });
    expect(d.get('script-src')).toEqual(["'self'", 'https://api.mapy.cz']);
    for (const name of ['img-src', 'connect-src', 'style-src', 'font-src']) {
      expect(d.get(name)).toEqual(expect.arrayContaining(['https://*.mapy.cz', 'https://*.mapy.com']));
    }
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('map layer hosts go to img-src and connect-src; the DŽIN origin to frame-src', () => {
    const config = {
      mapLayers: {
        ortho: {
          type: 'wms' as const,
          url: 'https://ags.cuzk.cz/arcgis/services/ortofoto/MapServer/WMSServer',
          layers: '0',
        },
        mapService: { type: 'xyz' as const, url: 'https://{a-c}.tiles.example.org/{z}/{x}/{y}.png' },
        drone: { type: 'wms' as const, url: 'http://drone.local:8443/wms?x=1' },
        cadastre: { type: 'wms' as const, url: 'https://ags.cuzk.cz/other', layers: 'parcels' },
      },
      dzinEventUrl: 'http://dzin.example/udalost/{code}',
    };
    expect(mapSources(config)).toEqual([
      'https://ags.cuzk.cz',
      'https://*.tiles.example.org',
      'http://drone.local:8443',
    ]);
    const d = directives(config);
    for (const src of mapSources(config)) {
      expect(d.get('img-src')).toContain(src);
      expect(d.get('connect-src')).toContain(src);
    }
    expect(d.get('frame-src')).toEqual(['https:', 'http://dzin.example']);
    expect(d.get('connect-src')).toEqual(["'self'", 'blob:', ...mapSources(config)]);
  });

  it('a URL that cannot be a safe host-source is left out (no way to inject another directive)', () => {
    expect(sourceOf('https://a.example/x;script-src *')).toBe('https://a.example');
    expect(sourceOf('https://a.example;script-src/')).toBeNull();
    expect(sourceOf('https://user:pw@a.example/')).toBeNull();
    expect(sourceOf('https://{s}-{t}.example/')).toBeNull();
    expect(sourceOf('javascript:alert(1)')).toBeNull();
    expect(sourceOf('HTTPS://[::1]:8443/wms')).toBe('https://[::1]:8443');
    expect(requestHost('panel.example:8080')).toBe('panel.example:8080');
    expect(requestHost("evil; script-src 'unsafe-inline'")).toBeNull();
    expect(requestHost(undefined)).toBeNull();
  });
});

describe('security headers on every answer', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'panel-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>PANEL</title>');
    writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  function expectHeaders(res: LightMyRequestResponse) {
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  }

  it('the panel, a static file, an SPA route, /version.json, a 404, 401, 400, 422 and an authorized call', async () => {
    const session = await login(t.app, 'dispecer');
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
      t.app.inject({ method: 'GET', url: '/app.js' }),
      t.app.inject({ method: 'GET', url: '/udalosti/12', headers: { accept: 'text/html' } }),
      t.app.inject({ method: 'GET', url: '/version.json' }),
      t.app.inject({ method: 'GET', url: '/missing.png' }),
      t.app.inject({ method: 'POST', url: '/v2/app', payload: {} }),
      t.app.inject({
        method: 'POST',
        url: '/v2/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{bad',
      }),
      t.app.inject({ method: 'POST', url: '/v2/auth/login', payload: {} }),
      pullFullBundle(t.app, session.headers),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 404, 401, 400, 422, 200]);
    answers.forEach(expectHeaders);
  });

  it('ws/wss of the request host; a junk Host header adds nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json', headers: { host: 'panel.hzs.example' } });
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' ws://panel.hzs.example wss://panel.hzs.example blob:;",
    );
    const junk = await t.app.inject({ method: 'GET', url: '/version.json', headers: { host: 'a b;c' } });
    expect(junk.headers['content-security-policy']).toContain("connect-src 'self' blob:;");
  });
});
