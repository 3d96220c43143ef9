/**
 * Positions (issue 14; contract in docs/ARCHITECTURE.md "Positions"):
 * - GET|POST /v2/positions/osmand[/{secret}] — OsmAnd protocol: query or form parameters (Traccar Client ≤ 8,
 *   OsmAnd app, HTTP trackers) or the JSON body of Traccar Client 9+. Public; the tracker's secret comes in the
 *   path, as `Authorization: Bearer`, or as parameter/JSON key `key`.
 * - POST /v2/positions/traccar[/{secret}] — Traccar's JSON position forwarding (`{position, device}`), secret in
 *   the path or `Authorization: Bearer` (Traccar `forward.header`).
 * - GET /v2/positions/trackers — devices with their tracker state (role admin: manage Debug).
 * - POST /v2/positions/trackers/{deviceId}/secret {trackerId?} — create or rotate; the only answer with the secret.
 * - DELETE /v2/positions/trackers/{deviceId}/secret — revoke.
 * Answers of the ingest: 401 `{result: false, message}` when no report of the request had a valid secret, 422
 * `[{field, message}]` for a request that is not a position, else 200 `{result, positions: [{status, reason?,
 * message?}]}`. A refused position is a 200 on purpose: Traccar Client and the background-geolocation SDK keep a
 * fix that got a non-2xx answer and resend it forever, and a fix outside the bounds never gets better.
 *
 * Schemas: `@panel/domain/positions`. The ingest's query and body schemas document the trackers' protocols;
 * decode.ts stays their parser (its fields and messages), so those routes validate only their path (see
 * `protocolValidator`). Authorization in one place, here: the ingest by the tracker's secret (`answer`), the
 * administration by manage Debug and the device's visibility (`visibleDevice`) before the command.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { okResult } from '@panel/domain/http';
import {
  createdTrackerSecretSchema,
  createTrackerSecretSchema,
  osmandBody,
  osmandParams,
  positionRefusalTexts,
  positionsAnswer,
  traccarForwardBody,
  trackerDeviceParams,
  trackerSecretParams,
  trackerStateSchema,
} from '@panel/domain/positions';
import { requireAbility } from '../../http/requireAbility.js';
import { visibleDevice } from '../devices/access.js';
import { unauthorized, unprocessable } from '../../errors.js';
import {
  decodeOsmAndJson,
  decodeOsmAndParams,
  decodeTraccarForward,
  type Decoded,
  type PositionSource,
} from './decode.js';
import { positionIngestOf, type Outcome } from './ingest.js';
import { schedulePositionPruning } from './retention.js';
import { hashTrackerSecret, looksLikeSecret } from './secrets.js';
import { positionTexts } from './texts.js';
import { listTrackers, removeTrackerSecret, writeTrackerSecret } from './trackers.js';

const open = { public: true } as const;

/** The ingest's path is validated by its schema; its query and body are the protocols' and go to decode.ts. */
function protocolValidator<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  if (route.httpPart === 'params') return validatorCompiler(route as unknown as FastifyRouteSchemaDef<ZodType>);
  return (data: unknown) => ({ value: data });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function bearerOf(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h.trim()) : null;
  return m ? m[1] : null;
}

export default async function positionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ingest = () => positionIngestOf(app.deps);

  // OsmAnd trackers post form parameters; only these routes (this plugin) parse them. A repeated parameter
  // becomes a list, of which decode.ts reads the first (as a tracker's server would)
  await app.register(formbody);

  // history retention: only a listening server prunes (not the route tests)
  let stopPruning: (() => void) | null = null;
  app.addHook('onListen', async () => {
    stopPruning = schedulePositionPruning(app.deps.db, () => app.deps.config.positions.retentionDays);
    // the fleet's secrets in one query, not one per tracker's first report after a restart (not awaited: a
    // database that is away must not hold the start; the trackers are then loaded one by one, as before)
    void ingest()
      .cache.warm()
      .catch((err) => console.error('[panel] position trackers not preloaded', err));
  });
  app.addHook('onClose', async () => {
    stopPruning?.();
    // the write-behind queue is written before the database closes (what fails stays logged, not thrown)
    const ingest = positionIngestOf(app.deps);
    await ingest.flush().catch((err) => console.error('[panel] position queue not written at shutdown', err));
    ingest.writer.stop();
    ingest.hub.flush();
  });

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    decoded: Decoded,
    pathSecret: string | undefined,
    source: PositionSource,
  ) {
    if ('errors' in decoded) throw unprocessable(decoded.errors);
    const secret = pathSecret || bearerOf(request) || decoded.secret;
    if (!secret || !looksLikeSecret(secret)) {
      ingest().countRefusals('unknownDevice', decoded.fixes.length);
      throw unauthorized(secret ? positionRefusalTexts.unknownDevice : positionTexts.missingSecret);
    }
    const secretHash = hashTrackerSecret(secret);
    const outcomes = await ingest().submit(
      decoded.fixes.map((fix) => ({ credential: { kind: 'secret' as const, secretHash }, fix, source })),
    );
    const unauthenticated = (o: Outcome) =>
      o.status === 'refused' && (o.reason === 'unknownDevice' || o.reason === 'revokedDevice');
    if (outcomes.every(unauthenticated)) {
      const o = outcomes[0] as Extract<Outcome, { status: 'refused' }>;
      throw unauthorized(positionRefusalTexts[o.reason]);
    }
    reply.header('cache-control', 'no-store');
    return {
      result: outcomes.some((o) => o.status !== 'refused'),
      positions: outcomes.map((o) =>
        o.status === 'refused'
          ? { status: o.status, reason: o.reason, message: positionRefusalTexts[o.reason] }
          : { status: o.status },
      ),
    };
  }

  const osmand = (request: FastifyRequest, reply: FastifyReply, pathSecret?: string) => {
    const body = request.body;
    if (isObject(body) && 'location' in body) {
      return answer(request, reply, decodeOsmAndJson(body), pathSecret, 'osmand');
    }
    // as Traccar: the query, or the body's parameters when the query has none
    const query = isObject(request.query) ? request.query : {};
    const params = Object.keys(query).length > 0 || !isObject(body) ? query : body;
    return answer(request, reply, decodeOsmAndParams(params), pathSecret, 'osmand');
  };
  const traccar = (request: FastifyRequest, reply: FastifyReply, pathSecret?: string) => {
    const body = isObject(request.body) ? request.body : {};
    return answer(request, reply, decodeTraccarForward(body), pathSecret, 'traccar');
  };

  const ingest200 = { 200: positionsAnswer };
  for (const method of ['GET', 'POST'] as const) {
    // a GET has no body schema (Fastify refuses one)
    const body = method === 'POST' ? { body: osmandBody } : {};
    const docs = { tags: ['positions'], querystring: osmandParams, ...body, response: ingest200 };
    const how = method === 'GET' ? ' (as query parameters)' : '';
    r.route({
      method,
      url: '/v2/positions/osmand',
      config: open,
      schema: {
        operationId: `reportOsmandPosition${method === 'GET' ? 'ByGet' : ''}`,
        summary: `Ingest a position in the OsmAnd protocol${how}, the secret as bearer or key.`,
        ...docs,
      },
      validatorCompiler: protocolValidator,
      handler: (q, s) => osmand(q, s),
    });
    r.route({
      method,
      url: '/v2/positions/osmand/:secret',
      config: open,
      schema: {
        operationId: `reportOsmandPositionWithSecret${method === 'GET' ? 'ByGet' : ''}`,
        summary: `Ingest a position in the OsmAnd protocol${how}, the secret in the path.`,
        params: trackerSecretParams,
        ...docs,
      },
      validatorCompiler: protocolValidator,
      handler: (q, s) => osmand(q, s, q.params.secret),
    });
  }
  const traccarDocs = { body: traccarForwardBody, response: ingest200 };
  r.post(
    '/v2/positions/traccar',
    {
      config: open,
      schema: {
        ...traccarDocs,
        operationId: 'reportTraccarPosition',
        summary: 'Ingest positions forwarded by Traccar (secret as bearer).',
        tags: ['positions'],
      },
      validatorCompiler: protocolValidator,
    },
    (q, s) => traccar(q, s),
  );
  r.post(
    '/v2/positions/traccar/:secret',
    {
      config: open,
      schema: {
        operationId: 'reportTraccarPositionWithSecret',
        summary: 'Ingest positions forwarded by Traccar, the secret in the path.',
        tags: ['positions'],
        params: trackerSecretParams,
        ...traccarDocs,
      },
      validatorCompiler: protocolValidator,
    },
    (q, s) => traccar(q, s, q.params.secret),
  );

  // --- administration (role admin): authorize → load the device the admin sees → command → present
  const actorOf = (request: FastifyRequest) => ({ userId: request.auth.user.id, deviceId: request.auth.deviceId });

  r.get(
    '/v2/positions/trackers',
    {
      schema: {
        operationId: 'listTrackers',
        summary: 'List the devices with their tracker state.',
        tags: ['positions'],
        response: { 200: trackerStateSchema.array() },
      },
    },
    async (request) => {
      requireAbility(request, 'manage', 'Debug');
      return listTrackers(app.deps.db, request.auth);
    },
  );

  r.post(
    '/v2/positions/trackers/:deviceId/secret',
    {
      schema: {
        operationId: 'createTrackerSecret',
        summary: 'Create or rotate the tracker secret of a device (the only answer with it).',
        tags: ['positions'],
        params: trackerDeviceParams,
        body: createTrackerSecretSchema,
        response: { 200: createdTrackerSecretSchema },
      },
    },
    async (request) => {
      requireAbility(request, 'manage', 'Debug');
      const device = await visibleDevice(app.deps.db, request.auth, request.params.deviceId);
      return writeTrackerSecret(app.deps, actorOf(request), device, request.body);
    },
  );

  r.delete(
    '/v2/positions/trackers/:deviceId/secret',
    {
      schema: {
        operationId: 'deleteTrackerSecret',
        summary: 'Revoke the tracker secret of a device.',
        tags: ['positions'],
        params: trackerDeviceParams,
        response: { 200: okResult },
      },
    },
    async (request) => {
      requireAbility(request, 'manage', 'Debug');
      const device = await visibleDevice(app.deps.db, request.auth, request.params.deviceId);
      await removeTrackerSecret(app.deps, actorOf(request), device);
      return { result: true as const };
    },
  );
}
