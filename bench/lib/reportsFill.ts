/**
 * BENCH-ONLY fill of the response-time reports benchmark (reports.bench.ts): events and jobs by generate_series
 * over the demo's vehicles, spread over the last 89 days; each job inserted in 14 and moved through 15, 18, 19 and
 * 20 by four bulk status updates, so the trigger writes its history and per-job times as for live jobs.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';

/** Writes `jobs` past jobs (one event each) with their five statuses; answers the seconds it took. */
export async function fillJobHistory(db: Database, jobs: number): Promise<number> {
  const t = performance.now();
  await db.execute(sql`
    INSERT INTO events (uuid, code, uid, event_state_id, event_category_id, base_id, subject, start, created_at, inserted_at)
    SELECT gen_random_uuid()::text, 'BENCH-' || g, 'BENCH-' || g, 3, (ARRAY[1, 3, 5, 11])[1 + g % 4],
      v.bases[1 + g % cardinality(v.ids)], 'Bench', at, at, at
    FROM generate_series(1, ${jobs}) g,
      (SELECT array_agg(id ORDER BY id) ids, array_agg(base_id ORDER BY id) bases FROM resources WHERE base_id IS NOT NULL) v,
      LATERAL (SELECT now() - interval '1 second' * ((g::bigint * 7919) % (89 * 86400)) AS at) t`);
  await db.execute(sql`
    INSERT INTO event_jobs (event_id, event_job_status_id, base_id, resource_id, created_at, updated_at, ended_at)
    SELECT e.id, 14, v.bases[1 + g % cardinality(v.ids)], v.ids[1 + g % cardinality(v.ids)],
      e.created_at + interval '45 seconds', e.created_at + interval '45 seconds', e.created_at + interval '1 day'
    FROM generate_series(1, ${jobs}) g
      JOIN events e ON e.code = 'BENCH-' || g,
      (SELECT array_agg(id ORDER BY id) ids, array_agg(base_id ORDER BY id) bases FROM resources WHERE base_id IS NOT NULL) v`);
  // the four later steps as the panel makes them: status updates, each recorded by the trigger at its updated_at
  const offsets: [number, ReturnType<typeof sql>][] = [
    [15, sql`30 + (j.id * 37) % 90`],
    [18, sql`30 + (j.id * 37) % 90 + 240 + (j.id * 53) % 1500`],
    [19, sql`30 + (j.id * 37) % 90 + 240 + (j.id * 53) % 1500 + 600 + (j.id * 17) % 5400`],
    [20, sql`30 + (j.id * 37) % 90 + 240 + (j.id * 53) % 1500 + 600 + (j.id * 17) % 5400 + 300 + (j.id * 29) % 1800`],
  ];
  for (const [status, secs] of offsets) {
    await db.execute(sql`
      UPDATE event_jobs j SET event_job_status_id = ${status}, updated_at = j.created_at + interval '1 second' * (${secs})
      FROM events e WHERE e.id = j.event_id AND e.code LIKE 'BENCH-%'`);
  }
  // the bulk updates left 4 dead versions per row; a live table has autovacuum for that
  await db.execute(sql`VACUUM ANALYZE`);
  return (performance.now() - t) / 1000;
}
