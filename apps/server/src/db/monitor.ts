/**
 * The database monitor: whether this node can serve calls that need the database, and the loop that gets it
 * there. One per process (server.ts), one per app in tests (already prepared).
 *
 * - 'starting': the first preparation (connect, migrate, seed, runtime settings) has not succeeded yet; it is
 *   retried in the background with a backoff of at most START_BACKOFF_MAX_MS, so a node started while the
 *   database is down listens, answers 503 and becomes ready by itself.
 * - 'up': serving. A call that fails with a connection-level error (availability.ts) reports it here; one probe
 *   (`select 1`) decides: a single killed connection does not take the node out, a dead server does.
 * - 'down': the gate answers 503 without touching the database; the loop probes every RECOVERY_EVERY_MS and
 *   the node serves again at the first success (no restart, no cached failure). An embedded PGlite that was
 *   closed or crashed is reopened (and prepared again) by the same loop.
 *
 * Draining (SIGTERM) also lives here: from then on the node takes no new database work and is not ready.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { runWithoutBudget } from './budget.js';
import { DatabaseUnavailableError, isDatabaseUnavailable, isEmbeddedDatabaseBroken } from './availability.js';

export type DatabaseState = 'starting' | 'up' | 'down';

export interface DatabaseReadiness {
  /** serving: prepared, reachable, not draining */
  ready: boolean;
  database: DatabaseState;
  migrated: boolean;
  draining: boolean;
}

/** The subset of pino the monitor logs with (app.log, or console until the app exists). */
export interface MonitorLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const MONITOR_TIMING = {
  /** a probe slower than this counts as a failure */
  probeTimeoutMs: 1000,
  /** /readyz re-probes at most this often (load balancers poll it) */
  probeCacheMs: 1000,
  /** while down: one probe this often */
  recoveryEveryMs: 500,
  /** while starting: tries 250 ms, 500 ms, 1 s, 2 s, 2 s … apart */
  startBackoffMinMs: 250,
  startBackoffMaxMs: 2000,
};

export interface MonitorOptions {
  /** one cheap round trip, e.g. `select 1` */
  probe: () => Promise<unknown>;
  /** migrate, seed, runtime settings: run until it succeeds at start, and again after a reopen */
  prepare?: () => Promise<void>;
  /** the database is already prepared (tests, embedded use): 'up' at once */
  prepared?: boolean;
  /** embedded PGlite: replace a closed or crashed instance with a fresh one */
  reopen?: () => Promise<void>;
  /** the preparation failed for another reason than an unreachable database (e.g. a broken migration) */
  onFatal?: (error: unknown) => void;
  log?: MonitorLog;
  timing?: Partial<typeof MONITOR_TIMING>;
}

export interface DatabaseMonitor {
  state(): DatabaseState;
  migrated(): boolean;
  /** API calls may run now */
  serving(): boolean;
  draining(): boolean;
  /** stop taking new database work (SIGTERM): the gate refuses new calls, /readyz says not ready */
  drain(): void;
  /** for /readyz: probes when the last probe is older than probeCacheMs */
  readiness(): Promise<DatabaseReadiness>;
  /** a call failed with a connection-level error: check the database, go 'down' if it is gone */
  reportFailure(error: unknown): void;
  /** start preparing in the background (idempotent); resolves once prepared (or stopped, or fatal) */
  start(): Promise<void>;
  /** the last error that kept or took the database away (for the start message and logs) */
  lastError(): unknown;
  /** use this logger from now on (the app's, once it exists) */
  useLog(log: MonitorLog): void;
  stop(): void;
}

const consoleLog: MonitorLog = {
  info: (obj, msg) => console.log(`[panel] ${msg}`, obj),
  warn: (obj, msg) => console.warn(`[panel] ${msg}`, obj),
  error: (obj, msg) => console.error(`[panel] ${msg}`, obj),
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

export function createDatabaseMonitor(opts: MonitorOptions): DatabaseMonitor {
  const timing = { ...MONITOR_TIMING, ...opts.timing };
  let log = opts.log ?? consoleLog;
  let state: DatabaseState = opts.prepared ? 'up' : 'starting';
  let migrated = opts.prepared === true;
  let mustPrepare = !migrated;
  let needsReopen = false;
  let draining = false;
  let stopped = false;
  let checkedAt = opts.prepared ? Date.now() : 0;
  let lastError: unknown = null;
  let probing: Promise<boolean> | null = null;
  let loop: Promise<void> | null = null;

  function noteError(error: unknown): void {
    lastError = error;
    if (opts.reopen && isEmbeddedDatabaseBroken(error)) needsReopen = true;
  }

  /** one probe at a time; every caller waiting for it gets its answer */
  function probeOnce(): Promise<boolean> {
    probing ??= withTimeout(Promise.resolve().then(opts.probe), timing.probeTimeoutMs)
      .then(
        () => true,
        (error: unknown) => {
          noteError(error);
          return false;
        },
      )
      .finally(() => {
        checkedAt = Date.now();
        probing = null;
      });
    return probing;
  }

  function markUp(): void {
    if (state === 'down') log.info({}, 'database reachable again: serving');
    if (state === 'starting') log.info({}, 'database prepared: serving');
    state = 'up';
    lastError = null;
  }

  function markDown(error: unknown): void {
    noteError(error);
    if (state !== 'up') return;
    state = 'down';
    log.warn({ err: describe(error) }, 'database unreachable: answering 503 until it is back');
    void run();
  }

  /** The one loop that brings the node to 'up': prepares at start, probes (and reopens PGlite) while down. */
  function run(): Promise<void> {
    loop ??= (async () => {
      let delay = timing.startBackoffMinMs;
      while (!stopped && state !== 'up') {
        try {
          if (needsReopen && opts.reopen) {
            await opts.reopen();
            needsReopen = false;
            mustPrepare = true; // a fresh in-memory instance is empty; a file one only re-checks
            log.info({}, 'embedded database reopened');
          }
          if (mustPrepare) {
            await opts.prepare?.();
            mustPrepare = false;
            migrated = true;
          } else if (!(await probeOnce())) {
            throw lastError;
          }
          markUp();
          break;
        } catch (error) {
          noteError(error);
          if (mustPrepare && !isDatabaseUnavailable(error)) {
            log.error({ err: error }, 'database preparation failed');
            opts.onFatal?.(error);
            break;
          }
        }
        await sleep(state === 'starting' ? delay : timing.recoveryEveryMs);
        delay = Math.min(delay * 2, timing.startBackoffMaxMs);
      }
    })().finally(() => {
      loop = null;
    });
    return loop;
  }

  return {
    state: () => state,
    migrated: () => migrated,
    serving: () => state === 'up' && migrated && !draining,
    draining: () => draining,
    drain() {
      draining = true;
    },
    async readiness() {
      if (state === 'up' && !draining && Date.now() - checkedAt > timing.probeCacheMs) {
        if (!(await probeOnce())) markDown(lastError);
      }
      return { ready: state === 'up' && migrated && !draining, database: state, migrated, draining };
    },
    reportFailure(error) {
      noteError(error);
      if (state !== 'up' || stopped) return;
      if (needsReopen) return markDown(error); // a closed PGlite does not come back by itself
      void probeOnce().then((ok) => {
        if (!ok && state === 'up') markDown(lastError);
      });
    },
    start() {
      if (state === 'up' || stopped) return Promise.resolve();
      return run();
    },
    lastError: () => lastError,
    useLog(next) {
      log = next;
    },
    stop() {
      stopped = true;
    },
  };
}

/** The probe of a Drizzle database: one `select 1`. */
export function selectOne(db: Database): () => Promise<unknown> {
  // outside the budget of the call that reported a failure: a spent budget is that call's, not the database's
  return () => runWithoutBudget(() => db.execute(sql`select 1`));
}
