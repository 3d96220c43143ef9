/**
 * The database gate: while the database monitor says the node cannot serve (starting, database down, draining
 * after SIGTERM) every route that needs the database answers 503 `{message}` with Retry-After at once, before
 * the session lookup — no call waits on a dead connection and none is half-run. Routes that work without the
 * database opt out with route config `{withoutDatabase: true}` (static files, /version.json, /healthz, /readyz);
 * unmatched URLs (404, SPA fallback) never need it.
 *
 * `answerDatabaseFailure` is the error handler's branch for a call that met a connection-level error anyway
 * (the database went away mid-call): 503 as well, and the monitor is told so it can take the node out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/availability.js';
import { serverTexts } from '../texts.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** served while the database is down (static files, version, health) */
    withoutDatabase?: boolean;
  }
}

export function sendUnavailable(reply: FastifyReply, message: string): FastifyReply {
  return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message });
}

/** Registers the gate on the root instance; register it before the authentication guard. */
export function registerDatabaseGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url || request.routeOptions.config?.withoutDatabase) return;
    const monitor = app.deps.database;
    if (monitor.serving()) return;
    return sendUnavailable(reply, monitor.draining() ? serverTexts.shuttingDown : serverTexts.databaseUnavailable);
  });
  // draining: every answer ends its keep-alive connection, so closing the server waits only for the calls in
  // flight, not for idle clients (Fastify closes the connections idle at that moment, not those idle later)
  app.addHook('onSend', async (_request, reply) => {
    if (app.deps.database.draining()) reply.header('connection', 'close');
  });
}

/** 503 for a call that failed because the database is unreachable; null for any other error. */
export function answerDatabaseFailure(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | null {
  if (!isDatabaseUnavailable(error)) return null;
  request.server.deps.database.reportFailure(error);
  request.log.warn({ err: error, method: request.method, url: request.url }, 'database unavailable: 503');
  return sendUnavailable(reply, serverTexts.databaseUnavailable);
}
