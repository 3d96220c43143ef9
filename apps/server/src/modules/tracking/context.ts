/**
 * What the tracking follow-ups need: the database and the hub (as every command), the routing configuration
 * (`config.mapServices.routingUrl`, from `app.deps`), and — for tests — a routing provider and a clock.
 */
import type { Config } from '../../config.js';
import type { PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';
import { routingProvider, type RoutingProvider } from '../../integrations/routing/provider.js';
import type { ServiceLog } from '../../integrations/geo/http.js';

export type TrackingDeps = {
  db: Database;
  hub: PushHub;
  /** `app.deps.config`: ROUTING_URL; without it the ETA is the straight-line estimate (labelled so) */
  config?: Pick<Config, 'mapServices'>;
  /** tests: a provider instead of the configured one */
  routing?: RoutingProvider;
  /** tests: a fake clock */
  now?: () => Date;
};

/** A routing call of the live ETA must not hold a vehicle's updates for long: 5 s, then the estimate. */
export const ETA_ROUTING_TIMEOUT_MS = 5_000;

export const trackingLog: ServiceLog = {
  warn: (obj, msg) => console.warn(`[tracking] ${msg}`, obj),
  error: (obj, msg) => console.error(`[tracking] ${msg}`, obj),
};

export const clockOf = (deps: Pick<TrackingDeps, 'now'>) => deps.now?.() ?? new Date();

export function routingOf(deps: Pick<TrackingDeps, 'config' | 'routing'>): RoutingProvider {
  return (
    deps.routing ??
    routingProvider(deps.config?.mapServices.routingUrl, { timeoutMs: ETA_ROUTING_TIMEOUT_MS, log: trackingLog })
  );
}

/** The system as the journal's actor: no user, no device (the history shows no user). */
export const SYSTEM_ACTOR = { userId: null, deviceId: null } as const;
