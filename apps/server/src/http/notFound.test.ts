/**
 * Unknown paths are not success (issue 23 item 8): only a browser navigation outside the API prefixes gets
 * the panel's page; any other unknown path a 404 `{message}`; a known path with another method a 405 with
 * `Allow`. The prefixes are derived from the registered routes (http/routeIndex.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/factory.js';
import { serverTexts } from '../texts.js';
import Fastify from 'fastify';
import { collectRoutes } from './routeIndex.js';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('unknown paths and wrong methods', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'panel-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>PANEL</title>');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('a browser navigation outside the API gets the panel (also a bookmarked client path, also HEAD)', async () => {
    for (const url of ['/', '/udalosti/12', '/?uid=1']) {
      const res = await get(url, html);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('PANEL');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/udalosti', headers: html });
    expect(head.statusCode).toBe(200);
  });

  it('an unknown path that is not a browser navigation is a 404 {message}', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }] as Record<string, string>[]) {
      const res = await get('/neco/jineho', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json()).toEqual({ message: serverTexts.notFound });
    }
    expect((await t.app.inject({ method: 'POST', url: '/neco', headers: html })).statusCode).toBe(404);
    expect((await get('/assets/chybi-AbC.js', html)).statusCode).toBe(404); // a missing file
  });

  it('an unknown path under an API prefix is a 404 {message} even for a browser', async () => {
    for (const url of [
      '/v2/neexistuje',
      '/v3/neexistuje',
      '/api/neco',
      '/hzs/neco',
      '/ktc/neco',
      '/tts/neco/dalsi',
      '/hunting-region/kontakt/5', // under the hunting prefix: never the panel's HTML
      '/train-neco',
      '/muv-neco',
      '/jpo-neco',
      '/socket.io/neco',
      '/metrics',
      '/healthz/x',
    ]) {
      const res = await get(url, html);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toEqual({ message: serverTexts.notFound });
    }
  });

  it('a known path with another method is a 405 with Allow', async () => {
    const app = await t.app.inject({ method: 'GET', url: '/v2/app', headers: html });
    expect(app.statusCode).toBe(405);
    expect(app.headers.allow).toBe('POST');
    expect(app.json()).toEqual({ message: 'Metoda GET není pro tuto adresu povolena.' });

    const version = await t.app.inject({ method: 'DELETE', url: '/version.json' });
    expect(version.statusCode).toBe(405);
    expect(version.headers.allow).toBe('GET, HEAD');

    const contact = await t.app.inject({ method: 'PUT', url: '/hunting-region/contact/5' });
    expect(contact.statusCode).toBe(405);
    expect(contact.headers.allow).toBe('DELETE');

    const train = await t.app.inject({ method: 'GET', url: '/train-location', headers: html });
    expect(train.statusCode).toBe(405);
    expect(train.headers.allow).toBe('POST');
  });
});

describe('route index', () => {
  it('derives the API prefixes and the allowed methods from the registered routes, not the panel files', async () => {
    const app = Fastify();
    const index = collectRoutes(app);
    const ok = async () => ({});
    app.post('/v2/app', ok);
    app.get('/version.json', ok);
    app.post('/train-location', ok);
    app.delete('/hunting-region/contact/:id', ok);
    app.get('/*', { config: { panelFile: true } }, ok);
    await app.ready();
    const { segments, families } = index.prefixes();
    expect(segments).toEqual([
      '/api',
      '/hunting-region',
      '/metrics',
      '/socket.io',
      '/train-location',
      '/v2',
      '/version.json',
    ]);
    expect(families).toEqual(['/hunting-', '/train-']);
    expect(index.isApiPath('/train-track')).toBe(true);
    expect(index.isApiPath('/v2')).toBe(true);
    expect(index.isApiPath('/v20')).toBe(false);
    expect(index.isApiPath('/udalosti/1')).toBe(false);
    expect(index.allowedMethods('/hunting-region/contact/7')).toEqual(['DELETE']);
    expect(index.allowedMethods('/version.json')).toEqual(['GET', 'HEAD']); // Fastify's own HEAD route
    expect(index.allowedMethods('/udalosti')).toEqual([]); // the panel's wildcard is not a route of the API
    await app.close();
  });
});
