/**
 * The Prometheus series of one app (issue 23): one prom-client registry per app instance, so tests that build
 * several apps in one process never share or collide. Most series are not counted here: they read at scrape
 * time the counters the areas already keep (sync/counters.ts, the position ingest, the push hub, the database
 * monitor), so the hot paths pay a plain increment and nothing is counted twice. Only HTTP timing, login
 * outcomes and database errors are observed here, from Fastify hooks (plugin.ts).
 *
 * Labels stay small and bounded: route templates (never raw URLs), methods, status codes, enum values.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PositionCounters } from '@panel/domain/positions';
import { PUSH_SPAN_PHASES, type PushStats } from '../context.js';
import type { DatabaseState } from '../db/monitor.js';
import type { SyncCounters } from '../sync/counters.js';

/** What the series read when Prometheus scrapes. */
export interface MetricSources {
  sync(): SyncCounters;
  positions(): PositionCounters;
  /** devices with a tracker secret (cached by the caller; null when the database cannot say now) */
  trackers(): Promise<number | null>;
  hub(): PushStats | undefined;
  redis(): 'off' | 'up' | 'down';
  database(): DatabaseState;
  /** clients waiting for a PostgreSQL pool connection; null on the embedded database (no pool) */
  poolWaiting(): number | null;
}

export interface PanelMetrics {
  registry: Registry;
  /** one finished HTTP request (route: its template, or UNMATCHED) */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  loginFailed(): void;
  loginThrottled(): void;
  /** a right password from a trusted source accepted while unknown sources of that account or address wait */
  loginTrusted(): void;
  /** an administrator lifted an account's login throttle */
  loginUnlocked(): void;
  /** a database error reached a request: `errorClass` = the SQLSTATE's class ('23', '40' …) or 'connection' */
  databaseError(errorClass: string): void;
  /** process CPU, memory, GC, event-loop lag: started once, by the first listener or scrape */
  startDefaultMetrics(): void;
}

/** The route label of a request no route matched (one label for all of them, whatever the path). */
export const UNMATCHED = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** seconds: the goal is p99 < 100 ms (issue 23 §11), so the buckets are fine below and around it */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** seconds: a push is told within 100 ms at best (issue 28 item 2), its last panel holds it within 1 s */
const PUSH_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** a span's steps are a few ms to a few hundred */
const PUSH_PHASE_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** event-loop lag sampling of the default metrics, ms (prom-client's default) */
const EVENT_LOOP_PRECISION_MS = 10;

/** A counter whose total is kept elsewhere: set to that total at scrape time. */
function mirroredCounter<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: L[],
  read: () => Array<[Partial<Record<L, string>>, number]>,
): void {
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

export function createPanelMetrics(sources: MetricSources): PanelMetrics {
  const registry = new Registry();

  const requests = new Histogram({
    name: 'panel_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, and their duration (the _count is the number of requests)',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: 'panel_login_failures_total',
    help: 'POST /v2/auth/login answered 401 (wrong username or password, or an app code that is not allowed)',
    registers: [registry],
  });
  const loginThrottled = new Counter({
    name: 'panel_login_throttled_total',
    help: 'POST /v2/auth/login answered 429 (too many failures of one address, account or trusted source)',
    registers: [registry],
  });
  const loginTrusted = new Counter({
    name: 'panel_login_trusted_total',
    help: 'logins from a confirmed device or a known good address accepted while strangers of that account or address were throttled (lock-outs avoided)',
    registers: [registry],
  });
  const loginUnlocks = new Counter({
    name: 'panel_login_unlocks_total',
    help: "POST /v2/auth/unlock: an administrator lifted an account's login throttle",
    registers: [registry],
  });
  const databaseErrors = new Counter({
    name: 'panel_db_query_errors_total',
    help: "database errors that reached a request, by SQLSTATE class ('connection' when the connection failed)",
    labelNames: ['class'],
    registers: [registry],
  });

  mirroredCounter(registry, 'panel_sync_answers_total', 'POST /v2/app answers by kind', ['kind'], () => {
    const a = sources.sync().answers;
    return [
      [{ kind: 'full' }, a.full],
      [{ kind: 'delta' }, a.delta],
      [{ kind: 'unchanged' }, a.unchanged],
    ];
  });
  mirroredCounter(
    registry,
    'panel_sync_shared_delta_total',
    'delta spans taken from the shared cache (hit), made from kept data with the newest positions, nothing read from the database but those (extended), or with their data read (miss); pulls and pushes',
    ['result'],
    () => {
      const s = sources.sync().sharedDelta;
      return [
        [{ result: 'hit' }, s.hits],
        [{ result: 'extended' }, s.extended],
        [{ result: 'miss' }, s.misses],
      ];
    },
  );
  mirroredCounter(
    registry,
    'panel_positions_total',
    'position fixes by outcome (accepted, duplicate, refused) and reason of a refusal',
    ['outcome', 'reason'],
    () => {
      const c = sources.positions();
      return [
        [{ outcome: 'accepted', reason: '' }, c.accepted],
        [{ outcome: 'duplicate', reason: '' }, c.duplicates],
        ...Object.entries(c.refused).map(([reason, n]): [Record<'outcome' | 'reason', string>, number] => [
          { outcome: 'refused', reason },
          n,
        ]),
      ];
    },
  );
  mirroredCounter(registry, 'panel_pushes_total', 'pushes this node sent, by kind', ['kind'], () =>
    Object.entries(sources.hub()?.pushes ?? {}).map(([kind, n]) => [{ kind }, n]),
  );
  // the hub keeps its last finished spans; each scrape observes those newer than the last one it saw (the spans'
  // histogram and the one of their steps, below, are collected in this order by every scrape)
  let observedSpan = 0;
  const phases = new Histogram({
    name: 'panel_push_span_phase_seconds',
    help: "where a delta span's time went, by kind and step: queued (behind the span before it), sessions (every socket's session checked), answers (read, cut per user, compressed), writes (the slices of sockets, with the other work of the event loop between them)",
    labelNames: ['kind', 'phase'],
    buckets: PUSH_PHASE_BUCKETS,
    registers: [],
  });
  new Histogram({
    name: 'panel_push_span_seconds',
    help: 'a delta span pushed to every socket taking deltas: from this node learning its oldest revision to the last socket written, by kind (write: a change users wait for; moves: positions alone)',
    labelNames: ['kind'],
    buckets: PUSH_BUCKETS,
    registers: [registry],
    collect() {
      const spans = sources.hub()?.spans ?? [];
      // a new hub counts from 1 again
      if (spans.length > 0 && spans[spans.length - 1].seq < observedSpan) observedSpan = 0;
      for (const span of spans) {
        if (span.seq <= observedSpan) continue;
        this.observe({ kind: span.kind }, span.seconds);
        for (const phase of PUSH_SPAN_PHASES) phases.observe({ kind: span.kind, phase }, span.phases[phase]);
        observedSpan = span.seq;
      }
    },
  });
  registry.registerMetric(phases);

  new Gauge({
    name: 'panel_position_trackers',
    help: 'devices with a tracker secret (reporting or not)',
    registers: [registry],
    async collect() {
      const n = await sources.trackers();
      if (n === null) this.reset();
      else this.set(n);
    },
  });
  new Gauge({
    name: 'panel_sockets_connected',
    help: 'socket.io connections to this node',
    registers: [registry],
    collect() {
      this.set(sources.hub()?.sockets ?? 0);
    },
  });
  new Gauge({
    name: 'panel_redis_state',
    help: "the push fan-out's Redis: 1 for the current state (off = not configured, up, down)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = sources.redis();
      for (const state of ['off', 'up', 'down']) this.set({ state }, state === now ? 1 : 0);
    },
  });
  new Gauge({
    name: 'panel_database_up',
    help: "1 while the database serves this node (db/monitor.ts 'up'), 0 while it is down or still starting",
    registers: [registry],
    collect() {
      this.set(sources.database() === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'panel_db_pool_waiting',
    help: 'requests waiting for a PostgreSQL pool connection (0 on the embedded database)',
    registers: [registry],
    collect() {
      this.set(sources.poolWaiting() ?? 0);
    },
  });

  let defaultsStarted = false;
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      requests.observe({ method: m, route, status: String(status) }, seconds);
    },
    loginFailed: () => loginFailures.inc(),
    loginThrottled: () => loginThrottled.inc(),
    loginTrusted: () => loginTrusted.inc(),
    loginUnlocked: () => loginUnlocks.inc(),
    databaseError: (errorClass) => databaseErrors.inc({ class: errorClass }),
    startDefaultMetrics() {
      if (defaultsStarted) return;
      defaultsStarted = true;
      collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_PRECISION_MS });
    },
  };
}
