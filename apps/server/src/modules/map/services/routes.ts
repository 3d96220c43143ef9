/**
 * Map-service calls (issue 6 part B; docs/API.md "Map services (issue 6) — contract"): cadastre, rail image,
 * hunting regions and their contacts, explore (SAP), intervention zones and unit points, panorama, the WMS
 * capabilities proxy and estimated routes. Each call asks a provider in `integrations/map/<name>/` (routes:
 * `integrations/routing/`, shared with the live ETA): the default works offline from our own tables, a URL in
 * config (`config.mapServices`) switches to the real service.
 * Real-service failures are logged by the provider and answered 502 with the spec's Czech text where it has
 * one. Every call needs a session except the proxy (public, GetCapabilities of allowed hosts only).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { binaryBody } from '@panel/domain/http';
import {
  baseRouteParams,
  baseRouteQuery,
  cadastreAnswer,
  cadastreQuery,
  exploreLinesAnswer,
  explorePointsAnswer,
  huntingContactAnswer as huntingContactAnswerSchema,
  huntingContactBody,
  huntingContactParams,
  huntingRegionAnswer,
  huntingRegionBody,
  imageParams,
  jobRouteParams,
  jpoAnswer,
  lonLat,
  lonLatParams,
  panoramaAnswer,
  panoramaQuery,
  proxyQuery,
  railImageAnswer,
  railImageQuery,
  routeAnswer,
} from '@panel/domain/map';
import { HttpError, notFound, unprocessable } from '../../../errors.js';
import { authorize } from '../../../http/authorize.js';
import { cadastreProvider } from '../../../integrations/map/cadastre/provider.js';
import { explorePoints, exploreRoutes } from '../../../integrations/map/explore/provider.js';
import { fromSjtsk, normalizeSjtsk, toSjtsk } from '../../../integrations/geo/krovak.js';
import { ServiceError, type FetchOptions } from '../../../integrations/geo/http.js';
import { parseRegionId } from '../../../integrations/map/hunting/provider.js';
import { huntingProvider } from '../../../integrations/map/hunting/select.js';
import { isUhulRegionId } from '../../../integrations/map/hunting/uhul.js';
import { jpoProvider } from '../../../integrations/map/jpo/provider.js';
import {
  checkProxyUrl,
  fetchCapabilities,
  PROXY_ANSWER_HEADERS,
  ProxyContentError,
  proxyTexts,
} from '../../../integrations/map/mapproxy/proxy.js';
import {
  cachedTile,
  checkTileUrl,
  TILE_MAX_AGE_S,
  TileCache,
  tileProxyHosts,
  tileProxyTexts,
  type Tile,
} from '../../../integrations/map/mapproxy/tiles.js';
import { panoramaProvider } from '../../../integrations/map/panorama/provider.js';
import { railImageProvider } from '../../../integrations/map/railimage/provider.js';
import { routingProvider } from '../../../integrations/routing/provider.js';
import { huntingContactAnswer, normalizeHuntingPhone } from './hunting.js';
import { presentRoute, routeFromBase, routeFromJob } from './routing.js';
import { mapServiceTexts as t } from './texts.js';

const jpeg = binaryBody('image/jpeg');

/** 502 `{message}`; the provider has logged the failure already. */
const badGateway = (message: string) => new HttpError(502, message);
/** The hunting contact writes answer the service's body: 200, or 404 when the contact is not found (hunting.ts). */
const huntingContactResponse = { 200: huntingContactAnswerSchema, 404: huntingContactAnswerSchema };

async function orBadGateway<T>(work: Promise<T>, message: string | ((e: ServiceError) => string)): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ServiceError) throw badGateway(typeof message === 'function' ? message(err) : message);
    throw err;
  }
}

/** A small per-app cache of rendered JPEGs (rendering a panorama takes ~1–2 s). */
function imageCache(max = 24, ttlMs = 10 * 60_000) {
  const entries = new Map<string, { at: number; value: Promise<Buffer | null> }>();
  return (key: string, make: () => Promise<Buffer | null>): Promise<Buffer | null> => {
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < ttlMs) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const value = make().catch((err) => {
      entries.delete(key);
      throw err;
    });
    entries.set(key, { at: Date.now(), value });
    while (entries.size > max) entries.delete(entries.keys().next().value as string);
    return value;
  };
}

function sendJpeg(reply: FastifyReply, image: Buffer | null) {
  if (!image) throw notFound(t.imageNotFound);
  return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(image);
}

const jpgKey = (file: string) => /^([\w-]{1,40})\.jpe?g$/i.exec(file)?.[1] ?? null;

export default async function mapServiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cfg = () => app.deps.config.mapServices;
  const opts = (request: FastifyRequest): FetchOptions => ({ log: request.log });
  // tiles proxied for hosts without CORS, per node (a tile is cheap to fetch again on the other node)
  const tileCache = new TileCache();
  const tilesInflight = new Map<string, Promise<Tile>>();
  const railImages = imageCache();
  // HUNTING_URL (the spec's JSON service), else ÚHÚL's WMS of hunting grounds, else the offline grid
  const hunting = (request: FastifyRequest) =>
    huntingProvider(app.deps.db, cfg().huntingUrl, opts(request), {
      url: cfg().huntingWmsUrl,
      layers: cfg().huntingWmsLayers,
    });
  const panoramas = imageCache(12);

  // --- 1. cadastre
  r.get(
    '/v2/cadastre',
    {
      schema: {
        operationId: 'getCadastre',
        summary: 'The cadastre information of a point (parcel, link to the land register).',
        tags: ['map'],
        querystring: cadastreQuery,
        response: { 200: cadastreAnswer },
      },
    },
    async (request) => {
      const q = request.query;
      let point: { x: number; y: number; lon: number; lat: number } | null = null;
      // the spec sends "latitude, longitude in national projection": any pair beyond degrees is S-JTSK
      const pair =
        q.x !== undefined && q.y !== undefined
          ? { a: q.x, b: q.y, national: true }
          : q.longitude !== undefined && q.latitude !== undefined
            ? {
                a: q.longitude,
                b: q.latitude,
                national: Math.abs(q.longitude) > 1000 || Math.abs(q.latitude) > 1000,
              }
            : null;
      if (!pair) throw unprocessable({ field: 'x', message: t.coordinatesRequired });
      if (pair.national) {
        const s = normalizeSjtsk(pair.a, pair.b);
        if (s) {
          const [lon, lat] = fromSjtsk(s);
          point = { ...s, lon, lat };
        }
      } else if (Math.abs(pair.a) <= 180 && Math.abs(pair.b) <= 90) {
        const s = toSjtsk(lonLat(pair.a, pair.b));
        if (normalizeSjtsk(s.x, s.y)) point = { ...s, lon: pair.a, lat: pair.b };
      }
      if (!point) throw unprocessable({ field: q.x !== undefined ? 'x' : 'longitude', message: t.outsideCountry });
      const provider = cadastreProvider(app.deps.db, cfg().cadastreWfsUrl, opts(request));
      return orBadGateway(provider.lookup(point), t.cadastreError);
    },
  );

  // --- 2. rail image
  r.get(
    '/v2/rail-image',
    {
      schema: {
        operationId: 'getRailImage',
        summary: 'The rail image at the track nearest to a point.',
        tags: ['map'],
        querystring: railImageQuery,
        response: { 200: railImageAnswer },
      },
    },
    async (request) => {
      const provider = railImageProvider(app.deps.db, cfg().railImageUrl, opts(request));
      return orBadGateway(provider.lookup(request.query.longitude, request.query.latitude), (e) =>
        e.serviceMessage ? t.railImageServiceError(e.serviceMessage) : t.railImageError,
      );
    },
  );

  r.get(
    '/v2/rail-image/image/:file',
    {
      schema: {
        operationId: 'getRailImageFile',
        summary: 'A rail image file (JPEG).',
        tags: ['map'],
        params: imageParams,
        response: { 200: jpeg },
      },
    },
    async (request, reply) => {
      const key = jpgKey(request.params.file);
      const provider = railImageProvider(app.deps.db, cfg().railImageUrl, opts(request));
      if (!key || !provider.image) throw notFound(t.imageNotFound);
      const image = provider.image.bind(provider);
      return sendJpeg(reply, await railImages(key, () => image(key)));
    },
  );

  // --- 3. hunting regions and their contacts
  r.post(
    '/hunting-region',
    {
      schema: {
        operationId: 'getHuntingRegion',
        summary: 'The hunting regions at a point with their contacts.',
        tags: ['map'],
        body: huntingRegionBody,
        response: { 200: huntingRegionAnswer },
      },
    },
    async (request) => {
      const provider = hunting(request);
      return orBadGateway(provider.regions(request.body.lat, request.body.lon), t.huntingError);
    },
  );

  // Contacts of a hunting region are contacts: writing them needs create EventContact (000 §6 "create
  // EventContact needed to create/edit"), which the view-only group MNG lacks.
  r.post(
    '/hunting-region/contact',
    {
      schema: {
        operationId: 'saveHuntingContact',
        summary: 'Create or change a contact of a hunting region.',
        tags: ['map'],
        body: huntingContactBody,
        response: huntingContactResponse,
      },
    },
    async (request, reply) => {
      authorize(request.auth, 'create', 'EventContact');
      const b = request.body;
      const phone = normalizeHuntingPhone(b.phone);
      if (!phone.ok) throw unprocessable({ field: 'phone', message: phone.message });
      const provider = hunting(request);
      // our own contacts need a region id we gave: a grid cell offline, `UHUL-{code}` from ÚHÚL
      const known =
        provider.kind === 'offline'
          ? parseRegionId(b.hunting_region_id)
          : provider.kind === 'uhul'
            ? isUhulRegionId(b.hunting_region_id)
            : true;
      if (!known) {
        throw unprocessable({ field: 'hunting_region_id', message: t.unknownRegion });
      }
      const result = await orBadGateway(
        provider.saveContact({ ...b, phone: phone.value }, request.auth.user.id),
        t.huntingError,
      );
      const answer = huntingContactAnswer(result);
      return reply.status(answer.status).send(answer.body);
    },
  );

  // The spec's delete is `GET /hunting-region/contact/delete/{id}` (001 §7); our panel sends the DELETE. Both
  // change the same thing. A GET that writes is safe here: every call needs the bearer token, app-code and
  // instance headers (no cookie), so a link, a prefetcher or another site cannot make a browser send one.
  for (const [method, url, operationId] of [
    ['DELETE', '/hunting-region/contact/:id', 'deleteHuntingContact'],
    ['GET', '/hunting-region/contact/delete/:id', 'deleteHuntingContactByGet'],
  ] as const) {
    r.route({
      method,
      url,
      schema: {
        operationId,
        summary: `Delete a contact of a hunting region${method === 'GET' ? ' (the spec’s GET form)' : ''}.`,
        tags: ['map'],
        params: huntingContactParams,
        response: huntingContactResponse,
      },
      handler: async (request, reply) => {
        authorize(request.auth, 'create', 'EventContact');
        const provider = hunting(request);
        const result = await orBadGateway(provider.deleteContact(request.params.id), t.huntingError);
        const answer = huntingContactAnswer(result);
        return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
      },
    });
  }

  // --- 4. explore (SAP)
  r.get(
    '/v2/explore/sap/routes/:lon/:lat',
    {
      schema: {
        operationId: 'exploreRailwayRoutes',
        summary: 'The railway lines (SAP) near a point.',
        tags: ['map'],
        params: lonLatParams,
        response: { 200: exploreLinesAnswer },
      },
    },
    async (request) => exploreRoutes(app.deps.db, request.params.lon, request.params.lat),
  );
  r.get(
    '/v2/explore/sap/:lon/:lat',
    {
      schema: {
        operationId: 'exploreRailwayPoints',
        summary: 'The railway points (SAP) near a point.',
        tags: ['map'],
        params: lonLatParams,
        response: { 200: explorePointsAnswer },
      },
    },
    async (request) => explorePoints(app.deps.db, request.params.lon, request.params.lat),
  );

  // --- 5. intervention zones and unit points
  r.get(
    '/jpo-area',
    {
      schema: {
        operationId: 'listJpoAreas',
        summary: 'The intervention zones of the units (JPO areas).',
        tags: ['map'],
        response: { 200: jpoAnswer },
      },
    },
    async (request) => orBadGateway(jpoProvider(app.deps.db, cfg().jpoUrl, opts(request)).areas(), t.jpoError),
  );
  r.get(
    '/jpo-point',
    {
      schema: {
        operationId: 'listJpoPoints',
        summary: 'The points of the units (JPO).',
        tags: ['map'],
        response: { 200: jpoAnswer },
      },
    },
    async (request) => orBadGateway(jpoProvider(app.deps.db, cfg().jpoUrl, opts(request)).points(), t.jpoError),
  );

  // --- 6. panorama
  r.get(
    '/v2/panorama',
    {
      schema: {
        operationId: 'getPanorama',
        summary: 'The panorama image nearest to a point.',
        tags: ['map'],
        querystring: panoramaQuery,
        response: { 200: panoramaAnswer },
      },
    },
    async (request) => {
      const provider = panoramaProvider(app.deps.db, cfg().mapyApiKey);
      return orBadGateway(provider.lookup(request.query), t.panoramaError);
    },
  );

  r.get(
    '/v2/panorama/image/:file',
    {
      schema: {
        operationId: 'getPanoramaImage',
        summary: 'A panorama image file (JPEG).',
        tags: ['map'],
        params: imageParams,
        response: { 200: jpeg },
      },
    },
    async (request, reply) => {
      const key = jpgKey(request.params.file);
      const provider = panoramaProvider(app.deps.db, cfg().mapyApiKey);
      if (!key || !provider.image) throw notFound(t.imageNotFound);
      const image = provider.image.bind(provider);
      return sendJpeg(reply, await panoramas(key, () => image(key)));
    },
  );

  // --- 7. WMS capabilities proxy: public (001 §7 "no auth header"), GetCapabilities of allowed hosts only
  r.get(
    '/v2/map/proxy',
    {
      config: { public: true },
      schema: {
        operationId: 'proxyMapCapabilities',
        summary: 'Fetch the WMS capabilities of an allowed map host.',
        tags: ['map'],
        querystring: proxyQuery,
        response: { 200: binaryBody('text/xml, application/xml (WMS capabilities)') },
      },
    },
    async (request, reply) => {
      const check = checkProxyUrl(request.query.url, cfg().mapProxyHosts);
      if (!check.ok) {
        if (check.status === 422) throw unprocessable({ field: 'url', message: check.message });
        throw new HttpError(403, check.message);
      }
      const answer = await orBadGateway(fetchCapabilities(check.url, opts(request)), t.wmsCapabilitiesFailed).catch(
        (err: unknown) => {
          throw err instanceof ProxyContentError ? badGateway(proxyTexts.unsupportedType) : err;
        },
      );
      // served from our origin: nothing in it may run here (see PROXY_ANSWER_HEADERS)
      return reply
        .headers(PROXY_ANSWER_HEADERS)
        .type(answer.contentType)
        .header('cache-control', 'public, max-age=300')
        .send(answer.body);
    },
  );

  // --- 7b. tiles of hosts without CORS (issue 24 item 15): public like the capabilities proxy, allowed hosts only
  r.get(
    '/v2/map/tile',
    {
      config: { public: true },
      schema: {
        operationId: 'proxyMapTile',
        summary: 'Fetch a map tile of an allowed host without CORS.',
        tags: ['map'],
        querystring: proxyQuery,
        response: { 200: binaryBody('image/png, image/jpeg, … (a map tile)') },
      },
    },
    async (request, reply) => {
      const check = checkTileUrl(request.query.url, tileProxyHosts(cfg().mapProxyHosts, app.deps.config.mapLayers));
      if (!check.ok) {
        if (check.status === 422) throw unprocessable({ field: 'url', message: check.message });
        throw new HttpError(403, check.message);
      }
      const { tile, hit } = cachedTile(tileCache, tilesInflight, check.url, opts(request));
      const answer = await orBadGateway(tile, tileProxyTexts.failed);
      return reply
        .headers(PROXY_ANSWER_HEADERS)
        .type(answer.contentType)
        .header('cache-control', `public, max-age=${TILE_MAX_AGE_S}`)
        .header('x-cache', hit ? 'hit' : 'miss')
        .send(answer.body);
    },
  );

  // --- 8. estimated routes
  r.get(
    '/v2/routes/event-job/:jobId',
    {
      schema: {
        operationId: 'getEventJobRoute',
        summary: 'The estimated route of a deployed vehicle to its event.',
        tags: ['map'],
        params: jobRouteParams,
        response: { 200: routeAnswer },
      },
    },
    async (request) => {
      authorize(request.auth, 'view', 'Event');
      const leg = await routeFromJob(app.deps.db, request.auth, request.params.jobId);
      const provider = routingProvider(cfg().routingUrl, opts(request));
      return presentRoute(await orBadGateway(provider.route(leg.from, leg.to), t.routingError));
    },
  );

  r.get(
    '/v2/routes/base/:baseId',
    {
      schema: {
        operationId: 'getBaseRoute',
        summary: 'The estimated route from a base to a point.',
        tags: ['map'],
        params: baseRouteParams,
        querystring: baseRouteQuery,
        response: { 200: routeAnswer },
      },
    },
    async (request) => {
      authorize(request.auth, 'view', 'Event');
      const leg = await routeFromBase(app.deps.db, request.auth, request.params.baseId, request.query.eventId);
      const provider = routingProvider(cfg().routingUrl, opts(request));
      return presentRoute(await orBadGateway(provider.route(leg.from, leg.to), t.routingError));
    },
  );
}
