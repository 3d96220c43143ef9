/** The base maps against a local stand-in for ČÚZK's WMTS serving its real capabilities (fixtures/README.md). */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapLayersConfig } from '@panel/domain/map';
import { BaseMaps, baseMapTexts } from './baseMaps.js';

const cuzk = readFileSync(new URL('./fixtures/cuzk-wmts-ortofoto-capabilities.xml', import.meta.url), 'utf8');

let server: FastifyInstance;
let base = '';
/** what the stand-in answers next: 'down' 503, 'html' an error page, 'hang' never, 'up' the capabilities */
let mode: 'down' | 'html' | 'hang' | 'up' = 'up';
let asked = 0;

beforeAll(async () => {
  server = Fastify();
  server.get('/WMTS_ORTOFOTO/WMTService.aspx', async (request, reply) => {
    asked++;
    const q = request.query as Record<string, string>;
    if (q.REQUEST !== 'GetCapabilities' || q.SERVICE !== 'WMTS') return reply.status(400).send('bad request');
    if (mode === 'down') return reply.status(503).send('Service Unavailable');
    if (mode === 'html') return reply.type('text/html').send('<html><body><h1>Chyba</h1>');
    if (mode === 'hang') return new Promise(() => {});
    return reply.type('application/xml').send(cuzk);
  });
  base = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

function logs() {
  const warned: string[] = [];
  const infos: string[] = [];
  return {
    warned,
    infos,
    log: { warn: (_o: object, m: string) => warned.push(m), info: (_o: object, m: string) => infos.push(m) },
  };
}

const layers = (): MapLayersConfig => ({
  ortho: { type: 'wmts', url: `${base}/WMTS_ORTOFOTO/WMTService.aspx`, layer: 'orto', format: 'image/jpeg' },
  cadastre: { type: 'wms', url: 'https://services.cuzk.gov.cz/wms/wms.asp', layers: 'KN' },
});

describe('BaseMaps', () => {
  it('adds the tile grid from the capabilities: a 2 m/px view asks matrix 10, not 8', async () => {
    mode = 'up';
    const { log, warned } = logs();
    const state = await new BaseMaps({ cuzkDefault: true, timeoutMs: 2000, log }).current(layers());
    expect(state.status).toBe('ok');
    expect(state.notice).toBeNull();
    const ortho = state.layers?.ortho;
    expect(ortho).toMatchObject({ layer: 'orto', matrixSet: 'jtsk:epsg:5514', format: 'image/jpeg', style: 'default' });
    const grid = ortho!.tileGrid!;
    expect(grid.origin).toEqual([-925000, -920000]);
    expect(grid.resolutions[0]).toBeCloseTo(2048.256, 9);
    // the matrix whose resolution is nearest to 2 m/px
    const nearest = grid.resolutions.reduce(
      (best, r, i) => (Math.abs(r - 2) < Math.abs(grid.resolutions[best] - 2) ? i : best),
      0,
    );
    expect(grid.matrixIds[nearest]).toBe('10');
    expect(state.layers?.cadastre).toEqual(layers().cadastre);
    expect(warned).toEqual([]);
  });

  it('falls back (layer left out, Czech notice, one warning), keeps retrying, recovers by itself', async () => {
    mode = 'down';
    let t = 1_000_000;
    const { log, warned, infos } = logs();
    const maps = new BaseMaps({
      cuzkDefault: true,
      timeoutMs: 2000,
      retryMs: 60_000,
      log,
      now: () => t,
    });
    const down = await maps.current(layers());
    expect(down.status).toBe('fallback');
    expect(down.notice).toBe(baseMapTexts.cuzkUnavailable);
    expect(down.notice).toBe('Mapové podklady ČÚZK nejsou dostupné, zobrazuje se náhradní mapa.');
    expect(down.layers?.ortho).toBeUndefined();
    expect(down.layers?.cadastre).toBeDefined();
    expect(warned).toHaveLength(1);

    // within the retry interval: not asked again; after it: asked, still down, not warned twice
    mode = 'html';
    const before = asked;
    await maps.current(layers());
    expect(asked).toBe(before);
    t += 60_000;
    await maps.current(layers());
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toBe(before + 1);
    expect(warned).toHaveLength(1);

    // the service is back: the next due call reads it, the one after shows the map again
    mode = 'up';
    t += 60_000;
    await maps.current(layers());
    await new Promise((r) => setTimeout(r, 100));
    const up = await maps.current(layers());
    expect(up.status).toBe('ok');
    expect(up.notice).toBeNull();
    expect(up.layers?.ortho?.tileGrid?.matrixIds).toHaveLength(15);
    expect(infos).toEqual(['WMTS capabilities available again']);
  });

  it('gives up fast on a service that does not answer, and keeps a stale copy when a refresh fails', async () => {
    mode = 'hang';
    const { log } = logs();
    const started = Date.now();
    const hung = await new BaseMaps({ cuzkDefault: false, timeoutMs: 300, log }).current(layers());
    expect(Date.now() - started).toBeLessThan(2000);
    expect(hung.notice).toBe(baseMapTexts.unavailable);

    mode = 'up';
    let t = 0;
    const maps = new BaseMaps({ cuzkDefault: true, timeoutMs: 300, ttlMs: 1000, log, now: () => t });
    expect((await maps.current(layers())).status).toBe('ok');
    mode = 'down';
    t += 5000;
    await maps.current(layers());
    await new Promise((r) => setTimeout(r, 100));
    const stale = await maps.current(layers());
    expect(stale.status).toBe('ok');
    expect(stale.layers?.ortho?.tileGrid).toBeDefined();
  });

  it('leaves out a layer or matrix set the service does not offer (warned), and needs nothing without WMTS', async () => {
    mode = 'up';
    const { log, warned } = logs();
    const wrong: MapLayersConfig = {
      ztm: { type: 'wmts', url: `${base}/WMTS_ORTOFOTO/WMTService.aspx`, layer: 'zm' },
      ortho: {
        type: 'wmts',
        url: `${base}/WMTS_ORTOFOTO/WMTService.aspx`,
        layer: 'orto',
        matrixSet: 'wgs84:pseudomercator:epsg:3857',
      },
    };
    const state = await new BaseMaps({ cuzkDefault: false, timeoutMs: 2000, log }).current(wrong);
    expect(state.layers).toEqual({});
    expect(state.status).toBe('fallback');
    expect(warned).toHaveLength(2);
    const none = await new BaseMaps({ cuzkDefault: false, timeoutMs: 2000, log }).current(undefined);
    expect(none).toEqual({ layers: undefined, status: 'none', notice: null });
  });
});
