/**
 * Keeps the change log bounded: only the latest KEEP_REVISIONS revisions stay. A panel whose uid is older
 * than that (offline for a long time) simply gets a full bundle with resetData — nothing is lost, it only
 * costs one full load. Several nodes may prune at once: the deletes are idempotent.
 */
import type { Database } from '../db/client.js';
import { pruneChangeLog } from './changeLog.js';
import { loadRevision } from './revision.js';

export const KEEP_REVISIONS = 50_000;
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Drops change-log rows older than the latest `keep` revisions; answers the new lower bound or null. */
export async function pruneOldChanges(db: Database, keep = KEEP_REVISIONS): Promise<number | null> {
  const { revision } = await loadRevision(db);
  const below = revision - keep + 1;
  if (below <= 1) return null;
  await pruneChangeLog(db, below);
  await loadRevision(db); // this node answers by the new bound at once
  return below;
}

/** Prunes now and then every `everyMs`; the timer does not keep the process alive. Returns a stop function. */
export function schedulePruning(
  db: Database,
  opts: { keep?: number; everyMs?: number; onError?: (error: unknown) => void } = {},
): () => void {
  const run = () =>
    pruneOldChanges(db, opts.keep).catch(opts.onError ?? ((e) => console.error('[panel] change-log prune', e)));
  void run();
  const timer = setInterval(run, opts.everyMs ?? PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
