/**
 * The train calls through the real app with a real service configured (issue 15): GRAPP (fake server serving the
 * real samples of integrations/trains/fixtures) and the spec's shape. A failed or wrong-shaped answer is a 502 with
 * the Czech message — never 200 with no trains.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../integrations/trains/fixtures/${name}`, import.meta.url), 'utf8');
const TOKEN = 'D9887D056D3E1E0593B5DAF1BC43807E79E943C166B97097CBF249FBB93F80AA';

describe('trains from a real service: outages are 502 (issue 15)', () => {
  let server: Server;
  let url: string;
  let mode: 'ok' | 'garbage' | 'down' = 'ok';
  let grapp: TestApp;
  let spec: TestApp;
  let gs: TestSession;
  let ss: TestSession;

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (mode === 'down') return res.writeHead(503).end('Service Unavailable');
        if (req.method === 'GET' && req.url === '/') return res.end(fixture('grapp-index.html'));
        if (mode === 'garbage') return res.setHeader('content-type', 'text/html').end('<html>Údržba</html>');
        if (req.url === `/post/trains/GetTrainsWithFilter/${TOKEN}`) return res.end(fixture('grapp-trains-2023.json'));
        if (req.url?.startsWith(`/OneTrain/MainInfo/${TOKEN}?trainId=66126951`)) {
          return res.end(fixture('grapp-maininfo.html'));
        }
        // the spec's shape answers a GeoJSON-like list it does not own: wrong for /v2/grapp/trains
        res.setHeader('content-type', 'application/json').end('{"type":"FeatureCollection","features":[{}]}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    grapp = await createTestApp({ config: { trainsUrl: url, trainsProvider: 'grapp' } });
    spec = await createTestApp({ config: { trainsUrl: url, trainsProvider: 'spec' } });
    gs = await login(grapp.app, 'dispecer');
    ss = await login(spec.app, 'dispecer');
  });
  afterAll(async () => {
    await grapp?.close();
    await spec?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });
  beforeEach(() => {
    mode = 'ok';
  });

  const feed = (t: TestApp, s: TestSession) =>
    t.app.inject({ method: 'GET', url: '/v2/grapp/trains/null', headers: s.headers });

  it('GRAPP: garbage and a 5xx answer 502 with the Czech message (before any good list is kept)', async () => {
    for (const m of ['garbage', 'down'] as const) {
      mode = m;
      const res = await feed(grapp, gs);
      expect(res.statusCode, m).toBe(502);
      expect(res.json()).toEqual({ message: 'Služba polohy vlaků není dostupná.' });
    }
    // the search still finds stations while the trains are out (its train part is empty, the outage logged)
    const search = await grapp.app.inject({
      method: 'POST',
      url: '/v2/search/query',
      headers: gs.headers,
      payload: {
        jsonrpc: '2.0',
        method: 'fire.search',
        id: 1,
        params: { searchTerm: 'Praha 1', latitude: null, longitude: null, limit: 5, offset: 0 },
      },
    });
    // 'Praha 1' asks the trains too (digits): without the degrade this is the outage's 502
    expect(search.statusCode, search.body).toBe(200);
  });

  it('GRAPP: recovered, the feed and a train card through the app', async () => {
    const res = await feed(grapp, gs);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { features: { geometry: { coordinates: number[] }; properties: { tr: string } }[] };
    expect(body.features.map((f) => f.properties.tr)).toEqual(['13513', '1393']);
    expect(body.features[0].geometry.coordinates).toEqual([17.5574, 50.014205]);
    const one = await grapp.app.inject({
      method: 'POST',
      url: '/train-location',
      headers: gs.headers,
      payload: { TR: '13513' },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().features[0].properties).toMatchObject({
      dopravce: 'České dráhy, a.s.',
      zpozdeni: 7,
      delka: null,
    });
  });

  it('the spec shape: a wrong-shaped feed and a 5xx answer 502', async () => {
    let res = await feed(spec, ss);
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toEqual({ message: 'Služba polohy vlaků není dostupná.' });
    mode = 'down';
    res = await spec.app.inject({ method: 'POST', url: '/muv-location', headers: ss.headers });
    expect(res.statusCode).toBe(502);
  });
});
