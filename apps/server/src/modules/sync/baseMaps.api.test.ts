/**
 * POST /v2/app and /readyz with WMTS base maps (issue 15): the bundle's settings carry each WMTS layer with the
 * tile grid of its capabilities, or leave it out with the Czech notice while the service does not answer, and
 * take it back when the service answers again. A local stand-in serves ČÚZK's real capabilities
 * (integrations/map/wmts/fixtures/README.md).
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBundle } from '@panel/domain/sync';
import { applyRuntimeSettings } from '../../db/runtimeSettings.js';
import { createTestApp, login, type TestApp, type TestSession, pullFullBundle } from '../../test/factory.js';

const cuzk = readFileSync(
  new URL('../../integrations/map/wmts/fixtures/cuzk-wmts-ortofoto-capabilities.xml', import.meta.url),
  'utf8',
);

describe('base maps in the bundle settings', () => {
  let fake: FastifyInstance;
  let up = false;
  let t: TestApp;
  let session: TestSession;

  beforeAll(async () => {
    fake = Fastify();
    fake.get('/WMTS_ORTOFOTO/WMTService.aspx', async (_request, reply) =>
      up ? reply.type('text/xml').send(cuzk) : reply.status(503).send('down'),
    );
    const base = await fake.listen({ port: 0, host: '127.0.0.1' });
    t = await createTestApp({
      config: {
        mapLayers: { ortho: { type: 'wmts', url: `${base}/WMTS_ORTOFOTO/WMTService.aspx`, layer: 'orto' } },
        baseMaps: { cuzkDefault: true, capabilitiesTimeoutMs: 500 },
      },
    });
    // what the first start does with MAP_LAYERS (startup/firstStart.ts)
    await applyRuntimeSettings(t.db, t.config);
    session = await login(t.app, 'dispecer');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const settings = async () => {
    const res = await pullFullBundle(t.app, session.headers);
    expect(res.statusCode).toBe(200);
    return (res.json() as AppBundle).settings;
  };

  it('service down: the layer is left out, the notice is there, /readyz says fallback and stays ready', async () => {
    const s = await settings();
    expect(s.mapLayers?.ortho).toBeUndefined();
    expect(s.mapNotice).toBe('Mapové podklady ČÚZK nejsou dostupné, zobrazuje se náhradní mapa.');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().maps).toEqual({ status: 'fallback', notice: s.mapNotice });
  });

  it('service back: recovers by itself (after the retry interval) with the tile grid of the capabilities', async () => {
    up = true;
    // the failed service is asked again after the retry interval (60 s): let time pass for the cache
    const realNow = Date.now;
    Date.now = () => realNow() + 61_000;
    try {
      await settings(); // starts the refresh in the background
      await new Promise((r) => setTimeout(r, 200));
      const s = await settings();
      expect(s.mapNotice).toBeNull();
      expect(s.mapLayers?.ortho).toMatchObject({ layer: 'orto', matrixSet: 'jtsk:epsg:5514' });
      expect(s.mapLayers?.ortho?.tileGrid?.matrixIds).toHaveLength(15);
      expect(s.mapLayers?.ortho?.tileGrid?.origin).toEqual([-925000, -920000]);
    } finally {
      Date.now = realNow;
    }
  });
});
