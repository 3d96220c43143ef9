/**
 * Builds the Fastify app: zod type provider, the services (`app.deps`), one error handler, the authentication
 * gate, every area as a named plugin (modules/areas.ts), /version.json and the built panel with SPA fallback. No
 * listening here (server.ts does that), so tests drive the same app through `app.inject`.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type http from 'node:http';
import Fastify, {
  type FastifyHttpOptions,
  type FastifyServerOptions,
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { versionInfoSchema } from '@panel/domain/health';
import { toFieldErrors } from '@panel/domain/http';
import type { Config } from './config.js';
import type { AppDeps, PushHub } from './context.js';
import type { Database } from './db/client.js';
import { createDatabaseMonitor, selectOne, type DatabaseMonitor } from './db/monitor.js';
import { registerDatabaseBudget } from './http/databaseBudget.js';
import { answerDatabaseFailure, registerDatabaseGate } from './http/databaseGate.js';
import { HttpError } from './errors.js';
import { serverTexts, type FieldError } from './texts.js';
import { registerCompression } from './http/compression.js';
import { registerOpenApi } from './http/openapi.js';
import { responseSerializer, strictResponses } from './http/responseSerializer.js';
import { registerPanel } from './http/panelFiles.js';
import { collectRoutes } from './http/routeIndex.js';
import type { MapLayersConfig } from '@panel/domain/map';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { baseMapsOf } from './integrations/map/wmts/baseMaps.js';
import { memoizedMapPresenter, registerSettingsPresenter } from './sync/settingsPresenter.js';
import { classifySqlError } from './http/sqlErrors.js';
import { registerTextGuard } from './http/textGuard.js';
import { authGuardPlugin } from './modules/auth/guard.js';
import { AREA_PLUGINS } from './modules/areas.js';
import { servicesPlugin } from './http/plugins.js';
import { createNullHub } from './nullHub.js';
import { buildInfo } from './buildInfo.js';
import { loggerOptions } from './logging/options.js';
import { maskSecrets } from './logging/secrets.js';
import { registerMetrics } from './metrics/plugin.js';
import demoDzinRoutes from './demo/dzinPage.js';

export interface BuildAppOptions {
  config: Config;
  /** an opened, migrated database */
  db: Database;
  /** push hub; default: one that publishes nowhere */
  hub?: PushHub;
  /** Fastify's logger (pino); off by default so tests stay quiet */
  logger?: boolean;
  /** sees every route as it is registered (the authorization and generated-request tests collect them) */
  onRoute?: (route: RouteOptions) => void;
  /** database readiness (server.ts: starts before the database is there); default: prepared, probed by `select 1` */
  database?: DatabaseMonitor;
}

const startedAt = new Date();

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const options: FastifyHttpOptions<http.Server> = {
    // redacted secrets, masked tracker URLs (logging/options.ts)
    logger: opts.logger ? loggerOptions(process.env.LOG_LEVEL ?? 'info') : false,
    bodyLimit: 1024 * 1024,
    trustProxy: opts.config.trustProxy,
    frameworkErrors: answerFrameworkError,
    // thousands of panels poll POST /v2/app and /version.json, load balancers /healthz and /readyz, trackers
    // report every few seconds: log those only when they fail (/metrics counts them)
    logController: new LogController({
      disableRequestLogging: (request) => isPollingCall(request.method, request.url),
    }),
    // every route validates with zod and answers through responseSerializer; given here, not by
    // setValidatorCompiler, Fastify never loads its ajv and fast-json-stringify defaults (~150 ms of a start)
    schemaController: { compilersFactory: zodCompilers() },
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  const routes = collectRoutes(app); // before any route: the not-found handler tells 404, 405 and the panel

  const database = opts.database ?? createDatabaseMonitor({ probe: selectOne(opts.db), prepared: true });
  database.useLog(app.log);
  const deps: AppDeps = { config: opts.config, db: opts.db, hub: opts.hub ?? createNullHub(), database };
  await app.register(servicesPlugin(deps)); // `app.deps`, the named plugin every area depends on
  registerMetrics(app, opts.config); // before the routes: its hooks time all of them (metrics/)
  // every answer carrying the settings gets the map layers as they are now (tile grids, notice; issue 15)
  registerSettingsPresenter(
    opts.db,
    memoizedMapPresenter((layers) => baseMapsOf(opts.config, app.log).current(layers as MapLayersConfig | null)),
  );

  registerJsonParser(app);
  app.setErrorHandler(handleError);
  await registerSecurityHeaders(app, opts.config); // before the guard: a 401 carries the headers too
  registerDatabaseGate(app); // before the auth guard: no session lookup while the database is away
  registerDatabaseBudget(app, opts.config.database.callBudgetMs); // a stalled database: 503 within the budget
  await app.register(authGuardPlugin);
  registerTextGuard(app);
  await registerCompression(app); // before the routes: its onSend hook is for all of them
  await registerOpenApi(app); // before the routes: it collects them as they are added

  // every area as a named plugin; Fastify checks each one's dependencies as it registers (modules/areas.ts)
  for (const area of AREA_PLUGINS) await app.register(area);
  // a demo server has no DŽIN application: its settings point at this stand-in page (demo/dzinPage.ts)
  if (opts.config.seed === 'demo' && !opts.config.dzinEventUrl) await app.register(demoDzinRoutes);

  const version = {
    config: { public: true, withoutDatabase: true },
    schema: {
      operationId: 'getVersion',
      summary: 'The release of the panel and the hash a running panel compares to reload.',
      tags: ['health'],
      response: { 200: versionInfoSchema },
    },
  };
  app.get('/version.json', version, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // environment too: the login view shows its chip before any data are loaded; the release for the options menu
    const { version, commit } = buildInfo();
    return { hash: await versionHash(opts.config.webDist), version, commit, environment: opts.config.environment };
  });

  await registerPanel(app, opts.config.webDist, routes);
  return app;
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * The zod validator and the response serializer as Fastify's compiler factories. Their declared types are ajv's
 * and fast-json-stringify's; Fastify calls the compiler a factory returns exactly as one set by
 * setValidatorCompiler / setSerializerCompiler (route schema in, check or serializer out).
 */
function zodCompilers(): CompilersFactory {
  const serializer = responseSerializer(strictResponses());
  return {
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: (() => serializer) as unknown as CompilersFactory['buildSerializer'],
  };
}

/** A URL the router cannot decode (bad %-escapes) or a path param over its length: the house `{message}`. */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(error.statusCode === 414 ? 414 : 400).send({ message: serverTexts.malformed });
}

function isPollingCall(method: string, url: string): boolean {
  const pathname = url.split('?')[0];
  if (pathname.startsWith('/v2/positions/osmand') || pathname.startsWith('/v2/positions/traccar')) return true;
  if (method === 'POST') return pathname === '/v2/app';
  return method === 'GET' && ['/version.json', '/healthz', '/readyz'].includes(pathname); // + load balancers
}

/** JSON bodies: an empty body counts as `{}` (clients send POSTs without payload with a JSON content type). */
function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    void parseJson(request, body as string, done); // callback style: it answers through `done`
  });
}

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

/** one entry per field, first message wins (as domain `toFieldErrors`) */
function uniqueFields(list: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return list.filter((e) => !seen.has(e.field) && seen.add(e.field));
}

function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  // database unreachable, restarting or closed: 503 + Retry-After, never 500 (db/availability.ts)
  const unavailable = answerDatabaseFailure(error, request, reply);
  if (unavailable) return unavailable;
  if (error instanceof HttpError) {
    // a refusal that asks to retry later (busy queue, rate limit) is expected, not a failure to log
    const expected = error.headers?.['retry-after'] !== undefined;
    if (error.statusCode >= 500 && !expected) {
      request.log.error({ err: error, ...requestContext(request) }, error.message);
    }
    if (error.headers) void reply.headers(error.headers);
    return reply.status(error.statusCode).send(error.body ?? { message: error.message });
  }
  if (error instanceof ZodError) return reply.status(422).send(toFieldErrors(error));
  const fe = error as FastifyError;
  // schema validation of body, query or params (zod through the type provider, or any other validator)
  if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(fe.validation)) {
    const list = (fe.validation ?? []).map((v) => ({
      field: fieldOf(v.instancePath ?? ''),
      message: v.message ?? serverTexts.validation,
    }));
    return reply.status(422).send(uniqueFields(list));
  }
  // bad input the routes did not catch, refused by the database: 4xx, not 500 (http/sqlErrors.ts)
  const refusal = classifySqlError(error);
  if (refusal) {
    request.log.warn(
      { err: error, sqlState: refusal.sqlState, ...requestContext(request) },
      'input refused by the database',
    );
    return reply.status(refusal.status).send(refusal.body);
  }
  const status = fe.statusCode ?? 500;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return reply.status(413).send({ message: serverTexts.tooLarge });
  }
  if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return reply.status(400).send({ message: serverTexts.malformed });
  }
  if (status === 401) return reply.status(401).send({ result: false, message: serverTexts.unauthorized });
  if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
  request.log.error({ err: error, ...requestContext(request) }, 'unhandled error');
  if (!request.log.level || request.log.level === 'silent') {
    // no logger in this app (tests, embedded): still leave a trace of a failure the user did not cause
    console.error(`[panel] 500 ${request.method} ${maskSecrets(request.url)}`, requestContext(request), error);
  }
  return reply.status(500).send({ message: serverTexts.internal });
}

function requestContext(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskSecrets(request.url), // a tracker's secret is in its ingest URL
    route: request.routeOptions?.url,
    userId: request.auth?.user?.id,
    sessionId: request.auth?.sessionId,
    deviceId: request.auth?.deviceId,
  };
}

async function versionHash(webDist: string): Promise<string> {
  try {
    const parsed = JSON.parse(await readFile(path.join(webDist, 'version.json'), 'utf8')) as { hash?: unknown };
    if (typeof parsed.hash === 'string' && parsed.hash) return parsed.hash;
  } catch {
    // no build yet: fall through to the start time
  }
  return createHash('sha256').update(startedAt.toISOString()).digest('hex').slice(0, 16);
}
