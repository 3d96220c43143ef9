/**
 * Offline base-map calls (docs/API.md "Map data, search and trains (issue 6) — contract"); answers are JSON
 * strings cached in memory with a weak ETag (304 on If-None-Match) and `Cache-Control: private, max-age=…`:
 *
 * - GET /v2/map/country → GeoJSON Feature (Polygon) of Czechia
 * - GET /v2/map/railway-lines → FeatureCollection of LineStrings, properties {code, name, category}
 * - GET /v2/map/railway-points?bbox=minLon,minLat,maxLon,maxLat&zoom= → Points {id, code, name, kind, type_code, km}
 * - GET /v2/map/places?bbox=&zoom= → Points {name, kind, population}
 *
 * 422 `[{field, message}]` for a bad bbox or zoom. View Event is enough.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAbility, unprocessable } from '../../app.js';
import {
  ALL_POINTS_FROM_ZOOM,
  countryFeature,
  PLACE_KINDS_FROM_ZOOM,
  parseBbox,
  parseZoom,
  placesCollection,
  railwayLinesCollection,
  railwayPointsCollection,
  railwaySignature,
  type BBox,
} from './basemap.js';

export const baseMapTexts = {
  bbox: 'Rozsah mapy (bbox) musí být minLon,minLat,maxLon,maxLat.',
  zoom: 'Úroveň přiblížení (zoom) musí být číslo 0–12.',
} as const;

/** Answers kept per URL (bbox answers are many: a small LRU by insertion order). */
const MAX_CACHED = 500;

interface Cached {
  signature: string;
  etag: string;
  body: string;
}

export default async function railwayMapRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const cache = new Map<string, Cached>();

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    maxAge: number,
    make: () => Promise<unknown>,
    signature: string,
  ) {
    let hit = cache.get(key);
    if (!hit || hit.signature !== signature) {
      const body = JSON.stringify(await make());
      hit = { signature, body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
      cache.delete(key);
      cache.set(key, hit);
      if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
    }
    reply.header('etag', hit.etag).header('cache-control', `private, max-age=${maxAge}`);
    if (request.headers['if-none-match'] === hit.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(hit.body);
  }

  function bboxZoom(request: FastifyRequest): { bbox: BBox; zoom: number } {
    const q = request.query as Record<string, unknown>;
    const bbox = parseBbox(q.bbox);
    const zoom = parseZoom(q.zoom);
    const problems = [];
    if (!bbox) problems.push({ field: 'bbox', message: baseMapTexts.bbox });
    if (zoom == null) problems.push({ field: 'zoom', message: baseMapTexts.zoom });
    if (problems.length) throw unprocessable(problems);
    return { bbox: bbox!, zoom: zoom! };
  }

  const bboxKey = (b: BBox) => b.join(',');

  app.get('/v2/map/country', async (request, reply) => {
    requireAbility(request, 'view', 'Event');
    return send(request, reply, 'country', 86_400, async () => countryFeature(), 'static');
  });

  app.get('/v2/map/railway-lines', async (request, reply) => {
    requireAbility(request, 'view', 'Event');
    return send(request, reply, 'lines', 300, () => railwayLinesCollection(db), await railwaySignature(db));
  });

  app.get('/v2/map/railway-points', async (request, reply) => {
    requireAbility(request, 'view', 'Event');
    const { bbox, zoom } = bboxZoom(request);
    const stationsOnly = zoom < ALL_POINTS_FROM_ZOOM;
    return send(
      request,
      reply,
      `points:${stationsOnly ? 's' : 'a'}:${bboxKey(bbox)}`,
      300,
      () => railwayPointsCollection(db, bbox, zoom),
      await railwaySignature(db),
    );
  });

  app.get('/v2/map/places', async (request, reply) => {
    requireAbility(request, 'view', 'Event');
    const { bbox, zoom } = bboxZoom(request);
    // the cache key: the highest place-kind threshold reached
    const level = Math.max(...Object.values(PLACE_KINDS_FROM_ZOOM).filter((from) => zoom >= from));
    return send(
      request,
      reply,
      `places:${level}:${bboxKey(bbox)}`,
      300,
      () => placesCollection(db, bbox, zoom),
      await railwaySignature(db),
    );
  });
}
