/**
 * Positions (issue 14; contract in docs/ARCHITECTURE.md "Positions (issue 14) as built"):
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
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTrackerSecretSchema, positionRefusalTexts, trackerTexts } from '@panel/domain/positions';
import { wireIdParam } from '@panel/domain/validation';
import { requireAbility } from '../../app.js';
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
import { createTrackerSecret, listTrackers, revokeTrackerSecret } from './trackers.js';

const open = { public: true } as const;
const secretParams = z.object({ secret: z.string().max(200) });
const deviceParams = z.object({ deviceId: wireIdParam(trackerTexts.badId) });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function bearerOf(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h.trim()) : null;
  return m ? m[1] : null;
}

export default async function positionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ingest = () => positionIngestOf(app.deps);

  // OsmAnd trackers post form parameters; only these routes (this plugin) parse them
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const params: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body as string)) if (!(k in params)) params[k] = v;
    done(null, params);
  });

  // history retention: only a listening server prunes (not the route tests)
  let stopPruning: (() => void) | null = null;
  app.addHook('onListen', async () => {
    stopPruning = schedulePositionPruning(app.deps.db, () => app.deps.config.positions.retentionDays);
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
    if (isObject(body) && 'location' in body)
      return answer(request, reply, decodeOsmAndJson(body), pathSecret, 'osmand');
    // as Traccar: the query, or the body's parameters when the query has none
    const query = isObject(request.query) ? request.query : {};
    const params = Object.keys(query).length > 0 || !isObject(body) ? query : body;
    return answer(request, reply, decodeOsmAndParams(params), pathSecret, 'osmand');
  };
  const traccar = (request: FastifyRequest, reply: FastifyReply, pathSecret?: string) => {
    const body = isObject(request.body) ? request.body : {};
    return answer(request, reply, decodeTraccarForward(body), pathSecret, 'traccar');
  };

  for (const method of ['GET', 'POST'] as const) {
    r.route({ method, url: '/v2/positions/osmand', config: open, handler: (q, s) => osmand(q, s) });
    r.route({
      method,
      url: '/v2/positions/osmand/:secret',
      config: open,
      schema: { params: secretParams },
      handler: (q, s) => osmand(q, s, (q.params as { secret: string }).secret),
    });
  }
  r.post('/v2/positions/traccar', { config: open }, (q, s) => traccar(q, s));
  r.post('/v2/positions/traccar/:secret', { config: open, schema: { params: secretParams } }, (q, s) =>
    traccar(q, s, q.params.secret),
  );

  // --- administration (role admin)
  r.get('/v2/positions/trackers', async (request) => {
    requireAbility(request, 'manage', 'Debug');
    return listTrackers(app.deps.db, request.auth);
  });

  r.post(
    '/v2/positions/trackers/:deviceId/secret',
    { schema: { params: deviceParams, body: createTrackerSecretSchema } },
    async (request) => {
      requireAbility(request, 'manage', 'Debug');
      return createTrackerSecret(app.deps, request.auth, request.params.deviceId, request.body);
    },
  );

  r.delete('/v2/positions/trackers/:deviceId/secret', { schema: { params: deviceParams } }, async (request) => {
    requireAbility(request, 'manage', 'Debug');
    await revokeTrackerSecret(app.deps, request.auth, request.params.deviceId);
    return { result: true };
  });
}
