/**
 * The change log: one row per changed row per revision. Table names are the bundle keys (`events`,
 * `messages`, `eventContacts`, …) plus pseudo tables: `eventToBase` (row id = event id; the event's units
 * changed, so units that now see it need its children) and `settings` (row id 0).
 */
import { and, gt, lte, lt, eq, ne, sql } from 'drizzle-orm';
import type { EntityKey } from '@panel/domain/sync';
import type { Database, Queryable } from '../db/client.js';
import { changeLog, syncRevision } from '../db/schema/index.js';

export type ChangeTable = EntityKey | 'eventToBase' | 'settings' | 'users' | 'conversations';
/**
 * `move`: only the row's position changed (a tracker's fix, modules/positions/writeBehind.ts): a delta sends the
 * position alone (`positions` of the bundle) unless the row changed otherwise in the same span.
 */
export type ChangeOp = 'upsert' | 'delete' | 'move';

export interface ChangeEntry {
  table: ChangeTable;
  id: number;
  op: ChangeOp;
}

export async function writeChanges(tx: Queryable, revision: number, entries: ChangeEntry[]): Promise<void> {
  if (entries.length === 0) return;
  for (let i = 0; i < entries.length; i += 1000) {
    await tx
      .insert(changeLog)
      .values(entries.slice(i, i + 1000).map((e) => ({ revision, tableName: e.table, rowId: e.id, op: e.op })));
  }
}

export interface TableChanges {
  /** rows upserted after the revision (and not deleted later) */
  changed: Set<number>;
  /** rows deleted after the revision */
  removed: Set<number>;
  /** rows whose only change after the revision is their position (never also in `changed` or `removed`) */
  moved: Set<number>;
}

/**
 * Changes in (since, upTo], the latest op of a row winning. `moves: false` leaves the `move` rows out (the
 * delta core takes positions from modules/sync/delta/positionBoard.ts; a reporting fleet writes thousands).
 */
export async function readChanges(
  db: Database,
  since: number,
  upTo: number,
  options: { moves?: boolean } = {},
): Promise<Map<string, TableChanges>> {
  const span = and(gt(changeLog.revision, since), lte(changeLog.revision, upTo));
  const rows = await db
    .select({ tableName: changeLog.tableName, rowId: changeLog.rowId, op: changeLog.op })
    .from(changeLog)
    .where(options.moves === false ? and(span, ne(changeLog.op, 'move')) : span)
    .orderBy(changeLog.id);
  const out = new Map<string, TableChanges>();
  for (const r of rows) {
    let t = out.get(r.tableName);
    if (!t) {
      t = { changed: new Set(), removed: new Set(), moved: new Set() };
      out.set(r.tableName, t);
    }
    if (r.op === 'move') {
      // the whole row is sent anyway when it changed otherwise too
      if (!t.changed.has(r.rowId) && !t.removed.has(r.rowId)) t.moved.add(r.rowId);
    } else if (r.op === 'delete') {
      t.changed.delete(r.rowId);
      t.moved.delete(r.rowId);
      t.removed.add(r.rowId);
    } else {
      t.removed.delete(r.rowId);
      t.moved.delete(r.rowId);
      t.changed.add(r.rowId);
    }
  }
  return out;
}

/** Drops log rows up to `belowRevision` (exclusive); older uids then get a full bundle. */
export async function pruneChangeLog(db: Database, belowRevision: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(changeLog).where(lt(changeLog.revision, belowRevision));
    await tx
      .update(syncRevision)
      .set({ minRevision: sql`greatest(${syncRevision.minRevision}, ${belowRevision - 1})` })
      .where(eq(syncRevision.id, 1));
  });
}
