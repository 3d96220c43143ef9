/**
 * The live ETA of a deployed vehicle (issue 14 item 4): recomputed from its position to the event's place when
 * it has moved 200 m or 30 s have passed since the last computation (domain `isEtaDue`), through the routing
 * service (OSRM, `ROUTING_URL`) when configured, else the straight-line estimate. Stored on the vehicle as its
 * `pnt` (route, eta, destination) with `eta_source` 'route' | 'estimate' (the panel labels an estimate) and
 * `eta_basis` (what it was computed from: the throttle's memory, in the database so every node shares it).
 *
 * Concurrency: one computation per job at a time (a job already being computed is skipped: the next position
 * after it will be due again if it has to be), and at most `ETA_PARALLEL` routing calls in the process, so 100
 * positions arriving at once queue instead of firing 100 routing calls. Writes only when the stored basis is
 * older than the new one, so a slow answer never overwrites a newer ETA (of this node or another).
 *
 * A routing failure (timeout, error, no route) never throws: the last road route is kept while it is younger than
 * `ROUTE_KEEP_MS`, else the estimate is stored (labelled as such).
 */
import { and, eq, sql } from 'drizzle-orm';
import { estimateTravel, isEtaDue, type EtaBasis, type EtaSource, type TrackCoordinate } from '@panel/domain/tracking';
import { resources } from '../../db/schema/index.js';
import type { RouteResult } from '../../integrations/routing/provider.js';
import { runCommand } from '../../sync/commands.js';
import { SYSTEM_ACTOR, clockOf, routingOf, trackingLog, type TrackingDeps } from './context.js';
import type { TrackedJob } from './jobs.js';

/** Routing calls in flight at once in this process. */
export const ETA_PARALLEL = 4;
/** After a failed routing call the last road route still stands for this long (then the estimate). */
export const ROUTE_KEEP_MS = 90_000;

/** Stored basis: the domain's plus when the last road route was computed (for ROUTE_KEEP_MS). */
type StoredBasis = EtaBasis & { routeAt?: number | null };

const inFlight = new Set<number>();
const running = new Set<Promise<unknown>>();
let active = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= ETA_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  active++;
  try {
    return await work();
  } finally {
    active--;
    waiting.shift()?.();
  }
}

/** Resolves when every ETA computation started so far has finished (tests, shutdown). */
export async function etaIdle(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

/** How many jobs are being computed now (tests). */
export const etaInFlight = () => inFlight.size;

interface Computed {
  source: EtaSource;
  result: RouteResult | null;
  duration: number;
}

async function compute(deps: TrackingDeps, from: TrackCoordinate, to: TrackCoordinate): Promise<Computed> {
  const routing = routingOf(deps);
  if (routing.kind === 'offline') {
    const e = estimateTravel(from, to);
    return { source: 'estimate', result: null, duration: e.duration };
  }
  try {
    const result = await slot(() => routing.route(from, to));
    return { source: 'route', result, duration: result.duration };
  } catch (err) {
    // logged by the provider (ServiceError) or here (anything else); never thrown to the ingest
    if (!(err instanceof Error && err.name === 'ServiceError')) trackingLog.error({ err }, 'routing failed');
    const e = estimateTravel(from, to);
    return { source: 'estimate', result: null, duration: e.duration };
  }
}

async function recompute(deps: TrackingDeps, job: TrackedJob, from: TrackCoordinate, target: TrackCoordinate) {
  const started = clockOf(deps).getTime();
  const previous = job.etaBasis as StoredBasis | null;
  const computed = await compute(deps, from, target);
  const keptRouteAt = previous?.jobId === job.id ? (previous.routeAt ?? null) : null;
  // a failed call while the last road route is recent: keep that route, move only the throttle on
  const keep =
    computed.source === 'estimate' &&
    routingOf(deps).kind === 'osrm' &&
    job.etaSource === 'route' &&
    keptRouteAt !== null &&
    started - keptRouteAt < ROUTE_KEEP_MS;
  const basis: StoredBasis = {
    jobId: job.id,
    at: started,
    from,
    to: target,
    routeAt: computed.source === 'route' ? started : keptRouteAt,
  };
  await runCommand(deps, SYSTEM_ACTOR, { type: 'resource.eta', eventId: job.eventId }, async (tx, rec) => {
    const set: Partial<typeof resources.$inferInsert> = keep
      ? { etaBasis: basis }
      : {
          etaBasis: basis,
          etaSource: computed.source,
          eta: new Date(started + computed.duration * 1000),
          route: computed.result?.route ?? { type: 'LineString', coordinates: [from, target] },
          destinationLongitude: target[0],
          destinationLatitude: target[1],
          updatedAt: new Date(started),
        };
    const saved = await tx
      .update(resources)
      .set(set)
      .where(
        and(eq(resources.id, job.resourceId), sql`coalesce((${resources.etaBasis}->>'at')::bigint, 0) < ${started}`),
      )
      .returning({ id: resources.id });
    if (saved.length === 0 || keep) return;
    rec.changed('resources', job.resourceId);
    rec.touchBases(job.resourceBaseId, job.jobBaseId);
  });
}

/**
 * Starts the ETA computation of this job when it is due and not already running; returns at once (the routing
 * call may take seconds and the ingest must not wait for it). Failures are logged, never thrown.
 */
export function scheduleEta(deps: TrackingDeps, job: TrackedJob, at: TrackCoordinate, now: Date): boolean {
  if (!job.target || inFlight.has(job.id)) return false;
  if (!isEtaDue(job.etaBasis, job, at, job.target, now.getTime())) return false;
  const target = job.target;
  inFlight.add(job.id);
  const p = recompute(deps, job, at, target)
    .catch((err) => trackingLog.error({ err, jobId: job.id }, 'ETA recompute failed'))
    .finally(() => {
      inFlight.delete(job.id);
      running.delete(p);
    });
  running.add(p);
  return true;
}
