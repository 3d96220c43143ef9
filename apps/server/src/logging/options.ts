/**
 * The server log (pino through Fastify; issue 23 "quiet, safe logs"):
 * - `redact`: credentials never reach a line, whatever object a call site logs — authorization and cookie
 *   headers, passwords (login, password change, ADMIN_PASSWORD), session tokens and instance ids, tracker
 *   secrets, the metrics token, connection strings. Paths cover the key at the top and two levels down.
 * - serializers: the request line's URL and an error's message and stack with the tracker secret and URL
 *   passwords masked (secrets.ts) — a tracker's secret is in its ingest URL.
 * Which requests get a line at all is app.ts's `disableRequestLogging` (polls, health checks, tracker reports:
 * counted by /metrics instead). The session id logged at login is the row's number, not a credential.
 */
import type { FastifyServerOptions } from 'fastify';
import { maskSecrets, MASK } from './secrets.js';

/** keys whose values are secrets wherever they appear in a logged object */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'app-instance',
  'password',
  'newPassword',
  'oldPassword',
  'adminPassword',
  'ADMIN_PASSWORD',
  'token',
  'instance',
  'secret',
  'secretHash',
  'metricsToken',
  'METRICS_TOKEN',
  'databaseUrl',
  'DATABASE_URL',
  'redisUrl',
  'REDIS_URL',
];

export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const join = (prefix: string) => (k.startsWith('[') ? `${prefix}${k}` : `${prefix}.${k}`);
  return [k.startsWith('[') ? k : key, join('*'), join('*.*')];
});

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer with the URL masked (same fields as its default). */
function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: maskSecrets(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** As pino's error serializer (type, message, stack, code, cause), message and stack masked (secrets.ts). */
function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: maskSecrets(String(error)), stack: '' };
  const plain: SerializedError = {
    type: error.name,
    message: maskSecrets(error.message),
    stack: maskSecrets(error.stack ?? ''),
  };
  for (const key of ['code', 'statusCode', 'sqlState'] as const) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) plain[key] = value;
  }
  if (error.cause !== undefined && depth < 4) plain.cause = serializeError(error.cause, depth + 1);
  return plain;
}

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: MASK },
    serializers: { req: serializeRequest, err: (error) => serializeError(error) },
  };
}
