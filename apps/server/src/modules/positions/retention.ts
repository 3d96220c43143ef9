/**
 * Retention of the position history (issue 14): rows of `resource_positions` received more than
 * `POSITION_RETENTION_DAYS` (default 7) ago are deleted in the background, hourly, in chunks of 5,000 rows (each
 * a short statement by the `received_at` index; the event loop is yielded between chunks), so a week of 100
 * positions a second (60 M rows) never turns into one long delete. Several nodes may prune at once: deleting
 * an already deleted row is nothing.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

export const PRUNE_CHUNK = 5000;
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Deletes history older than `days`; answers how many rows went. */
export async function prunePositions(db: Database, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from resource_positions where id in (
        select id from resource_positions where received_at < ${before.toISOString()}::timestamptz limit ${PRUNE_CHUNK}
      )`);
    const n = affected(result);
    total += n;
    if (n < PRUNE_CHUNK) return total;
    await new Promise((r) => setImmediate(r));
  }
}

function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Prunes after `firstAfterMs` and then every `everyMs`; the timer does not keep the process alive. */
export function schedulePositionPruning(
  db: Database,
  days: () => number,
  everyMs = PRUNE_EVERY_MS,
  firstAfterMs = 30_000,
) {
  const run = () =>
    void prunePositions(db, days()).catch((err) => console.error('[panel] position history prune failed', err));
  const first = setTimeout(run, firstAfterMs);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
