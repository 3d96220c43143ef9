/**
 * Which errors mean "the database is not reachable right now" (as opposed to "this query or these data are
 * wrong"). Such an error answers 503 with Retry-After instead of 500, never ends the process, and makes the
 * database monitor (monitor.ts) check the connection. Data errors (constraint, syntax, types) are not
 * classified here: they stay the error handler's business.
 */

/** SQLSTATEs of a lost or refused connection, a server going down or overloaded, a cancelled statement. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is restarting (or pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up / in recovery
  '57P05', // idle_session_timeout
  '57014', // query_canceled: our statement_timeout (an overloaded or blocked server)
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '58000', // system_error
  '58030', // io_error
]);

/** Node socket errors on the way to the server. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** Messages of node-postgres, pg-pool and PGlite for a connection that is gone or never came. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i, // pg: "Connection terminated unexpectedly", "… due to connection timeout"
  /timeout exceeded when trying to connect/i, // pg-pool connectionTimeoutMillis
  /is not queryable/i, // pg: a client after a connection error or end()
  /Cannot use a pool after calling end/i, // a request that outlived the pool (shutdown)
  /Query read timeout/i,
  /^PGlite is closed/i,
  /^Aborted\(/, // PGlite wasm abort
];

/** Error names of a crashed WebAssembly instance (PGlite), and ours below. */
const UNAVAILABLE_NAMES = new Set(['RuntimeError', 'ExitStatus', 'DatabaseUnavailableError']);

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function matchesOne(e: ErrorLike): boolean {
  if (typeof e.code === 'string') {
    if (UNAVAILABLE_CODES.has(e.code)) return true;
    if (UNAVAILABLE_SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true; // class 08: connection
  }
  if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
  return typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string));
}

/**
 * True when the error (or what it wraps: Drizzle's `cause`, an AggregateError's `errors` of a dual-stack
 * connect) says the database is unreachable, restarting, overloaded or closed.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const e = error as ErrorLike;
  if (matchesOne(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Thrown where a call needs the database and the monitor knows it is not there (answers 503). */
export class DatabaseUnavailableError extends Error {
  constructor(message = 'database unavailable') {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Seconds a client should wait before it tries again (the `Retry-After` of a 503). */
export const RETRY_AFTER_SECONDS = 5;

/** PGlite closed or its wasm instance crashed: it will not answer again; the monitor opens a fresh one. */
export function isEmbeddedDatabaseBroken(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const e = error as ErrorLike;
  if (typeof e.name === 'string' && (e.name === 'RuntimeError' || e.name === 'ExitStatus')) return true;
  if (typeof e.message === 'string' && /^(PGlite is closed|Aborted\()/.test(e.message)) return true;
  return isEmbeddedDatabaseBroken(e.cause, depth + 1);
}
