/**
 * Pulls behind only by position batches share one span (issue 28 item 1). Every position batch is a revision
 * (modules/positions/writeBehind.ts, four a second while a fleet reports), so panels polling every 8 s each hold
 * a different one and no two asked for the same span: each poll read its own core (cache.ts). But a revision
 * whose change-log rows are all `move` only moved positions, and a delta sends a moved row as its current
 * position: answering a panel at `since` with the delta from an older revision, when every revision between
 * the two is such a position batch, gives it only positions it already has again, as they are now. So the pull
 * answers from the start of `since`'s bucket of LIGHT_BUCKET revisions (or from the last revision in it that
 * changed anything else), and the panels of one bucket share one core and one answer per class.
 *
 * Only the pull does this: a push (delta/pushed.ts) answers its exact span, so its packets stay small.
 * A revision's kind never changes once committed: it is read once (one grouped query per bucket) and kept.
 */
import { and, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { changeLog } from '../../../db/schema/index.js';

/** Revisions per bucket: at four position batches a second, 4 s; the extra positions a pull may get again. */
export const LIGHT_BUCKET = 16;
/** Revision kinds kept per database at most (a few buckets are asked for at a time). */
const MAX_KEPT = 4096;

interface Kinds {
  epoch: string;
  /** revision → true when it only moved positions */
  light: Map<number, boolean>;
  /** classifications being read, by bucket start */
  reading: Map<number, Promise<void>>;
}

const kindsByDb = new WeakMap<Database, Kinds>();

function kindsOf(db: Database, epoch: string): Kinds {
  let k = kindsByDb.get(db);
  if (!k || k.epoch !== epoch) kindsByDb.set(db, (k = { epoch, light: new Map(), reading: new Map() }));
  return k;
}

async function classify(db: Database, k: Kinds, floor: number, upTo: number): Promise<void> {
  const rows = await db
    .select({ revision: changeLog.revision, light: sql<boolean>`bool_and(${changeLog.op} = 'move')` })
    .from(changeLog)
    .where(and(gt(changeLog.revision, floor), lte(changeLog.revision, upTo)))
    .groupBy(changeLog.revision);
  if (k.light.size > MAX_KEPT) k.light.clear();
  // a revision without rows is not known to be light: it stops the widening
  for (let r = floor + 1; r <= upTo; r++) if (!k.light.has(r)) k.light.set(r, false);
  for (const row of rows) k.light.set(Number(row.revision), row.light === true);
}

/**
 * The revision a pull at `since` is answered from: `since` itself, or an older one when every revision after it
 * up to `since` only moved positions. Never below `minRevision` (the change log's start).
 */
export async function lightSince(db: Database, epoch: string, since: number, minRevision: number): Promise<number> {
  const floor = Math.max(since - (since % LIGHT_BUCKET), minRevision);
  if (floor >= since) return since;
  const k = kindsOf(db, epoch);
  const known = () => {
    for (let r = since; r > floor; r--) if (!k.light.has(r)) return false;
    return true;
  };
  while (!known()) {
    let reading = k.reading.get(floor);
    if (!reading) {
      // the whole bucket up to `since`: later panels of the bucket find theirs known
      reading = classify(db, k, floor, since).finally(() => k.reading.delete(floor));
      k.reading.set(floor, reading);
    }
    await reading;
  }
  for (let r = since; r > floor; r--) if (k.light.get(r) !== true) return r;
  return floor;
}

/** Forgets the kinds read for a database (tests). */
export function forgetLightKinds(db: Database): void {
  kindsByDb.delete(db);
}
