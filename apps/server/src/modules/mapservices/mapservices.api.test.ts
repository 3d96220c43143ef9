/**
 * Map-service calls of issue 6 part B through the real app (docs/API.md "Map services (issue 6) — contract"):
 * every route with its offline provider over rows this test inserts (the demo's geographic rows are removed
 * first, so the answers do not depend on what the seed holds), the errors, and the switch to a real service
 * (a local HTTP server) by changing `config.mapServices` of the running app.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';
import { haversine } from '../../integrations/geo/measure.js';
import { pointInPolygon } from '../../integrations/jpo/voronoi.js';
import { ZONE_COLORS } from '../../integrations/jpo/provider.js';

/** a GeoJSON feature as the tests read it */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Feat = { type: string; id?: unknown; geometry: { type: string; coordinates: any }; properties: Record<string, any> };

const ALFA: [number, number] = [15.0, 50.01];
const BETA: [number, number] = [15.0, 50.05];
const GAMA: [number, number] = [15.0, 50.09];

describe('map services (issue 6 part B)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let betaId: number;
  let upstream: Server;
  let upstreamUrl: string;
  let mode = 'ok';
  const hits: string[] = [];
  const original = () => ({ ...t.config.mapServices });
  let saved: ReturnType<typeof original>;

  beforeAll(async () => {
    t = await createTestApp();
    saved = original();
    for (const u of ['admin', 'brno']) sessions[u] = await login(t.app, u);
    await t.db.delete(s.railwayPoints);
    await t.db.delete(s.railwayLines);
    await t.db.delete(s.addressPoints);
    await t.db.delete(s.places);
    await t.db.delete(s.huntingContacts);
    await t.db.insert(s.railwayLines).values({
      code: 'TEST1',
      name: 'Testovací trať',
      coordinates: [
        [15.0, 50.0],
        [15.0, 50.1],
      ],
    });
    const pts = await t.db
      .insert(s.railwayPoints)
      .values([
        { code: 'T001', name: 'Alfa', search: 'alfa', kind: 'Železniční stanice', km: 10, longitude: ALFA[0], latitude: ALFA[1] },
        { code: 'T002', name: 'Beta', search: 'beta', kind: 'Železniční stanice', km: 14.448, longitude: BETA[0], latitude: BETA[1] },
        { code: 'T003', name: 'Gama', search: 'gama', kind: 'Železniční zastávka', km: 18.896, longitude: GAMA[0], latitude: GAMA[1] },
      ])
      .returning();
    betaId = pts.find((p) => p.code === 'T002')!.id;
    await t.db.insert(s.places).values({
      name: 'Testov',
      search: 'testov',
      kind: 'town',
      district: 'Kolín',
      region: 'Středočeský kraj',
      longitude: 15.01,
      latitude: 50.05,
    });
    await t.db.insert(s.addressPoints).values({
      code: 'A1',
      title: 'Nádražní 1 <script>x</script>, Testov',
      search: 'nadrazni 1 testov',
      longitude: 15.001,
      latitude: 50.05,
    });
    upstream = createServer((req, res) => {
      hits.push(req.url ?? '');
      const path = (req.url ?? '').split('?')[0];
      if (mode === 'fail') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Porucha kamery"}');
      if (path === '/wms') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end('<html><body><table><tr><td onclick="x()">Parcela 123/4</td></tr></table><script>alert(1)</script></body></html>');
      }
      if (path === '/caps') {
        res.setHeader('content-type', 'application/vnd.ogc.wms_xml');
        return res.end('<WMS_Capabilities><Layer><Name>drone1</Name></Layer></WMS_Capabilities>');
      }
      if (path === '/moved') return res.writeHead(302, { location: 'http://example.com/' }).end();
      if (path.startsWith('/route/v1/driving/')) {
        res.setHeader('content-type', 'application/json');
        if (mode === 'noroute') return res.end('{"code":"NoRoute","message":"Impossible route"}');
        return res.end(
          JSON.stringify({
            code: 'Ok',
            routes: [{ distance: 61234, duration: 3900, geometry: { type: 'LineString', coordinates: [[1, 2], [3, 4], [5, 6]] } }],
          }),
        );
      }
      if (path === '/rail') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ status: 'OK', message: null, longitude: 15, latitude: 50, image: '/img/1.jpg', capturedAt: '2025-01-01 10:00:00', deviation: 3 }));
      }
      if (path === '/jpo-area' || path === '/jpo-point') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ features: [{ type: 'Feature', properties: { real: path } }] }));
      }
      if (path === '/pano') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ errorCode: 'NONE', lon: 15, lat: 50, yaw: 10, capturedAt: '2024-05-05 12:00:00', imageUrl: 'p/9.jpg' }));
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    Object.assign(t.config.mapServices, saved);
    mode = 'ok';
  });
  afterAll(async () => {
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
    await t?.close();
  });

  const get = (url: string, user: string | null = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: user ? sessions[user].headers : {} });
  const post = (url: string, payload: object, user = 'admin') =>
    t.app.inject({ method: 'POST', url, headers: sessions[user].headers, payload });

  it('every route but the proxy needs a session', async () => {
    for (const url of [
      '/v2/cadastre?x=-700000&y=-1050000',
      '/v2/rail-image?longitude=15&latitude=50',
      '/v2/explore/sap/15/50',
      '/v2/explore/sap/routes/15/50',
      '/jpo-area',
      '/jpo-point',
      '/v2/panorama?lon=15&lat=50',
      `/v2/panorama/image/${1}.jpg`,
      '/v2/rail-image/image/15000000_50000000.jpg',
      '/v2/routes/event-job/1',
      '/v2/routes/base/3?eventId=1',
      '/hunting-region/contact/delete/1',
    ]) {
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(401);
    }
    const res = await t.app.inject({ method: 'POST', url: '/hunting-region', payload: { lat: 50, lon: 15 } });
    expect(res.statusCode).toBe(401);
  });

  describe('GET /v2/cadastre', () => {
    it('S-JTSK (negative, positive or swapped) → the viewer link with positive rounded values', async () => {
      for (const q of ['x=-700000.4&y=-1050000.6', 'x=700000.4&y=1050000.6', 'x=-1050000.6&y=-700000.4']) {
        const res = await get(`/v2/cadastre?${q}`);
        expect(res.statusCode, q).toBe(200);
        expect(res.json().link).toBe('https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=700000&y=1050001');
      }
    });

    it('WGS84 → content with both coordinates, the nearest address (escaped) and place, and the note', async () => {
      const res = await get('/v2/cadastre?latitude=50.05&longitude=15.001');
      expect(res.statusCode).toBe(200);
      const { link, content } = res.json() as { link: string; content: string };
      expect(link).toMatch(/^https:\/\/nahlizenidokn\.cuzk\.cz\/MapaIdentifikace\.aspx\?l=KN&x=\d{6}&y=\d{7}$/);
      expect(content).toContain('50.050000N, 15.001000E');
      expect(content).toContain('S-JTSK');
      expect(content).toContain('Nádražní 1 &lt;script&gt;x&lt;/script&gt;, Testov');
      expect(content).not.toContain('<script>');
      expect(content).toContain('Testov, Kolín, Středočeský kraj');
      expect(content).toContain('Katastru nemovitostí');
    });

    it('national coordinates under the names latitude/longitude (001 §7) are read as S-JTSK', async () => {
      const res = await get('/v2/cadastre?latitude=-1050000&longitude=-700000');
      expect(res.json().link).toContain('x=700000&y=1050000');
    });

    it('422 without coordinates, outside the country or with bad numbers', async () => {
      expect((await get('/v2/cadastre')).statusCode).toBe(422);
      const outside = await get('/v2/cadastre?latitude=10&longitude=10');
      expect(outside.statusCode).toBe(422);
      expect(outside.json()).toEqual([{ field: 'longitude', message: 'Bod neleží v České republice.' }]);
      expect((await get('/v2/cadastre?x=-10&y=-20')).statusCode).toBe(422);
      expect((await get('/v2/cadastre?x=abc&y=1')).statusCode).toBe(422);
    });

    it('CADASTRE_WMS_URL: GetFeatureInfo, the answer sanitized; a failure is 502 with the spec text', async () => {
      t.config.mapServices.cadastreWmsUrl = `${upstreamUrl}/wms`;
      const res = await get('/v2/cadastre?x=-700000&y=-1050000');
      expect(res.statusCode).toBe(200);
      expect(res.json().content).toBe('<table><tr><td>Parcela 123/4</td></tr></table>');
      const url = new URL(hits.at(-1)!, upstreamUrl);
      expect(url.searchParams.get('REQUEST')).toBe('GetFeatureInfo');
      expect(url.searchParams.get('CRS')).toBe('EPSG:5514');
      expect(url.searchParams.get('QUERY_LAYERS')).toBe('parcels');
      expect(url.searchParams.get('INFO_FORMAT')).toBe('text/html');
      mode = 'fail';
      const failed = await get('/v2/cadastre?x=-700000&y=-1050000');
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'Chyba při načítání dat z Katastru nemovitostí. Opakujte akci později' });
    });
  });

  describe('GET /v2/rail-image', () => {
    it('on the track: the point on the track, deviation, capture time and an image with the interpolated km', async () => {
      const res = await get('/v2/rail-image?longitude=15.0005&latitude=50.035');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'OK', message: null, longitude: 15, image: '/v2/rail-image/image/15000500_50035000.jpg' });
      expect(body.latitude).toBeCloseTo(50.035, 6);
      expect(body.deviation).toBeGreaterThan(35);
      expect(body.deviation).toBeLessThan(37);
      expect(body.capturedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const again = await get('/v2/rail-image?longitude=15.0005&latitude=50.035');
      expect(again.json().capturedAt).toBe(body.capturedAt);
      const img = await get(body.image);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    });

    it('farther than 300 m from a track: status ERROR with the distance', async () => {
      const res = await get('/v2/rail-image?longitude=15.01&latitude=50.03');
      const body = res.json();
      expect(body.status).toBe('ERROR');
      const n = Math.round(haversine([15.01, 50.03], [15.0, 50.03]));
      expect(body.message).toBe(`Bod neleží na trati (nejbližší trať je ${n} m daleko).`);
      expect(body.image).toBeNull();
      expect((await get('/v2/rail-image/image/15010000_50030000.jpg')).statusCode).toBe(404);
    });

    it('422 for bad numbers, 404 for a bad image key', async () => {
      expect((await get('/v2/rail-image?longitude=abc&latitude=50')).statusCode).toBe(422);
      expect((await get('/v2/rail-image?latitude=50')).statusCode).toBe(422);
      expect((await get('/v2/rail-image/image/../../etc.jpg')).statusCode).toBe(404);
      expect((await get('/v2/rail-image/image/x.png')).statusCode).toBe(404);
    });

    it('RAIL_IMAGE_URL: the real answer passed on; a failure 502 with the service message', async () => {
      t.config.mapServices.railImageUrl = `${upstreamUrl}/rail`;
      const res = await get('/v2/rail-image?longitude=15.1&latitude=50.2');
      expect(res.json()).toEqual({
        status: 'OK',
        message: null,
        longitude: 15,
        latitude: 50,
        image: `${upstreamUrl}/img/1.jpg`,
        capturedAt: '2025-01-01 10:00:00',
        deviation: 3,
      });
      expect(hits.at(-1)).toBe('/rail?longitude=15.1&latitude=50.2');
      mode = 'fail';
      const failed = await get('/v2/rail-image?longitude=15.1&latitude=50.2');
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'Služba náhled na trať vrátila chybu: Porucha kamery' });
    });
  });

  describe('hunting regions', () => {
    it('POST /hunting-region: the 6 km cell holding the point, named after the nearest place', async () => {
      const res = await post('/hunting-region', { lat: 50.05, lon: 15.0 });
      expect(res.statusCode).toBe(200);
      const { features } = res.json() as { features: Feat[] };
      expect(features).toHaveLength(1);
      const f = features[0];
      expect(f.type).toBe('Feature');
      expect(f.geometry.type).toBe('Polygon');
      const ring = f.geometry.coordinates[0] as [number, number][];
      expect(ring[0]).toEqual(ring.at(-1));
      expect(pointInPolygon([15.0, 50.05], ring)).toBe(true);
      expect(pointInPolygon([15.1, 50.05], ring)).toBe(false); // 7 km east
      expect(f.properties).toMatchObject({
        id: expect.stringMatching(/^HR-\d+-\d+$/),
        name: 'Honitba Testov',
        kraj: 'Středočeský kraj',
        okres: 'Kolín',
        orp: 'Testov',
        contacts: [],
      });
      expect(f.properties.huntingCompany).toMatchObject({
        name: 'Myslivecký spolek Testov',
        address: expect.stringMatching(/^[\p{L} ]+ \d+, Testov$/u),
        postalCode: expect.stringMatching(/^\d{3} \d{2}$/),
        phone: expect.stringMatching(/^[67]\d{8}$/),
      });
      const again = await post('/hunting-region', { lat: 50.0501, lon: 15.0001 });
      expect(again.json().features[0].properties).toEqual(f.properties);
      expect((await post('/hunting-region', { lat: 'x', lon: 15 })).statusCode).toBe(422);
    });

    it('contacts: create, list with the region, update, delete; 422 and 404', async () => {
      const region = (await post('/hunting-region', { lat: 50.05, lon: 15.0 })).json().features[0].properties.id as string;
      const created = await post('/hunting-region/contact', { hunting_region_id: region, name: ' Jan Novák ', phone: '+420 725 123 456' });
      expect(created.statusCode).toBe(200);
      const { contact } = created.json();
      expect(created.json()).toEqual({ type: 'success', contact: { id: expect.any(Number), name: 'Jan Novák', phone: '725123456' } });
      const listed = (await post('/hunting-region', { lat: 50.05, lon: 15.0 })).json().features[0].properties.contacts;
      expect(listed).toEqual([contact]);

      const updated = await post('/hunting-region/contact', { hunting_region_id: region, name: 'Jan Nový', phone: '00420602000111', id: contact.id });
      expect(updated.json()).toEqual({ type: 'success', contact: { id: contact.id, name: 'Jan Nový', phone: '602000111' } });

      const bad = async (body: object) => (await post('/hunting-region/contact', { hunting_region_id: region, name: 'A', phone: '725123456', ...body })).json();
      expect(await bad({ name: '  ' })).toEqual([{ field: 'name', message: 'Prosím vyplňte' }]);
      expect(await bad({ phone: '' })).toEqual([{ field: 'phone', message: 'Prosím vyplňte' }]);
      expect(await bad({ phone: '12345' })).toEqual([{ field: 'phone', message: 'Vložte devítimístné telefonní číslo' }]);
      expect(await bad({ phone: '725-123-456' })).toEqual([{ field: 'phone', message: 'Toto pole musí obsahovat jen číslice' }]);
      expect(await bad({ hunting_region_id: 'xyz' })).toEqual([{ field: 'hunting_region_id', message: 'Neznámá honitba.' }]);
      const missing = await post('/hunting-region/contact', { hunting_region_id: region, name: 'A', phone: '725123456', id: 999999 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ type: 'error', message: 'Kontakt nebyl nalezen.' });

      const del = await get(`/hunting-region/contact/delete/${contact.id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ type: 'success' });
      expect(await t.db.select().from(s.huntingContacts).where(eq(s.huntingContacts.id, contact.id))).toEqual([]);
      const again = await get(`/hunting-region/contact/delete/${contact.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ type: 'error', message: 'Kontakt nebyl nalezen.' });
      expect((await get('/hunting-region/contact/delete/abc')).statusCode).toBe(422);
    });
  });

  describe('GET /v2/explore/sap', () => {
    it('railway points within 2 km, nearest first', async () => {
      const res = await get('/v2/explore/sap/15.001/50.045');
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list).toHaveLength(1);
      expect(list[0]).toEqual({
        id: betaId,
        code: 'T002',
        name: 'Beta',
        kind: 'Železniční stanice',
        km: 14.448,
        distance: Math.round(haversine([15.001, 50.045], BETA)),
        lon: 15,
        lat: 50.05,
      });
      // Alfa 1.9 km, Beta 2.6 km away
      expect((await get('/v2/explore/sap/15/50.027')).json().map((p: { code: string }) => p.code)).toEqual(['T001']);
      expect((await get('/v2/explore/sap/15/50.03')).json()).toEqual([]); // both 2.2 km
    });

    it('lines within 2 km with their nearest point', async () => {
      const res = await get('/v2/explore/sap/routes/15.01/50.04');
      expect(res.json()).toEqual([
        { code: 'TEST1', name: 'Testovací trať', distance: Math.round(haversine([15.01, 50.04], [15, 50.04])), lon: 15, lat: 50.04 },
      ]);
      expect((await get('/v2/explore/sap/routes/15.05/50.04')).json()).toEqual([]);
    });

    it('422 for bad numbers', async () => {
      expect((await get('/v2/explore/sap/abc/50')).statusCode).toBe(422);
      expect((await get('/v2/explore/sap/routes/15/95')).statusCode).toBe(422);
    });
  });

  describe('GET /jpo-area, /jpo-point', () => {
    it('one coloured Voronoi cell per unit base; each holds its base; neighbours differ', async () => {
      const units = (await t.db.select().from(s.bases).where(eq(s.bases.baseCategoryId, 1))).filter((b) => b.longitude !== null);
      expect(units.length).toBeGreaterThan(3);
      const { features } = (await get('/jpo-area')).json() as { features: Feat[] };
      expect(features).toHaveLength(units.length);
      for (const f of features) {
        const base = units.find((b) => b.id === f.properties.baseId)!;
        expect(f.properties).toEqual({ baseId: base.id, name: base.name, code: base.code, color: expect.any(String) });
        expect(ZONE_COLORS).toContain(f.properties.color);
        expect(pointInPolygon([base.longitude!, base.latitude!], f.geometry.coordinates[0])).toBe(true);
      }
      // a sample point of the country lies in exactly one cell
      for (const p of [[14.42, 50.09], [16.6, 49.2], [13.4, 49.75], [15.8, 50.2], [17.25, 49.6]] as [number, number][]) {
        expect(features.filter((f) => pointInPolygon(p, f.geometry.coordinates[0])), String(p)).toHaveLength(1);
      }
      expect(new Set(features.map((f) => f.properties.color)).size).toBeGreaterThan(3);
    });

    it('a point per unit base', async () => {
      const { features } = (await get('/jpo-point')).json() as { features: Feat[] };
      const pha = features.find((f) => f.properties.code === 'PHA')!;
      expect(pha).toEqual({
        type: 'Feature',
        id: pha.properties.baseId,
        geometry: { type: 'Point', coordinates: [14.4353, 50.0831] },
        properties: { baseId: pha.properties.baseId, name: 'Stanice HZS SŽ Praha', code: 'PHA' },
      });
      expect(features.find((f) => f.properties.code === 'COIS')).toBeUndefined();
    });

    it('JPO_URL: the real features; a failure 502', async () => {
      t.config.mapServices.jpoUrl = upstreamUrl;
      expect((await get('/jpo-area')).json()).toEqual({ features: [{ type: 'Feature', properties: { real: '/jpo-area' } }] });
      expect((await get('/jpo-point')).json().features[0].properties.real).toBe('/jpo-point');
      mode = 'fail';
      expect((await get('/jpo-area')).statusCode).toBe(502);
    });
  });

  describe('GET /v2/panorama', () => {
    it('within 150 m of a railway point: NONE with a 4096 × 2048 equirectangular JPEG; fov clamped', async () => {
      const res = await get('/v2/panorama?lon=15.001&lat=50.05&yaw=-90&pitch=5&fov=120');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        errorCode: 'NONE',
        lon: 15,
        lat: 50.05,
        yaw: 270,
        pitch: 5,
        fov: 75,
        capturedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        imageUrl: `/v2/panorama/image/${betaId}.jpg`,
      });
      expect((await get('/v2/panorama?lon=15.001&lat=50.05&fov=2')).json().fov).toBe(10);
      const img = await get(body.imageUrl);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 4096, height: 2048 });
    }, 20_000);

    it('farther: NOT_FOUND; 422 bad numbers; 404 unknown image', async () => {
      expect((await get('/v2/panorama?lon=15.01&lat=50.05')).json()).toEqual({ errorCode: 'NOT_FOUND' });
      expect((await get('/v2/panorama?lon=x&lat=50.05')).statusCode).toBe(422);
      expect((await get('/v2/panorama/image/999999.jpg')).statusCode).toBe(404);
    });

    it('PANORAMA_URL: the real answer with parameters passed on; a failure 502', async () => {
      t.config.mapServices.panoramaUrl = `${upstreamUrl}/pano`;
      const res = await get('/v2/panorama?lon=15.2&lat=50.1&yaw=20&pitch=0&fov=50');
      expect(res.json()).toMatchObject({ errorCode: 'NONE', yaw: 10, imageUrl: `${upstreamUrl}/p/9.jpg` });
      expect(hits.at(-1)).toBe('/pano?lon=15.2&lat=50.1&yaw=20&pitch=0&fov=50');
      mode = 'fail';
      expect((await get('/v2/panorama?lon=15.2&lat=50.1')).statusCode).toBe(502);
    });
  });

  describe('GET /v2/map/proxy', () => {
    const proxy = (url: string) =>
      t.app.inject({ method: 'GET', url: `/v2/map/proxy?url=${encodeURIComponent(url)}` });

    it('public: GetCapabilities of an allowed host, content type passed on', async () => {
      t.config.mapServices.mapProxyHosts = [new URL(upstreamUrl).host];
      const res = await proxy(`${upstreamUrl}/caps?SERVICE=WMS&request=getcapabilities`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.ogc.wms_xml');
      expect(res.body).toContain('<Name>drone1</Name>');
    });

    it('403 for another host or another request; 422 without url; 502 when the upstream is not 200', async () => {
      t.config.mapServices.mapProxyHosts = [new URL(upstreamUrl).host];
      expect((await proxy('http://example.com/caps?REQUEST=GetCapabilities')).statusCode).toBe(403);
      expect((await proxy(`http://127.0.0.1:1/caps?REQUEST=GetCapabilities`)).statusCode).toBe(403);
      const getMap = await proxy(`${upstreamUrl}/caps?REQUEST=GetMap`);
      expect(getMap.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/v2/map/proxy' })).statusCode).toBe(422);
      const moved = await proxy(`${upstreamUrl}/moved?REQUEST=GetCapabilities`);
      expect(moved.statusCode).toBe(502);
      expect(moved.json()).toEqual({ message: 'Failed to get WMS capabilities' });
      mode = 'fail';
      const failed = await proxy(`${upstreamUrl}/caps?REQUEST=GetCapabilities`);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'Failed to get WMS capabilities' });
    });

    it('default hosts: the drone WMS host and ČÚZK', async () => {
      t.config.mapServices.mapProxyHosts = saved.mapProxyHosts;
      expect(saved.mapProxyHosts).toEqual(['ags.cuzk.cz', 'geoportal.cuzk.cz']);
      expect((await proxy('http://localhost/x?REQUEST=GetCapabilities')).statusCode).toBe(403);
    });
  });

  describe('GET /v2/routes', () => {
    let eventId: number;
    let jobId: number;
    const target: [number, number] = [14.5, 50.1];
    const newest: [number, number] = [14.45, 50.09];

    beforeAll(async () => {
      const [ev] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
      eventId = ev.id;
      await t.db.update(s.events).set({ targetLongitude: target[0], targetLatitude: target[1] }).where(eq(s.events.id, eventId));
      const [res] = await t.db.insert(s.resources).values({ name: 'CAS test', baseId: 3, longitude: 14.0, latitude: 50.0 }).returning();
      await t.db.insert(s.resourcePositions).values([
        { resourceId: res.id, longitude: 14.2, latitude: 50.0, recordedAt: new Date(Date.now() - 60_000) },
        { resourceId: res.id, longitude: newest[0], latitude: newest[1], recordedAt: new Date() },
      ]);
      const [job] = await t.db.insert(s.eventJobs).values({ eventId, baseId: 3, resourceId: res.id }).returning();
      jobId = job.id;
    });

    it("event job: from the vehicle's latest position, road factor 1.3 at 60 km/h", async () => {
      const res = await get(`/v2/routes/event-job/${jobId}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const metres = haversine(newest, target) * 1.3;
      expect(body.route).toEqual({ type: 'LineString', coordinates: [newest, target] });
      expect(body.distance).toBe(Math.round(metres));
      expect(body.distanceText).toBe(`${(metres / 1000).toFixed(1).replace('.', ',')} km`);
      expect(body.distanceText).toMatch(/^\d+,\d km$/);
      expect(body.durationText).toBe(`${Math.round(metres / 1000)} min`); // 60 km/h = 1 km a minute
    });

    it('base: from the base to the target; 422 without eventId; 404 unknown base, job or invisible event', async () => {
      const res = await get(`/v2/routes/base/4?eventId=${eventId}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.route.coordinates).toEqual([[16.6127, 49.1906], target]);
      expect(body.durationText).toMatch(/^0[1-3]:\d\d$/); // Brno → Praha ≈ 2.5 h at 60 km/h
      expect((await get('/v2/routes/base/4')).statusCode).toBe(422);
      expect((await get(`/v2/routes/base/99999?eventId=${eventId}`)).statusCode).toBe(404);
      expect((await get('/v2/routes/event-job/999999')).statusCode).toBe(404);
      expect((await get('/v2/routes/event-job/abc')).statusCode).toBe(422);
      expect((await get(`/v2/routes/event-job/${jobId}`, 'brno')).statusCode).toBe(404);
    });

    it('422 when the event has no target', async () => {
      const [other] = await t.db.select().from(s.events).where(eq(s.events.code, 'BRN-2025-0198'));
      await t.db.update(s.events).set({ targetLongitude: null, targetLatitude: null }).where(eq(s.events.id, other.id));
      const res = await get(`/v2/routes/base/4?eventId=${other.id}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'eventId', message: 'Událost nemá zadaný cíl.' }]);
    });

    it('ROUTING_URL: the OSRM route; no route → 502', async () => {
      t.config.mapServices.routingUrl = upstreamUrl;
      const res = await get(`/v2/routes/event-job/${jobId}`);
      expect(res.json()).toEqual({
        route: { type: 'LineString', coordinates: [[1, 2], [3, 4], [5, 6]] },
        durationText: '01:05',
        distanceText: '61,2 km',
        distance: 61234,
        duration: 3900,
      });
      expect(hits.at(-1)).toBe(`/route/v1/driving/${newest[0]},${newest[1]};${target[0]},${target[1]}?overview=full&geometries=geojson`);
      mode = 'noroute';
      const failed = await get(`/v2/routes/event-job/${jobId}`);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'Trasu se nepodařilo vypočítat. Opakujte akci později.' });
    });
  });
});
