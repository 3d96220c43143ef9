/** Shared set-up of the map-service API tests: the app over rows the tests insert, and a local upstream. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';

export const ALFA: [number, number] = [15.0, 50.01];
export const BETA: [number, number] = [15.0, 50.05];
export const GAMA: [number, number] = [15.0, 50.09];

type InjectResponse = Awaited<ReturnType<TestApp['app']['inject']>>;

export interface MapServicesCtx {
  t: TestApp;
  sessions: Record<string, TestSession>;
  betaId: number;
  upstreamUrl: string;
  /** what the local upstream answers: 'ok', 'fail' (500) or 'noroute' (an OSRM without a route) */
  mode: string;
  hits: string[];
  /** the map-service configuration the app started with (each test's changes are undone after it) */
  saved: TestApp['config']['mapServices'];
  get: (url: string, user?: string | null) => Promise<InjectResponse>;
  post: (url: string, payload: object, user?: string) => Promise<InjectResponse>;
  del: (url: string, user?: string | null) => Promise<InjectResponse>;
}

export function setupMapServices(): MapServicesCtx {
  const ctx = { mode: 'ok', hits: [] as string[], sessions: {} as Record<string, TestSession> } as MapServicesCtx;
  let upstream: Server;
  const original = () => ({ ...ctx.t.config.mapServices });

  beforeAll(async () => {
    ctx.t = await createTestApp();
    ctx.saved = original();
    for (const u of ['admin', 'brno', 'mng']) ctx.sessions[u] = await login(ctx.t.app, u);
    await ctx.t.db.delete(s.railwayPoints);
    await ctx.t.db.delete(s.railwayLines);
    await ctx.t.db.delete(s.addressPoints);
    await ctx.t.db.delete(s.places);
    await ctx.t.db.delete(s.huntingContacts);
    await ctx.t.db.insert(s.railwayLines).values({
      code: 'TEST1',
      name: 'Testovací trať',
      coordinates: [
        [15.0, 50.0],
        [15.0, 50.1],
      ],
    });
    const pts = await ctx.t.db
      .insert(s.railwayPoints)
      .values([
        {
          code: 'T001',
          name: 'Alfa',
          search: 'alfa',
          kind: 'Železniční stanice',
          km: 10,
          longitude: ALFA[0],
          latitude: ALFA[1],
        },
        {
          code: 'T002',
          name: 'Beta',
          search: 'beta',
          kind: 'Železniční stanice',
          km: 14.448,
          longitude: BETA[0],
          latitude: BETA[1],
        },
        {
          code: 'T003',
          name: 'Gama',
          search: 'gama',
          kind: 'Železniční zastávka',
          km: 18.896,
          longitude: GAMA[0],
          latitude: GAMA[1],
        },
      ])
      .returning();
    ctx.betaId = pts.find((p) => p.code === 'T002')!.id;
    await ctx.t.db.insert(s.places).values({
      name: 'Testov',
      search: 'testov',
      kind: 'town',
      district: 'Kolín',
      region: 'Středočeský kraj',
      longitude: 15.01,
      latitude: 50.05,
    });
    await ctx.t.db.insert(s.addressPoints).values({
      code: 'A1',
      title: 'Nádražní 1 <script>x</script>, Testov',
      search: 'nadrazni 1 testov',
      longitude: 15.001,
      latitude: 50.05,
    });
    upstream = createServer((req, res) => {
      ctx.hits.push(req.url ?? '');
      const path = (req.url ?? '').split('?')[0];
      if (ctx.mode === 'fail') {
        return res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Porucha kamery"}');
      }
      if (path === '/wms') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end(
          '<html><body><table><tr><td onclick="x()">Parcela 123/4</td></tr></table><script>alert(1)</script></body></html>',
        );
      }
      if (path === '/caps') {
        res.setHeader('content-type', 'application/vnd.ogc.wms_xml');
        return res.end('<WMS_Capabilities><Layer><Name>drone1</Name></Layer></WMS_Capabilities>');
      }
      if (path === '/moved') return res.writeHead(302, { location: 'http://example.com/' }).end();
      if (path.startsWith('/route/v1/driving/')) {
        res.setHeader('content-type', 'application/json');
        if (ctx.mode === 'noroute') return res.end('{"code":"NoRoute","message":"Impossible route"}');
        return res.end(
          JSON.stringify({
            code: 'Ok',
            routes: [
              {
                distance: 61234,
                duration: 3900,
                geometry: {
                  type: 'LineString',
                  coordinates: [
                    [1, 2],
                    [3, 4],
                    [5, 6],
                  ],
                },
              },
            ],
          }),
        );
      }
      if (path === '/rail') {
        res.setHeader('content-type', 'application/json');
        return res.end(
          JSON.stringify({
            status: 'OK',
            message: null,
            longitude: 15,
            latitude: 50,
            image: '/img/1.jpg',
            capturedAt: '2025-01-01 10:00:00',
            deviation: 3,
          }),
        );
      }
      if (path.startsWith('/hunting/')) {
        // the real hunting service: answers with the method it was called with (the spec's delete is a GET)
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ type: 'success', method: req.method }));
      }
      if (path === '/jpo-area' || path === '/jpo-point') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ features: [{ type: 'Feature', properties: { real: path } }] }));
      }
      if (path === '/pano') {
        res.setHeader('content-type', 'application/json');
        return res.end(
          JSON.stringify({
            errorCode: 'NONE',
            lon: 15,
            lat: 50,
            yaw: 10,
            capturedAt: '2024-05-05 12:00:00',
            imageUrl: 'p/9.jpg',
          }),
        );
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    ctx.upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    Object.assign(ctx.t.config.mapServices, ctx.saved);
    ctx.mode = 'ok';
  });
  afterAll(async () => {
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
    await ctx.t?.close();
  });

  ctx.get = async (url, user = 'admin') =>
    ctx.t.app.inject({ method: 'GET', url, headers: user ? ctx.sessions[user].headers : {} });
  ctx.post = async (url, payload, user = 'admin') =>
    ctx.t.app.inject({ method: 'POST', url, headers: ctx.sessions[user].headers, payload });
  ctx.del = async (url, user = 'admin') =>
    ctx.t.app.inject({ method: 'DELETE', url, headers: user ? ctx.sessions[user].headers : {} });
  return ctx;
}
