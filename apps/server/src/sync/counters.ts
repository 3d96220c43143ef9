/**
 * What POST /v2/app answered since start, per database handle (as the delta cache and the position ingest are):
 * the full bundle, a delta, or "nothing changed"; and whether a delta's span came from the shared cache
 * (delta/cache.ts) or had to be read. Plain numbers, counted once where the decision is made; /metrics reads
 * them at scrape time (metrics/), so the hot path pays an increment and nothing else.
 */
import type { Database } from '../db/client.js';

export interface SyncCounters {
  answers: { full: number; delta: number; unchanged: number };
  /**
   * a span found in the shared delta cache (hit), extended from a kept span by positions alone (extended), or
   * read from the database (miss)
   */
  sharedDelta: { hits: number; extended: number; misses: number };
}

const counters = new WeakMap<Database, SyncCounters>();

export function syncCountersOf(db: Database): SyncCounters {
  let c = counters.get(db);
  if (!c) {
    c = { answers: { full: 0, delta: 0, unchanged: 0 }, sharedDelta: { hits: 0, extended: 0, misses: 0 } };
    counters.set(db, c);
  }
  return c;
}
