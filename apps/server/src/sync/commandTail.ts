/**
 * The end of a command's transaction in one statement (issue 24 item 10: a round trip costs the full network
 * latency, and a write used to make five here): the journal rows, the revision bump, the change-log rows and
 * the bases that must hear of it, as data-modifying CTEs of a single `WITH`. Every CTE of a statement runs
 * whether it is read or not, on the statement's snapshot, which holds the transaction's own earlier writes.
 *
 * The revision UPDATE is still the last thing the transaction does: its row lock is held until commit, so
 * revisions become visible in commit order (docs/ARCHITECTURE.md "The flow of a write"); when it waits for that lock, READ
 * COMMITTED re-reads the row, so the number is the newest one + 1.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.js';
import { writeChanges, type ChangeEntry } from './changeLog.js';

/** Change-log rows written by the one statement; a larger command writes the rest in chunks afterwards. */
const ENTRIES_IN_STATEMENT = 1000;

export interface JournalRow {
  eventId: number | null;
  userId: number | null;
  deviceId: number | null;
  type: string;
  table: string;
  data: unknown;
}

export interface TailInput {
  journals: JournalRow[];
  entries: ChangeEntry[];
  /** events whose owner and shared bases hear of the command */
  eventIds: number[];
  /** every base hears of it */
  all: boolean;
}

/** null stays SQL NULL; anything else goes as JSON text (a bare string stays a JSON string). */
const jsonb = (value: unknown): SQL => (value == null ? sql`null::jsonb` : sql`${JSON.stringify(value)}::jsonb`);

const list = (parts: SQL[]): SQL => sql.join(parts, sql`, `);

function journalCte(rows: JournalRow[]): SQL {
  const values = rows.map(
    (j) =>
      sql`(${j.eventId}::int, ${j.userId}::int, ${j.deviceId}::int, ${j.type}::text, ${j.table}::text, ${jsonb(j.data)})`,
  );
  return sql`journal_rows as (insert into journal (event_id, user_id, device_id, type, table_name, data) values ${list(values)}), `;
}

function basesQuery(input: TailInput): SQL {
  if (input.all) return sql`select id as base_id from bases`;
  if (input.eventIds.length === 0) return sql`select null::int as base_id where false`;
  const ids = list(input.eventIds.map((id) => sql`${id}::int`));
  return sql`select base_id from events where id in (${ids}) union select base_id from event_to_base where event_id in (${ids})`;
}

/** Journal only: a command that changed no synced row (no revision, nobody to tell). */
export async function writeJournal(tx: Tx, rows: JournalRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (j) =>
      sql`(${j.eventId}::int, ${j.userId}::int, ${j.deviceId}::int, ${j.type}::text, ${j.table}::text, ${jsonb(j.data)})`,
  );
  await tx.execute(
    sql`insert into journal (event_id, user_id, device_id, type, table_name, data) values ${list(values)}`,
  );
}

/** Journal, revision, change log and affected bases in one round trip (plus one per further 1000 entries). */
export async function finishCommand(tx: Tx, input: TailInput): Promise<{ revision: number; baseIds: number[] }> {
  const first = input.entries.slice(0, ENTRIES_IN_STATEMENT);
  const changes = list(first.map((e) => sql`(${e.table}::text, ${e.id}::int, ${e.op}::text)`));
  const [row] = await queryRows<{ revision: number | string; bases: (number | null)[] | null }>(
    tx,
    sql`with ${input.journals.length > 0 ? journalCte(input.journals) : sql``}bumped as (
          update sync_revision set revision = revision + 1 where id = 1 returning revision
        ),
        logged as (
          insert into change_log (revision, table_name, row_id, op)
          select bumped.revision, c.table_name, c.row_id, c.op
            from bumped, (values ${changes}) as c(table_name, row_id, op)
        )
        select (select revision from bumped) as revision, array(${basesQuery(input)}) as bases`,
  );
  if (!row || row.revision == null) throw new Error('sync_revision row missing: run migrate() first');
  const revision = Number(row.revision);
  if (input.entries.length > ENTRIES_IN_STATEMENT) {
    await writeChanges(tx, revision, input.entries.slice(ENTRIES_IN_STATEMENT));
  }
  const baseIds = (row.bases ?? []).filter((id): id is number => id != null).map(Number);
  return { revision, baseIds };
}
