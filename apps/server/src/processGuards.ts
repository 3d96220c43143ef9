/**
 * Process-level last resort for errors nobody caught. The choice (docs/ARCHITECTURE.md "Database"):
 *
 * - an error of a dependency — the database unreachable or closed (db/availability.ts), a socket to Redis or an
 *   external service reset or refused — is logged and the process goes on: the dependency comes back, and the
 *   calls that met it already answered 503. Exiting would turn one dependency's outage into ours.
 * - anything else is a programming error whose effects we cannot know (half-updated memory, a stuck promise):
 *   it is logged and the process exits 1 so the supervisor (systemd, Kubernetes) starts a clean one. That is
 *   what Node does by default; we only add the log line and keep dependency failures from reaching it.
 */
import { isDatabaseUnavailable } from './db/availability.js';

/** Socket-level failures of any client (Redis, HTTP services) and node-redis' own error names. */
const DEPENDENCY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const DEPENDENCY_NAMES = new Set([
  'ConnectionTimeoutError',
  'SocketClosedUnexpectedlyError',
  'ClientClosedError',
  'ClientOfflineError',
  'ReconnectStrategyError',
]);

export function isDependencyFailure(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return (
    (typeof code === 'string' && DEPENDENCY_CODES.has(code)) || (typeof name === 'string' && DEPENDENCY_NAMES.has(name))
  );
}

export interface GuardLog {
  warn(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/** Installs the handlers once; `exit` is called for an unknown error (default: exit 1 after the log is out). */
export function installProcessGuards(log: GuardLog, exit: (code: number) => void = (code) => process.exit(code)) {
  const handle = (kind: 'uncaughtException' | 'unhandledRejection') => (error: unknown) => {
    if (isDependencyFailure(error)) {
      log.warn({ err: error, kind }, 'dependency failure outside a request: ignored, the process goes on');
      return;
    }
    log.fatal({ err: error, kind }, 'programming error: exiting so the supervisor restarts a clean process');
    setImmediate(() => exit(1)); // let the log line out first
  };
  const onException = handle('uncaughtException');
  const onRejection = handle('unhandledRejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
