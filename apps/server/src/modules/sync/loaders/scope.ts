/** Event scopes and row decoding shared by the loaders. */
import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.js';
import { queryRows } from '../../../db/client.js';
import * as s from '../../../db/schema/index.js';

export const idList = (ids: Iterable<number>) => [...new Set(ids)];

/**
 * Which events a loader works on: a list of ids (delta, newly visible events) or every event matching a
 * condition on `events` (full bundle). The condition goes into each query as a subquery, so a full bundle sends
 * no id lists (thousands of bound parameters cost more to build, send and plan than the subquery).
 */
export type EventScope = { eventIds: number[] } | { eventsWhere: SQL | undefined };

/** `col in (…the scope's event ids…)` */
export function inScope(col: AnyPgColumn, scope: EventScope): SQL {
  if ('eventIds' in scope) return inArray(col, scope.eventIds.length ? scope.eventIds : [-1]);
  return sql`${col} in (${scopeIds(scope)})`;
}

/** The scope as a list for `in (…)` inside raw SQL: bound ids or the subquery. */
export function scopeIds(scope: EventScope): SQL {
  if ('eventIds' in scope) {
    const ids = scope.eventIds.length ? scope.eventIds : [-1];
    return sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  }
  const where = scope.eventsWhere ? sql` where ${scope.eventsWhere}` : sql``;
  return sql`select ${s.events.id} from ${s.events}${where}`;
}

/** A table's columns: property, column name, and whether the value is a timestamp (JSON text → Date). */
export const columnsOf = (table: PgTable) =>
  Object.entries(getTableColumns(table)).map(
    ([prop, col]) => [prop, col.name, col.columnType === 'PgTimestamp'] as const,
  );
export const EVENT_COLUMNS = columnsOf(s.events);

/** A `row_to_json(table)` object → the row Drizzle would have returned. */
export function rowOf<T>(columns: ReturnType<typeof columnsOf>, j: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [prop, name, isTime] of columns) {
    const v = j[name] ?? null;
    row[prop] = isTime && v !== null ? new Date(v as string) : v;
  }
  return row as T;
}

/**
 * Tuples as one JSON text: `query` selects `json_agg(json_build_array(…) order by …) as j`. Decoding a result
 * costs per field (PGlite above all), so thousands of small rows are cheaper as one value parsed by JSON.parse.
 */
export async function jsonTuples<T extends unknown[]>(db: Database, query: SQL): Promise<T[]> {
  const [row] = await queryRows<{ j: string | null }>(db, sql`select coalesce((${query})::text, '[]') as j`);
  return JSON.parse(row?.j ?? '[]') as T[];
}
