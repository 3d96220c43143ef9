/**
 * /metrics for Prometheus (issue 23): the app's series (series.ts) fed by Fastify hooks and the areas'
 * counters, served
 * - on its own loopback port by the process (listener.ts, started by server.ts: METRICS_PORT / METRICS_HOST),
 * - and on the main port at `GET /metrics` only with `Authorization: Bearer <METRICS_TOKEN>`: without a token
 *   configured it is 404 `{message}` (an explicit route, so the panel's page never answers it), with a wrong or
 *   missing one 401. Never public.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../db/availability.js';
import { sqlStateOf } from '../http/sqlErrors.js';
import { positionIngestOf } from '../modules/positions/ingest.js';
import { countActiveTrackers } from '../modules/positions/trackers.js';
import { syncCountersOf } from '../sync/counters.js';
import { createPanelMetrics, UNMATCHED, type PanelMetrics } from './series.js';
import { serverTexts } from '../texts.js';
import { metricsTexts } from './texts.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PanelMetrics;
  }
}

const LOGIN_ROUTE = '/v2/auth/login';
export const METRICS_TIMING = {
  /** the tracker count is one query: at most one per this many ms, whatever the scrape rate */
  trackersCacheMs: 30_000,
};

export function registerMetrics(app: FastifyInstance, config: Config): void {
  const deps = app.deps;
  const metrics = createPanelMetrics({
    sync: () => syncCountersOf(deps.db),
    positions: () => positionIngestOf(deps).counters(),
    trackers: cachedTrackerCount(app),
    hub: () => deps.hub.stats?.(),
    redis: () => deps.hub.redisState?.() ?? 'off',
    database: () => deps.database.state(),
    poolWaiting: () => poolWaitingOf(deps.db),
  });
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (route === LOGIN_ROUTE && request.method === 'POST') {
      if (reply.statusCode === 401) metrics.loginFailed();
      else if (reply.statusCode === 429) metrics.loginThrottled();
    }
  });
  // before the error handler: the error as thrown (the gate's own refusal while the database is away is none)
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof DatabaseUnavailableError) return;
    const state = sqlStateOf(error);
    if (state) metrics.databaseError(state.slice(0, 2));
    else if (isDatabaseUnavailable(error)) metrics.databaseError('connection');
  });

  const open = { public: true, withoutDatabase: true } as const;
  app.get('/metrics', { config: open, schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!config.metrics.token) return reply.status(404).send({ message: serverTexts.notFound });
    if (!bearerMatches(request, config.metrics.token)) {
      return reply.status(401).send({ message: metricsTexts.unauthorized });
    }
    metrics.startDefaultMetrics();
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** Constant-time comparison: the token must not leak through timing. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
  if (!m) return false;
  const given = Buffer.from(m[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function cachedTrackerCount(app: FastifyInstance): () => Promise<number | null> {
  let value: number | null = null;
  let at = 0;
  return async () => {
    if (Date.now() - at < METRICS_TIMING.trackersCacheMs) return value;
    if (!app.deps.database.serving()) return value; // no query while the database is away
    at = Date.now();
    value = await countActiveTrackers(app.deps.db).catch(() => value);
    return value;
  };
}

/** pg.Pool's `waitingCount` behind Drizzle's `$client`; PGlite has no pool. */
function poolWaitingOf(db: object): number | null {
  const client = (db as { $client?: { waitingCount?: unknown } }).$client;
  return typeof client?.waitingCount === 'number' ? client.waitingCount : null;
}
