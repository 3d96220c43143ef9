/**
 * Map-service calls of issue 6 part B through the real app (docs/API.md "Map services (issue 6) — contract"):
 * every route with its offline provider over rows this test inserts (the demo's geographic rows are removed
 * first, so the answers do not depend on what the seed holds), the errors, and the switch to a real service
 * (a local HTTP server) by changing `config.mapServices` of the running app.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as s from '../../../db/schema/index.js';
import { haversine } from '../../../integrations/geo/measure.js';
import { pointInPolygon } from '../../../integrations/map/jpo/voronoi.js';
import { ZONE_COLORS } from '../../../integrations/map/jpo/provider.js';
import { BETA, setupMapServices } from './mapservicesTestSetup.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- GeoJSON as the tests read it */
/** a GeoJSON feature as the tests read it */
type Feat = {
  type: string;
  id?: unknown;
  geometry: { type: string; coordinates: any };
  properties: Record<string, any>;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

describe('map services (issue 6 part B): hunting, explore, zones, panorama, proxy, routes', () => {
  const ctx = setupMapServices();
  const { get, post } = ctx;

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

    it('POST /hunting-region far outside S-JTSK (Cape Town, the antimeridian): no region, not an error', async () => {
      for (const point of [
        { lat: -33.92, lon: 18.42 },
        { lat: 0, lon: 180 },
      ]) {
        const res = await post('/hunting-region', point);
        expect(res.statusCode, JSON.stringify(point)).toBe(200);
        expect(res.json()).toEqual({ features: [] });
      }
    });

    it('contacts: create, list with the region, update, delete; 422 and 404', async () => {
      const region = (await post('/hunting-region', { lat: 50.05, lon: 15.0 })).json().features[0].properties
        .id as string;
      const created = await post('/hunting-region/contact', {
        hunting_region_id: region,
        name: ' Jan Novák ',
        phone: '+420 725 123 456',
      });
      expect(created.statusCode).toBe(200);
      const { contact } = created.json();
      expect(created.json()).toEqual({
        type: 'success',
        contact: { id: expect.any(Number), name: 'Jan Novák', phone: '725123456' },
      });
      const listed = (await post('/hunting-region', { lat: 50.05, lon: 15.0 })).json().features[0].properties.contacts;
      expect(listed).toEqual([contact]);

      const updated = await post('/hunting-region/contact', {
        hunting_region_id: region,
        name: 'Jan Nový',
        phone: '00420602000111',
        id: contact.id,
      });
      expect(updated.json()).toEqual({
        type: 'success',
        contact: { id: contact.id, name: 'Jan Nový', phone: '602000111' },
      });

      const bad = async (body: object) =>
        (
          await post('/hunting-region/contact', { hunting_region_id: region, name: 'A', phone: '725123456', ...body })
        ).json();
      expect(await bad({ name: '  ' })).toEqual([{ field: 'name', message: 'Prosím vyplňte' }]);
      expect(await bad({ phone: '' })).toEqual([{ field: 'phone', message: 'Prosím vyplňte' }]);
      expect(await bad({ phone: '12345' })).toEqual([
        { field: 'phone', message: 'Vložte devítimístné telefonní číslo' },
      ]);
      expect(await bad({ phone: '725-123-456' })).toEqual([
        { field: 'phone', message: 'Toto pole musí obsahovat jen číslice' },
      ]);
      expect(await bad({ hunting_region_id: 'xyz' })).toEqual([
        { field: 'hunting_region_id', message: 'Neznámá honitba.' },
      ]);
      const missing = await post('/hunting-region/contact', {
        hunting_region_id: region,
        name: 'A',
        phone: '725123456',
        id: 999999,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ type: 'error', message: 'Kontakt nebyl nalezen.' });

      const del = await ctx.del(`/hunting-region/contact/${contact.id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ type: 'success' });
      expect(await ctx.t.db.select().from(s.huntingContacts).where(eq(s.huntingContacts.id, contact.id))).toEqual([]);
      const again = await ctx.del(`/hunting-region/contact/${contact.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ type: 'error', message: 'Kontakt nebyl nalezen.' });
      expect((await ctx.del('/hunting-region/contact/abc')).statusCode).toBe(422);
    });

    it('mng (view only) cannot create, change or delete contacts, neither by DELETE nor by the GET', async () => {
      const region = (await post('/hunting-region', { lat: 50.05, lon: 15.0 }, 'mng')).json().features[0].properties
        .id as string;
      const body = { hunting_region_id: region, name: 'Mng', phone: '725123999' };
      expect((await post('/hunting-region/contact', body, 'mng')).statusCode).toBe(403);
      const made = (await post('/hunting-region/contact', body)).json().contact as { id: number };
      expect((await post('/hunting-region/contact', { ...body, id: made.id, name: 'X' }, 'mng')).statusCode).toBe(403);
      expect((await ctx.del(`/hunting-region/contact/${made.id}`, 'mng')).statusCode).toBe(403);
      expect((await get(`/hunting-region/contact/delete/${made.id}`, 'mng')).statusCode).toBe(403);
      expect((await get(`/hunting-region/contact/delete/${made.id}`, null)).statusCode).toBe(401);
      const rows = await ctx.t.db.select().from(s.huntingContacts).where(eq(s.huntingContacts.id, made.id));
      expect(rows.map((r) => r.name)).toEqual(['Mng']);
    });

    it("the spec's GET /hunting-region/contact/delete/{id} (001 §7) deletes: JSON {type}, 404 again, 422", async () => {
      const region = (await post('/hunting-region', { lat: 50.05, lon: 15.0 })).json().features[0].properties.id;
      const made = (
        await post('/hunting-region/contact', { hunting_region_id: region, name: 'G', phone: '725123998' })
      ).json().contact as { id: number };
      const html = { accept: 'text/html,application/xhtml+xml' };
      const res = await ctx.t.app.inject({
        method: 'GET',
        url: `/hunting-region/contact/delete/${made.id}`,
        headers: { ...ctx.sessions.admin.headers, ...html },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ type: 'success' });
      expect(await ctx.t.db.select().from(s.huntingContacts).where(eq(s.huntingContacts.id, made.id))).toEqual([]);
      const again = await get(`/hunting-region/contact/delete/${made.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ type: 'error', message: 'Kontakt nebyl nalezen.' });
      const bad = await get('/hunting-region/contact/delete/abc');
      expect(bad.statusCode).toBe(422);
      expect(bad.json()[0]).toMatchObject({ field: 'id' });
    });

    it('with HUNTING_URL our DELETE is sent on in the spec form GET …/hunting-region/contact/delete/{id}', async () => {
      ctx.t.config.mapServices.huntingUrl = `${ctx.upstreamUrl}/hunting`;
      const res = await ctx.del('/hunting-region/contact/5');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ type: 'success', method: 'GET' });
      expect(ctx.hits).toContain('/hunting/hunting-region/contact/delete/5');
    });
  });

  describe('GET /v2/explore/sap', () => {
    it('railway points within 2 km, nearest first', async () => {
      const res = await get('/v2/explore/sap/15.001/50.045');
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list).toHaveLength(1);
      expect(list[0]).toEqual({
        id: ctx.betaId,
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
        {
          code: 'TEST1',
          name: 'Testovací trať',
          distance: Math.round(haversine([15.01, 50.04], [15, 50.04])),
          lon: 15,
          lat: 50.04,
        },
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
      const units = (await ctx.t.db.select().from(s.bases).where(eq(s.bases.baseCategoryId, 1))).filter(
        (b) => b.longitude !== null,
      );
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
      for (const p of [
        [14.42, 50.09],
        [16.6, 49.2],
        [13.4, 49.75],
        [15.8, 50.2],
        [17.25, 49.6],
      ] as [number, number][]) {
        expect(
          features.filter((f) => pointInPolygon(p, f.geometry.coordinates[0])),
          String(p),
        ).toHaveLength(1);
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
      ctx.t.config.mapServices.jpoUrl = ctx.upstreamUrl;
      expect((await get('/jpo-area')).json()).toEqual({
        features: [{ type: 'Feature', properties: { real: '/jpo-area' } }],
      });
      expect((await get('/jpo-point')).json().features[0].properties.real).toBe('/jpo-point');
      ctx.mode = 'fail';
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
        provider: 'offline',
        lon: 15,
        lat: 50.05,
        yaw: 270,
        pitch: 5,
        fov: 75,
        capturedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        imageUrl: `/v2/panorama/image/${ctx.betaId}.jpg`,
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

    it("MAPY_API_KEY: Mapy.com's JS Panorama for the browser — key, script, normalized camera; no image route", async () => {
      ctx.t.config.mapServices.mapyApiKey = 'test-Key_123';
      try {
        const res = await get('/v2/panorama?lon=16.608037&lat=49.1949758&yaw=-90&pitch=100&fov=120');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          provider: 'mapy',
          lon: 16.608037,
          lat: 49.1949758,
          yaw: 270,
          pitch: 90,
          fov: 75,
          radius: 150,
          apiKey: 'test-Key_123',
          scriptUrl: 'https://api.mapy.cz/js/panorama/v1/panorama.js',
        });
        expect(ctx.hits.some((h) => h.startsWith('/pano'))).toBe(false); // the server itself calls nobody
        expect((await get(`/v2/panorama/image/${ctx.betaId}.jpg`)).statusCode).toBe(404);
        expect((await get('/v2/panorama?lon=16.6&lat=x')).statusCode).toBe(422);
      } finally {
        ctx.t.config.mapServices.mapyApiKey = undefined;
      }
    });
  });

  describe('GET /v2/map/proxy', () => {
    const proxy = (url: string) =>
      ctx.t.app.inject({ method: 'GET', url: `/v2/map/proxy?url=${encodeURIComponent(url)}` });

    it('public: GetCapabilities of an allowed host, content type passed on', async () => {
      ctx.t.config.mapServices.mapProxyHosts = [new URL(ctx.upstreamUrl).host];
      const res = await proxy(`${ctx.upstreamUrl}/caps?SERVICE=WMS&request=getcapabilities`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.ogc.wms_xml');
      expect(res.body).toContain('<Name>drone1</Name>');
    });

    it('403 for another host or another request; 422 without url; 502 when the upstream is not 200', async () => {
      ctx.t.config.mapServices.mapProxyHosts = [new URL(ctx.upstreamUrl).host];
      expect((await proxy('http://example.com/caps?REQUEST=GetCapabilities')).statusCode).toBe(403);
      expect((await proxy(`http://127.0.0.1:1/caps?REQUEST=GetCapabilities`)).statusCode).toBe(403);
      const getMap = await proxy(`${ctx.upstreamUrl}/caps?REQUEST=GetMap`);
      expect(getMap.statusCode).toBe(403);
      expect((await ctx.t.app.inject({ method: 'GET', url: '/v2/map/proxy' })).statusCode).toBe(422);
      const moved = await proxy(`${ctx.upstreamUrl}/moved?REQUEST=GetCapabilities`);
      expect(moved.statusCode).toBe(502);
      expect(moved.json()).toEqual({ message: 'Failed to get WMS capabilities' });
      ctx.mode = 'fail';
      const failed = await proxy(`${ctx.upstreamUrl}/caps?REQUEST=GetCapabilities`);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'Failed to get WMS capabilities' });
    });

    it('default hosts: the drone and hunting WMS hosts, ČÚZK and ÚHÚL (NLI)', async () => {
      ctx.t.config.mapServices.mapProxyHosts = ctx.saved.mapProxyHosts;
      expect(ctx.saved.mapProxyHosts).toEqual([
        '*.cuzk.cz',
        '*.cuzk.gov.cz',
        'geoportal.uhul.cz',
        'geoportal.nli.gov.cz',
      ]);
      expect((await proxy('http://localhost/x?REQUEST=GetCapabilities')).statusCode).toBe(403);
    });
  });

  describe('GET /v2/routes', () => {
    let eventId: number;
    let jobId: number;
    const target: [number, number] = [14.5, 50.1];
    const newest: [number, number] = [14.45, 50.09];

    beforeAll(async () => {
      const [ev] = await ctx.t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
      eventId = ev.id;
      await ctx.t.db
        .update(s.events)
        .set({ targetLongitude: target[0], targetLatitude: target[1] })
        .where(eq(s.events.id, eventId));
      const [res] = await ctx.t.db
        .insert(s.resources)
        .values({ name: 'CAS test', baseId: 3, longitude: 14.0, latitude: 50.0 })
        .returning();
      await ctx.t.db.insert(s.resourcePositions).values([
        { resourceId: res.id, longitude: 14.2, latitude: 50.0, recordedAt: new Date(Date.now() - 60_000) },
        { resourceId: res.id, longitude: newest[0], latitude: newest[1], recordedAt: new Date() },
      ]);
      const [job] = await ctx.t.db.insert(s.eventJobs).values({ eventId, baseId: 3, resourceId: res.id }).returning();
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
      const [other] = await ctx.t.db.select().from(s.events).where(eq(s.events.code, 'BRN-2025-0198'));
      await ctx.t.db
        .update(s.events)
        .set({ targetLongitude: null, targetLatitude: null })
        .where(eq(s.events.id, other.id));
      const res = await get(`/v2/routes/base/4?eventId=${other.id}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'eventId', message: 'Událost nemá zadaný cíl.' }]);
    });

    it('ROUTING_URL: the OSRM route; no route → 502', async () => {
      ctx.t.config.mapServices.routingUrl = ctx.upstreamUrl;
      const res = await get(`/v2/routes/event-job/${jobId}`);
      expect(res.json()).toEqual({
        route: {
          type: 'LineString',
          coordinates: [
            [1, 2],
            [3, 4],
            [5, 6],
          ],
        },
        durationText: '01:05',
        distanceText: '61,2 km',
        distance: 61234,
        duration: 3900,
      });
      expect(ctx.hits.at(-1)).toBe(
        `/route/v1/driving/${newest[0]},${newest[1]};${target[0]},${target[1]}?overview=full&geometries=geojson`,
      );
      ctx.mode = 'noroute';
      const failed = await get(`/v2/routes/event-job/${jobId}`);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'Trasu se nepodařilo vypočítat. Opakujte akci později.' });
    });
  });
});
