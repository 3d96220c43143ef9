/**
 * The positions every delta core draws from (issue 28 item 1): per database, each vehicle's and device's newest
 * position and the last revision that moved it (change-log op `move`). It follows the newest revision a delta
 * asks for, reading only the moves after what it holds, so the positions of a span no longer cost a read of
 * every vehicle in it, whatever its start: the thousand vehicles of an 8 s span are read once, as they move,
 * not once per span. `movedSince(since)` is every row moved after `since` as it is now; a row moved again
 * after the span's end comes with its newer position, which the panel's next delta sends again anyway.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { MovedResource } from '@panel/domain/sync';
import type { Database } from '../../../db/client.js';
import { nextTurn } from '../../../db/nextTurn.js';
import { changeLog } from '../../../db/schema/index.js';
import { loadMovedDevices, loadMovedResources, type MovedDeviceOfBase } from '../loaders.js';

interface Board {
  epoch: string;
  /** revisions (from, upTo] are known */
  from: number;
  upTo: number;
  resources: Map<number, { revision: number; position: MovedResource | null }>;
  devices: Map<number, { revision: number; position: MovedDeviceOfBase | null }>;
  reading: Promise<void> | null;
}

const boards = new WeakMap<Database, Board>();

/** The moves of (from, upTo], newest revision per row. */
async function readMoves(db: Database, from: number, upTo: number) {
  return db
    .select({ table: changeLog.tableName, id: changeLog.rowId, revision: sql<number>`max(${changeLog.revision})` })
    .from(changeLog)
    .where(and(gt(changeLog.revision, from), lte(changeLog.revision, upTo), eq(changeLog.op, 'move')))
    .groupBy(changeLog.tableName, changeLog.rowId);
}

/**
 * Reads the moves of (from, upTo] into the board; a row's newer move already known is kept. Rows are set only
 * once their position is read: a span answered meanwhile finds each row as it was, never half updated.
 */
async function take(db: Database, board: Board, from: number, upTo: number): Promise<void> {
  const moves = await readMoves(db, from, upTo);
  const due = { resources: new Map<number, number>(), devices: new Map<number, number>() };
  for (const m of moves) {
    const table = m.table === 'resources' ? 'resources' : m.table === 'devices' ? 'devices' : null;
    if (!table) continue;
    const revision = Number(m.revision);
    const known = board[table].get(m.id);
    if (!known || known.revision < revision) due[table].set(m.id, revision);
  }
  // a turn between the reads (db/nextTurn.ts): with 1,000 trackers each is a few ms of the embedded database
  await nextTurn();
  const resources = await loadMovedResources(db, [...due.resources.keys()]);
  await nextTurn();
  const devices = await loadMovedDevices(db, [...due.devices.keys()]);
  const readResources = new Map(resources.map((r) => [r.id, r]));
  const readDevices = new Map(devices.map((d) => [d.device.id, d]));
  for (const [id, revision] of due.resources) {
    board.resources.set(id, { revision, position: readResources.get(id) ?? null });
  }
  for (const [id, revision] of due.devices) board.devices.set(id, { revision, position: readDevices.get(id) ?? null });
}

function boardOf(db: Database, epoch: string, since: number): Board {
  let board = boards.get(db);
  if (!board || board.epoch !== epoch) {
    board = { epoch, from: since, upTo: since, resources: new Map(), devices: new Map(), reading: null };
    boards.set(db, board);
  }
  return board;
}

/** Makes the board know every move of (since, upTo]; one reader at a time, later callers wait for it. */
async function cover(db: Database, board: Board, since: number, upTo: number): Promise<void> {
  while (board.from > since || board.upTo < upTo) {
    if (board.reading) {
      await board.reading;
      continue;
    }
    const [from, to] = [Math.min(board.from, since), Math.max(board.upTo, upTo)];
    board.reading = (async () => {
      if (from < board.from) await take(db, board, from, board.from);
      if (to > board.upTo) await take(db, board, board.upTo, to);
      board.from = from;
      board.upTo = to;
    })().finally(() => (board.reading = null));
    await board.reading;
  }
}

/**
 * Starts reading the moves of (since, upTo] into the board, for a span whose data are being read: the board's
 * reads (its moves, then the moved rows) no longer wait for the data's to end (issue 28 item 2: on the embedded
 * database every statement is a message to its thread and back, and a write's push read the two parts one after
 * the other). movedSince waits for it, or reads again what it failed to read.
 */
export function prefetchMoves(db: Database, epoch: string, since: number, upTo: number): void {
  const board = boardOf(db, epoch, since);
  cover(db, board, since, upTo).catch(() => undefined);
}

export interface MovedSince {
  resources: MovedResource[];
  devices: MovedDeviceOfBase[];
  /** rows sent whole that moved after the whole rows were read (`readAt`): their newest position */
  wholeResources: Map<number, MovedResource>;
  wholeDevices: Map<number, MovedDeviceOfBase>;
}

/**
 * Every vehicle and device moved after `since` (up to `upTo` at least), as it is now, ascending by id; `whole`
 * holds the rows the delta sends whole, read when the revision was `readAt`.
 */
export async function movedSince(
  db: Database,
  epoch: string,
  since: number,
  upTo: number,
  whole: { resources: Set<number>; devices: Set<number> },
  readAt = upTo,
): Promise<MovedSince> {
  // the whole rows' moves since they were read are needed too, also when the span starts later
  const from = Math.min(since, readAt);
  const board = boardOf(db, epoch, from);
  await cover(db, board, from, upTo);
  const pick = <T>(map: Map<number, { revision: number; position: T | null }>, skipped: Set<number>) =>
    [...map]
      .filter(([id, m]) => m.revision > since && m.position !== null && !skipped.has(id))
      .sort(([a], [b]) => a - b)
      .map(([, m]) => m.position!);
  const newer = <T>(map: Map<number, { revision: number; position: T | null }>, ids: Set<number>) => {
    const out = new Map<number, T>();
    for (const id of ids) {
      const m = map.get(id);
      if (m && m.revision > readAt && m.position !== null) out.set(id, m.position);
    }
    return out;
  };
  return {
    resources: pick(board.resources, whole.resources),
    devices: pick(board.devices, whole.devices),
    wholeResources: newer(board.resources, whole.resources),
    wholeDevices: newer(board.devices, whole.devices),
  };
}

/** Forgets the board of a database (tests, a replaced embedded database). */
export function forgetPositionBoard(db: Database): void {
  boards.delete(db);
}
