/**
 * Commands: every write runs through `runCommand` — one transaction that runs the write, records the changed
 * rows, appends the event journal, bumps the sync revision once and writes the change log; after commit it
 * publishes an invalidation to the channels of the affected bases.
 *
 * A command that changes what a row of `events` looks like on the wire (its units, tags, conversations, jobs)
 * records `changed('events', id)`; a change of the event's units also records `changed('eventToBase', id)` so
 * units that newly see the event receive its children. New messages and read marks need only
 * `changed('messages', id)`: deltas re-send the message's event (its unread counts) by themselves.
 */
import { sql } from 'drizzle-orm';
import type { PushHub } from '../context.js';
import { queryRows, type Database, type Tx } from '../db/client.js';
import type { ChangeEntry, ChangeTable } from './changeLog.js';
import { finishCommand, writeJournal } from './commandTail.js';
import { noteCommitted } from './revision.js';

export interface Actor {
  userId: number | null;
  deviceId: number | null;
}

export interface CommandMeta {
  /** journal type, e.g. 'event.create' */
  type: string;
  /** the event the command concerns (journal, affected bases) */
  eventId?: number | null;
  /**
   * The command never changes which bases an event belongs to (messages, read marks): the bases read at the
   * end are the bases of the start, so the read before the write (one round trip) is left out.
   */
  keepsUnits?: boolean;
}

export interface JournalEntry {
  eventId?: number | null;
  table: string;
  data: unknown;
  /** default: the command's type */
  type?: string;
}

export interface ChangeRecorder {
  changed(table: ChangeTable, id: number): void;
  removed(table: ChangeTable, id: number): void;
  /** only the row's position changed (changeLog.ts `move`); a `changed` of the same row wins */
  moved(table: 'resources' | 'devices', id: number): void;
  journal(entry: JournalEntry): void;
  /** extra bases whose channels must hear of this command (e.g. a vehicle's base) */
  touchBases(...baseIds: (number | null | undefined)[]): void;
  /** every base hears of it (catalogue changes) */
  broadcast(): void;
}

export interface CommandDeps {
  db: Database;
  hub: PushHub;
}

export interface CommandResult {
  revision: number | null;
  tables: string[];
}

class Recorder implements ChangeRecorder {
  readonly entries = new Map<string, ChangeEntry>();
  readonly journals: JournalEntry[] = [];
  readonly baseIds = new Set<number>();
  readonly eventIds = new Set<number>();
  all = false;

  changed(table: ChangeTable, id: number) {
    this.entries.set(`${table}:${id}`, { table, id, op: 'upsert' });
    if (table === 'events') this.eventIds.add(id);
  }
  removed(table: ChangeTable, id: number) {
    this.entries.set(`${table}:${id}`, { table, id, op: 'delete' });
    if (table === 'events') this.eventIds.add(id);
  }
  moved(table: 'resources' | 'devices', id: number) {
    const key = `${table}:${id}`;
    if (!this.entries.has(key)) this.entries.set(key, { table, id, op: 'move' });
  }
  journal(entry: JournalEntry) {
    this.journals.push(entry);
    if (entry.eventId) this.eventIds.add(entry.eventId);
  }
  touchBases(...ids: (number | null | undefined)[]) {
    for (const id of ids) if (id != null) this.baseIds.add(id);
  }
  broadcast() {
    this.all = true;
  }
}

/** Owner and shared bases of an event, in one round trip. */
async function basesOfEvent(tx: Tx, eventId: number): Promise<number[]> {
  const rows = await queryRows<{ base_id: number | null }>(
    tx,
    sql`select base_id from events where id = ${eventId} union select base_id from event_to_base where event_id = ${eventId}`,
  );
  return rows.map((r) => r.base_id).filter((id): id is number => id != null);
}

export async function runCommand<T>(
  deps: CommandDeps,
  actor: Actor,
  meta: CommandMeta,
  fn: (tx: Tx, rec: ChangeRecorder) => Promise<T>,
  onCommitted?: (result: CommandResult) => void,
): Promise<T> {
  const rec = new Recorder();
  let revision: number | null = null;
  const affected = new Set<number>();

  const value = await deps.db.transaction(async (tx) => {
    // bases before the write too: a unit removed from the event must still hear of it
    if (meta.eventId && !meta.keepsUnits) for (const id of await basesOfEvent(tx, meta.eventId)) affected.add(id);
    const result = await fn(tx, rec);
    if (meta.eventId) rec.eventIds.add(meta.eventId);

    const journals = rec.journals.map((j) => ({
      eventId: j.eventId ?? meta.eventId ?? null,
      userId: actor.userId,
      deviceId: actor.deviceId,
      type: j.type ?? meta.type,
      table: j.table,
      data: j.data ?? null,
    }));
    if (rec.entries.size > 0) {
      // journal, revision (last: its row lock is held until commit), change log and bases: one statement
      const tail = await finishCommand(tx, {
        journals,
        entries: [...rec.entries.values()],
        eventIds: [...rec.eventIds],
        all: rec.all,
      });
      revision = tail.revision;
      for (const id of tail.baseIds) affected.add(id);
    } else {
      await writeJournal(tx, journals);
    }
    return result;
  });

  if (revision != null) {
    noteCommitted(deps.db, revision);
    for (const id of rec.baseIds) affected.add(id);
    const tables = [...new Set([...rec.entries.values()].map((e) => e.table))];
    // a revision of positions alone: its push may give way to a write's (realtime/deltaPush.ts)
    const moves = [...rec.entries.values()].every((e) => e.op === 'move');
    try {
      const channels = await deps.hub.channelsForBases([...affected]);
      deps.hub.invalidate(channels, { revision, tables, moves });
    } catch (err) {
      // the write is committed; clients catch up on their next poll
      console.error('[panel] invalidate failed after commit', { type: meta.type, revision }, err);
    }
    onCommitted?.({ revision, tables });
  }
  return value;
}
