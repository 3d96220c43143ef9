/**
 * Offline base-map calls (docs/API.md "Map data, search and trains (issue 6) — contract"); answers are JSON
 * strings cached in memory with a weak ETag (304 on If-None-Match) and `Cache-Control: private, max-age=…`:
 *
 * - GET /v2/map/country → GeoJSON Feature (Polygon) of Czechia
 * - GET /v2/map/railway-lines → FeatureCollection of LineStrings, properties {code, name, category}
 * - GET /v2/map/railway-points?bbox=minLon,minLat,maxLon,maxLat&zoom= → Points {id, code, name, kind, type_code, km}
 * - GET /v2/map/places?bbox=&zoom= → Points {name, kind, population}
 *
 * 422 `[{field, message}]` for a bad bbox or zoom (schemas: `@panel/domain/map` baseMapSchema.ts). View Event is
 * enough; it is checked in each route's preValidation, so a refused user hears 403 before any 422.
 */
import { createHash } from 'node:crypto';
import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import {
  baseMapTexts,
  bboxZoomQuery,
  countryFeature as countryFeatureSchema,
  placesCollection as placesSchema,
  railwayLinesCollection as railwayLinesSchema,
  railwayPointsCollection as railwayPointsSchema,
  type BBox,
} from '@panel/domain/map';
import { requireAbility } from '../../../http/requireAbility.js';
import {
  ALL_POINTS_FROM_ZOOM,
  countryFeature,
  PLACE_KINDS_FROM_ZOOM,
  placesCollection,
  railwayLinesCollection,
  railwayPointsCollection,
  railwaySignature,
} from './basemap.js';

/** kept for callers that read the texts from here; they live beside the schema in the domain */
export { baseMapTexts };

/** Answers kept per URL (bbox answers are many: a small LRU). */
const MAX_CACHED = 500;

interface Cached {
  signature: string;
  etag: string;
  body: string;
}

export default async function railwayMapRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = new LRUCache<string, Cached>({ max: MAX_CACHED });
  // our ETag (SHA-1 of the cached body, made once per body) is set before sending; the plugin answers 304 to a
  // matching If-None-Match. Registered in this scope: other areas' answers keep their own headers.
  await app.register(etag, { weak: true });

  /** The cached JSON text (the layers are large: stringified once per change, not per request). */
  async function send(
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
      cache.set(key, hit);
    }
    reply.header('etag', hit.etag).header('cache-control', `private, max-age=${maxAge}`);
    return reply.type('application/json; charset=utf-8').send(hit.body);
  }

  const bboxKey = (b: BBox) => b.join(',');

  // authorization in one place, before validation: a user who may not see the map hears 403, not a bbox 422
  const viewEvent = async (request: FastifyRequest) => requireAbility(request, 'view', 'Event');

  r.get(
    '/v2/map/country',
    {
      preValidation: viewEvent,
      schema: {
        operationId: 'getCountryOutline',
        summary: 'The outline of the country (GeoJSON).',
        tags: ['map'],
        response: { 200: countryFeatureSchema },
      },
    },
    async (_request, reply) => send(reply, 'country', 86_400, async () => countryFeature(), 'static'),
  );

  r.get(
    '/v2/map/railway-lines',
    {
      preValidation: viewEvent,
      schema: {
        operationId: 'listRailwayLines',
        summary: 'The railway lines (GeoJSON).',
        tags: ['map'],
        response: { 200: railwayLinesSchema },
      },
    },
    async (_request, reply) => send(reply, 'lines', 300, () => railwayLinesCollection(db), await railwaySignature(db)),
  );

  const bboxSchema = (
    answer: typeof railwayPointsSchema | typeof placesSchema,
    names: { operationId: string; summary: string },
  ) => ({
    preValidation: viewEvent,
    schema: { ...names, tags: ['map'], querystring: bboxZoomQuery, response: { 200: answer } },
  });

  r.get(
    '/v2/map/railway-points',
    bboxSchema(railwayPointsSchema, {
      operationId: 'listRailwayPoints',
      summary: 'The railway points (stations, stops) in a box at a zoom level (GeoJSON).',
    }),
    async (request, reply) => {
      const { bbox, zoom } = request.query;
      const stationsOnly = zoom < ALL_POINTS_FROM_ZOOM;
      return send(
        reply,
        `points:${stationsOnly ? 's' : 'a'}:${bboxKey(bbox)}`,
        300,
        () => railwayPointsCollection(db, bbox, zoom),
        await railwaySignature(db),
      );
    },
  );

  r.get(
    '/v2/map/places',
    bboxSchema(placesSchema, {
      operationId: 'listPlaces',
      summary: 'The named places in a box at a zoom level (GeoJSON).',
    }),
    async (request, reply) => {
      const { bbox, zoom } = request.query;
      // the cache key: the highest place-kind threshold reached
      const level = Math.max(...Object.values(PLACE_KINDS_FROM_ZOOM).filter((from) => zoom >= from));
      return send(
        reply,
        `places:${level}:${bboxKey(bbox)}`,
        300,
        () => placesCollection(db, bbox, zoom),
        await railwaySignature(db),
      );
    },
  );
}
