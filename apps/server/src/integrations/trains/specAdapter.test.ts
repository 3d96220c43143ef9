/**
 * The spec's service shape (001 §7) against a local server. No public sample of this service exists
 * (fixtures/README.md): the answers are built from our simulation's features — the shape the panel reads.
 * Paths as 001 §7 gives them; a failure or a wrong-shaped answer is an outage (502, logged once), never [].
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_BASES } from '../../demo/bases.js';
import { DEMO_LINES, DEMO_STATIONS } from '../../demo/railwayNetwork.js';
import { buildFleet, incidentTrains } from './fleet.js';
import { buildNetwork, trainFeature } from './simulation.js';
import { specTrainsProvider } from './specAdapter.js';

const T0 = Date.UTC(2026, 0, 5, 8, 0);
const network = buildNetwork(
  DEMO_LINES,
  DEMO_STATIONS,
  DEMO_BASES.filter((b) => b.baseCategoryId === 1),
);
const fleet = [...incidentTrains(network), ...buildFleet(network, 2)];
const features = fleet.slice(0, 3).map((t) =>
  trainFeature(
    t,
    network.lines.find((l) => l.code === t.line)!,
    T0,
  ),
);

describe('spec trains adapter (TRAINS_PROVIDER=spec)', () => {
  let server: Server;
  let url: string;
  const seen: { method?: string; url?: string; body: string }[] = [];
  let answer: string | null = null;
  let status = 200;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, body });
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        if (answer !== null) return res.end(answer);
        if (req.url?.startsWith('/v2/grapp/trains/')) return res.end(JSON.stringify({ token: 'T2', features }));
        if (req.url === '/train-track') return res.end(JSON.stringify({ features: [] }));
        if (req.url === '/muv-location') return res.end(JSON.stringify({ features: [] }));
        res.end(JSON.stringify({ features: features.slice(0, 1), tr: features[0].properties.tr }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });
  beforeEach(() => {
    answer = null;
    status = 200;
  });

  it('calls the paths of 001 §7 and passes the checked answers on', async () => {
    const p = specTrainsProvider(url);
    expect(p.kind).toBe('spec');
    const tr = features[0].properties.tr;
    expect(await p.location({ TR: tr }, T0)).toEqual({ features: features.slice(0, 1), tr });
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/train-location', body: JSON.stringify({ TR: tr }) });
    expect(await p.feed(null, T0)).toEqual({ token: 'T2', features });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/v2/grapp/trains/null' });
    await p.feed('T2', T0);
    expect(seen.at(-1)).toMatchObject({ url: '/v2/grapp/trains/T2' });
    expect(await p.track(['1', '2'], T0)).toEqual({ features: [] });
    expect(seen.at(-1)).toMatchObject({ url: '/train-track', body: '{"TR":["1","2"]}' });
    expect(await p.muv(T0)).toEqual({ features: [] });
    expect(seen.at(-1)).toMatchObject({ url: '/muv-location' });
  });

  it('a wrong shape, non-JSON or a 5xx is an outage logged once, then its recovery', async () => {
    const lines: string[] = [];
    const log = {
      warn: (_o: object, m: string) => lines.push(`warn ${m}`),
      error: (_o: object, m: string) => lines.push(`error ${m}`),
    };
    const p = specTrainsProvider(url, { log });
    for (const bad of [
      '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{}}]}',
      '{"trains":[]}',
      'Service Unavailable',
    ]) {
      answer = bad;
      await expect(p.feed(null, T0), bad).rejects.toMatchObject({
        statusCode: 502,
        message: 'Služba polohy vlaků není dostupná.',
      });
    }
    answer = null;
    status = 500;
    await expect(p.muv(T0)).rejects.toMatchObject({ statusCode: 502 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error trains: outage \(shape\)/);
    status = 200;
    await p.muv(T0);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^warn trains: recovered/);
    await expect(specTrainsProvider('http://127.0.0.1:1').muv(T0)).rejects.toMatchObject({ statusCode: 502 });
  });
});
