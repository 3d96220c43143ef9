/**
 * Which revisions a delta is read from (issue 28 item 1): positions are a stream of their own inside the
 * revision. Every position batch is a revision (modules/positions/writeBehind.ts, four a second while a fleet
 * reports), and a revision whose change-log rows are all `move` changed nothing but positions ("light"). So the
 * delta (since, upTo] is two parts read apart:
 *
 * - **data**: every change but the moves. It is the same for any two revisions with only light ones between, so
 *   it is read for (dataFloor(since), dataFloor(upTo)] — the newest revision at or below each end that changed
 *   anything else. Panels 8 s behind, each at another position batch, share one data core, and a new position
 *   batch reads no data again.
 * - **positions**: every row moved after `positionsSince`, as it is now (positionBoard.ts, in memory). A pull more
 *   than LIGHT_BUCKET revisions behind takes them from the start of its bucket (a position it already has comes
 *   again, as it is now), so the panels of a bucket share one answer; a pull nearer the newest revision, and a
 *   push, keep their exact positions: their answers stay small, and there are few such spans at a time.
 *
 * A revision's kind never changes once committed: it is read once (one grouped query per range) and kept.
 */
import { and, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { changeLog } from '../../../db/schema/index.js';

/** Revisions per bucket: at four position batches a second, 4 s; the extra positions a pull may get again. */
export const LIGHT_BUCKET = 16;
/** How far below its bucket a data floor is looked for: beyond it the floor is that bound (still shared). */
const FLOOR_BUCKETS = 3;
/** Revision kinds kept per database at most (a few buckets are asked for at a time). */
const MAX_KEPT = 4096;

/** The two parts of a delta (since, upTo]: data changes of (dataSince, dataUpTo], positions moved after positionsSince. */
export interface Span {
  epoch: string;
  since: number;
  upTo: number;
  dataSince: number;
  dataUpTo: number;
  positionsSince: number;
}

interface Kinds {
  epoch: string;
  /** revision → true when it only moved positions */
  light: Map<number, boolean>;
  /** classifications being read, by range */
  reading: Map<string, Promise<void>>;
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
  // a revision without rows is not known to be light: it counts as a data revision
  for (let r = floor + 1; r <= upTo; r++) if (!k.light.has(r)) k.light.set(r, false);
  for (const row of rows) k.light.set(Number(row.revision), row.light === true);
}

/** Makes the kinds of (from, upTo] known: one read of the unknown range, shared by whoever asks meanwhile. */
async function know(db: Database, k: Kinds, from: number, upTo: number): Promise<void> {
  for (;;) {
    let lo = -1;
    let hi = -1;
    for (let r = from + 1; r <= upTo; r++) {
      if (k.light.has(r)) continue;
      if (lo < 0) lo = r - 1;
      hi = r;
    }
    if (hi < 0) return;
    const key = `${lo}:${hi}`;
    let reading = k.reading.get(key);
    if (!reading) {
      reading = classify(db, k, lo, hi).finally(() => k.reading.delete(key));
      k.reading.set(key, reading);
    }
    await reading;
  }
}

/**
 * Revisions whose kind their commit told (sync/commands.ts: every change-log row a `move`; another node's through
 * Redis): a delta of them needs no read of the change log to know it (issue 28 item 2: the push of a write read it
 * before anything else). A kind already known stays: it never changes.
 */
export function noteRevisionKinds(
  db: Database,
  epoch: string,
  kinds: Iterable<[revision: number, light: boolean]>,
): void {
  const k = kindsOf(db, epoch);
  if (k.light.size > MAX_KEPT) k.light.clear();
  for (const [revision, light] of kinds) if (!k.light.has(revision)) k.light.set(revision, light);
}

const bucketOf = (revision: number) => revision - (revision % LIGHT_BUCKET);

/**
 * The newest revision at or below `revision` that changed anything but positions — or, when there is none
 * within FLOOR_BUCKETS buckets below its own, the bottom of that range — never below `minRevision` (the change
 * log's start). Every revision above the floor up to `revision` only moved positions, so the data of a span is
 * the same from either; and every revision of one run of position batches has the same floor.
 */
export async function dataFloor(db: Database, epoch: string, revision: number, minRevision: number): Promise<number> {
  const lowest = Math.max(minRevision, bucketOf(revision) - FLOOR_BUCKETS * LIGHT_BUCKET);
  if (lowest >= revision) return revision;
  const k = kindsOf(db, epoch);
  await know(db, k, lowest, revision);
  for (let r = revision; r > lowest; r--) if (k.light.get(r) !== true) return r;
  return lowest;
}

/**
 * The span a pull at `since` is answered: the data from `since`'s floor, the positions from the start of its
 * bucket when it is more than a bucket behind. A push keeps its exact positions (`exact`), so what it carries is
 * what moved in its revisions.
 */
export async function spanOf(
  db: Database,
  epoch: string,
  since: number,
  upTo: number,
  minRevision: number,
  exact = false,
): Promise<Span> {
  const [dataSince, dataUpTo] = await Promise.all([
    dataFloor(db, epoch, since, minRevision),
    dataFloor(db, epoch, upTo, minRevision),
  ]);
  const positionsSince = exact || upTo - since <= LIGHT_BUCKET ? since : Math.max(bucketOf(since), minRevision);
  return { epoch, since, upTo, dataSince, dataUpTo, positionsSince };
}

/** Forgets the kinds read for a database (tests). */
export function forgetRevisionKinds(db: Database): void {
  kindsByDb.delete(db);
}
