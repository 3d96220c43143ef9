/**
 * Map-service calls of issue 6 part B through the real app (docs/API.md "Map services (issue 6) — contract"):
 * every route with its offline provider over rows this test inserts (the demo's geographic rows are removed
 * first, so the answers do not depend on what the seed holds), the errors, and the switch to a real service
 * (a local HTTP server) by changing `config.mapServices` of the running app.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { haversine } from '../../../integrations/geo/measure.js';
import { setupMapServices } from './mapservicesTestSetup.js';

describe('map services (issue 6 part B)', () => {
  const ctx = setupMapServices();
  const { get } = ctx;

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
    ]) {
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(401);
    }
    const res = await ctx.t.app.inject({ method: 'POST', url: '/hunting-region', payload: { lat: 50, lon: 15 } });
    expect(res.statusCode).toBe(401);
    expect((await ctx.del('/hunting-region/contact/1', null)).statusCode).toBe(401);
  });

  describe('GET /v2/cadastre', () => {
    it('S-JTSK (negative, positive or swapped) → the viewer link with negative rounded values', async () => {
      for (const q of ['x=-700000.4&y=-1050000.6', 'x=700000.4&y=1050000.6', 'x=-1050000.6&y=-700000.4']) {
        const res = await get(`/v2/cadastre?${q}`);
        expect(res.statusCode, q).toBe(200);
        expect(res.json().link).toBe('https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=-700000&y=-1050001');
      }
    });

    it('WGS84 → content with both coordinates, the nearest address (escaped) and place, and the note', async () => {
      const res = await get('/v2/cadastre?latitude=50.05&longitude=15.001');
      expect(res.statusCode).toBe(200);
      const { link, content } = res.json() as { link: string; content: string };
      expect(link).toMatch(/^https:\/\/nahlizenidokn\.cuzk\.cz\/MapaIdentifikace\.aspx\?l=KN&x=-\d{6}&y=-\d{7}$/);
      expect(content).toContain('50.050000N, 15.001000E');
      expect(content).toContain('S-JTSK');
      expect(content).toContain('Nádražní 1 &lt;script&gt;x&lt;/script&gt;, Testov');
      expect(content).not.toContain('<script>');
      expect(content).toContain('Testov, Kolín, Středočeský kraj');
      expect(content).toContain('Katastru nemovitostí');
    });

    it('national coordinates under the names latitude/longitude (001 §7) are read as S-JTSK', async () => {
      const res = await get('/v2/cadastre?latitude=-1050000&longitude=-700000');
      expect(res.json().link).toContain('x=-700000&y=-1050000');
    });

    it('422 without coordinates, outside the country or with bad numbers', async () => {
      expect((await get('/v2/cadastre')).statusCode).toBe(422);
      const outside = await get('/v2/cadastre?latitude=10&longitude=10');
      expect(outside.statusCode).toBe(422);
      expect(outside.json()).toEqual([{ field: 'longitude', message: 'Bod neleží v České republice.' }]);
      expect((await get('/v2/cadastre?x=-10&y=-20')).statusCode).toBe(422);
      expect((await get('/v2/cadastre?x=abc&y=1')).statusCode).toBe(422);
    });
  });

  describe('GET /v2/rail-image', () => {
    it('on the track: the point on the track, deviation, capture time and an image with the interpolated km', async () => {
      const res = await get('/v2/rail-image?longitude=15.0005&latitude=50.035');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        status: 'OK',
        message: null,
        longitude: 15,
        image: '/v2/rail-image/image/15000500_50035000.jpg',
      });
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
      ctx.t.config.mapServices.railImageUrl = `${ctx.upstreamUrl}/rail`;
      const res = await get('/v2/rail-image?longitude=15.1&latitude=50.2');
      expect(res.json()).toEqual({
        status: 'OK',
        message: null,
        longitude: 15,
        latitude: 50,
        image: `${ctx.upstreamUrl}/img/1.jpg`,
        capturedAt: '2025-01-01 10:00:00',
        deviation: 3,
      });
      expect(ctx.hits.at(-1)).toBe('/rail?longitude=15.1&latitude=50.2');
      ctx.mode = 'fail';
      const failed = await get('/v2/rail-image?longitude=15.1&latitude=50.2');
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'Služba náhled na trať vrátila chybu: Porucha kamery' });
    });
  });
});
