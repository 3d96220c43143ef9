/**
 * Keeps the change log bounded: only the latest KEEP_REVISIONS revisions stay. A panel whose uid is older
 * than that (offline for a long time) simply gets a full bundle with resetData — nothing is lost, it only
 * costs one full load. Several nodes may prune at once: the deletes are idempotent. The same timer drops failed
 * logins that left the throttle window (modules/auth/throttle.ts).
 */
import type { Database } from '../../db/client.js';
import { pruneLoginFailures } from '../auth/throttle.js';
import { pruneChangeLog } from '../../sync/changeLog.js';
import { loadRevision } from '../../sync/revision.js';

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
  const onError = opts.onError ?? ((e: unknown) => console.error('[panel] prune', e));
  const run = () => {
    void pruneOldChanges(db, opts.keep).catch(onError);
    void pruneLoginFailures(db).catch(onError);
  };
  run();
  const timer = setInterval(run, opts.everyMs ?? PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
