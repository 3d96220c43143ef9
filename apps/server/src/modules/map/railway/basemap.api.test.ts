/**
 * Offline base-map calls of issue 6 through the real app over the demo network: the country outline, railway
 * lines, railway points and places by bbox and zoom (the rules of basemap.ts), ETag/304 and the 422s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railwayPoints } from '../../../db/schema/index.js';
import {
  countryFeature,
  normalizeSearch,
  placesCollection,
  railwayLinesCollection,
  railwayPointsCollection,
} from '@panel/domain/map';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';

interface Fc {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: { type: string; coordinates: [number, number] };
    properties: Record<string, unknown>;
  }[];
}

const CZ = '12.0,48.5,18.9,51.1';
const PRAHA = '14.3,49.95,14.6,50.15';

describe('offline base map (issue 6)', () => {
  let t: TestApp;
  let s: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    s = await login(t.app, 'mng');
    // one halt in Prague (not in the demo set) to tell the zoom rule apart
    await t.db.insert(railwayPoints).values({
      code: '571760X',
      name: 'Praha-Vysočany',
      search: normalizeSearch('Praha-Vysočany'),
      kind: 'Zastávka',
      km: 4.5,
      tudu: '150104',
      section: '1501',
      latitude: 50.1108,
      longitude: 14.5028,
      source: 'sr70',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...s.headers, ...headers } });

  it('401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v2/map/country' })).statusCode).toBe(401);
  });

  it('GET /v2/map/country: the outline of Czechia with ETag and Cache-Control; 304 on If-None-Match', async () => {
    const res = await get('/v2/map/country');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    const body = res.json() as {
      type: string;
      id: string;
      properties: { name: string };
      geometry: { type: string; coordinates: number[][][] };
    };
    expect(body).toMatchObject({ type: 'Feature', id: '203', properties: { name: 'Czechia' } });
    expect(body.geometry.type).toBe('Polygon');
    const ring = body.geometry.coordinates[0];
    expect(ring.length).toBeGreaterThan(300);
    const lons = ring.map((p) => p[0]);
    const lats = ring.map((p) => p[1]);
    expect(Math.min(...lons)).toBeCloseTo(12.09, 1);
    expect(Math.max(...lons)).toBeCloseTo(18.86, 1);
    expect(Math.min(...lats)).toBeCloseTo(48.55, 1);
    expect(Math.max(...lats)).toBeCloseTo(51.06, 1);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/v2/map/country', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('GET /v2/map/railway-lines: every line with code, name and category', async () => {
    const res = await get('/v2/map/railway-lines');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const fc = res.json() as Fc & { features: { geometry: { coordinates: [number, number][] } }[] };
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.length).toBe(13);
    const d01 = fc.features.find((f) => f.properties.code === 'D01')!;
    expect(d01.properties).toEqual({
      code: 'D01',
      name: 'Praha – Kolín – Pardubice – Česká Třebová – Olomouc – Ostrava – Bohumín',
      category: 'main',
    });
    expect(d01.geometry.type).toBe('LineString');
    expect(d01.geometry.coordinates[0]).toEqual([14.43598, 50.08309]);
  });

  it('GET /v2/map/railway-points: bbox filtering; only stations below zoom 3, every active point from 3', async () => {
    const low = (await get(`/v2/map/railway-points?bbox=${PRAHA}&zoom=2`)).json() as Fc;
    const names = low.features.map((f) => f.properties.name);
    expect(names).toContain('Praha hl. n.');
    expect(names).not.toContain('Praha-Vysočany');
    expect(names).not.toContain('Kolín');
    for (const f of low.features) {
      const [lon, lat] = f.geometry.coordinates;
      expect(lon).toBeGreaterThanOrEqual(14.3);
      expect(lon).toBeLessThanOrEqual(14.6);
      expect(lat).toBeGreaterThanOrEqual(49.95);
      expect(lat).toBeLessThanOrEqual(50.15);
      expect(f.properties.kind).toBe('Železniční stanice');
    }
    const praha = low.features.find((f) => f.properties.name === 'Praha hl. n.')!;
    expect(praha.properties).toEqual({
      id: praha.id,
      code: '570762',
      name: 'Praha hl. n.',
      kind: 'Železniční stanice',
      type_code: 'station',
      km: 185.877,
    });
    const high = (await get(`/v2/map/railway-points?bbox=${PRAHA}&zoom=3.6`)).json() as Fc;
    expect(high.features.map((f) => f.properties.name)).toContain('Praha-Vysočany');
    expect(high.features.find((f) => f.properties.name === 'Praha-Vysočany')!.properties.type_code).toBe('halt');
    const country = (await get(`/v2/map/railway-points?bbox=${CZ}&zoom=0`)).json() as Fc;
    expect(country.features.length).toBeGreaterThanOrEqual(100);
  });

  it('GET /v2/map/places: capitals and cities always, towns from 1, villages from 4', async () => {
    const count = async (zoom: number) => {
      const fc = (await get(`/v2/map/places?bbox=${CZ}&zoom=${zoom}`)).json() as Fc;
      const kinds = new Set(fc.features.map((f) => f.properties.kind));
      return { n: fc.features.length, kinds, fc };
    };
    const z0 = await count(0);
    expect([...z0.kinds].sort()).toEqual(['capital', 'city']);
    expect(z0.fc.features[0].properties).toEqual({ name: 'Praha', kind: 'capital', population: 1384732 });
    const z1 = await count(1);
    expect([...z1.kinds].sort()).toEqual(['capital', 'city', 'town']);
    const z4 = await count(4);
    expect(z4.kinds.has('village')).toBe(true);
    expect(z4.n).toBeGreaterThan(z1.n);
    expect(z1.n).toBeGreaterThan(z0.n);
    // around Brno: the village Střelice only from zoom 4; by population
    const brno4 = (await get('/v2/map/places?bbox=16.5,49.1,16.7,49.3&zoom=4')).json() as Fc;
    expect(brno4.features.map((f) => f.properties.name)).toEqual(['Brno', 'Kuřim', 'Střelice']);
    const brno3 = (await get('/v2/map/places?bbox=16.5,49.1,16.7,49.3&zoom=3')).json() as Fc;
    expect(brno3.features.map((f) => f.properties.name)).toEqual(['Brno', 'Kuřim']);
  });

  it('422 for a bad bbox or zoom', async () => {
    for (const q of [
      '',
      'bbox=1,2,3&zoom=5',
      'bbox=14,50,13,51&zoom=5',
      'bbox=a,b,c,d&zoom=5',
      'bbox=14,50,15,51',
      `bbox=${CZ}&zoom=13`,
      `bbox=${CZ}&zoom=x`,
    ]) {
      for (const path of ['/v2/map/railway-points', '/v2/map/places']) {
        const res = await get(`${path}?${q}`);
        expect(res.statusCode, `${path}?${q}`).toBe(422);
        const body = res.json() as { field: string; message: string }[];
        expect(['bbox', 'zoom']).toContain(body[0].field);
      }
    }
    const res = await get('/v2/map/places?bbox=14,50,13,51&zoom=5');
    expect(res.json()).toEqual([
      { field: 'bbox', message: 'Rozsah mapy (bbox) musí být minLon,minLat,maxLon,maxLat.' },
    ]);
  });

  // these answers are cached JSON text, which the response check does not see: parsed against their schemas here
  it('every layer answers what its schema in @panel/domain/map says, no undeclared field', async () => {
    const strict = <T extends { safeParse: (v: unknown) => { success: boolean; data?: unknown } }>(
      schema: T,
      body: unknown,
    ) => {
      const parsed = schema.safeParse(body);
      expect(parsed.success).toBe(true);
      expect(JSON.stringify(parsed.data).length).toBe(JSON.stringify(body).length);
    };
    strict(countryFeature, (await get('/v2/map/country')).json());
    strict(railwayLinesCollection, (await get('/v2/map/railway-lines')).json());
    const points = (await get(`/v2/map/railway-points?bbox=${CZ}&zoom=5`)).json() as Fc;
    expect(points.features.length).toBeGreaterThan(0);
    strict(railwayPointsCollection, points);
    strict(placesCollection, (await get(`/v2/map/places?bbox=${CZ}&zoom=5`)).json());
  });
});
