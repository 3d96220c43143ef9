/**
 * The SQL pieces every search source shares (search.ts, addressSearch.ts): the match (every word anywhere in the
 * normalized name), the rank (exact, prefix, word prefix, inside) and the distance proxy.
 */
import { sql, type SQL } from 'drizzle-orm';

export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SourceQuery {
  /** the table's normalized text column */
  column: SQL;
  term: string;
  tokens: string[];
  origin: { latitude: number; longitude: number } | null;
}

export function matchSql(q: SourceQuery): SQL {
  const parts = q.tokens.map((t) => sql`${q.column} like ${`%${likeEscape(t)}%`}`);
  return sql.join(parts, sql` and `);
}

export function rankSql(q: SourceQuery): SQL {
  const t = likeEscape(q.term);
  return sql`(case when ${q.column} = ${q.term} then 0 when ${q.column} like ${`${t}%`} then 1
    when ${q.column} like ${`% ${t}%`} or ${q.column} like ${`%-${t}%`} then 2 else 3 end)`;
}

/** Squared planar distance proxy in metres² (ordering only; the answer uses haversine). */
export function distSql(q: SourceQuery): SQL {
  if (!q.origin) return sql`0`;
  const kx = 111_320 * Math.cos((q.origin.latitude * Math.PI) / 180);
  return sql`((longitude - ${q.origin.longitude}) * ${kx}) ^ 2 + ((latitude - ${q.origin.latitude}) * 110574) ^ 2`;
}

export function orderSql(q: SourceQuery, kindOrder: SQL): SQL {
  return q.origin
    ? sql`least(rank, 2), dist, ${kindOrder}, search collate "C", id`
    : sql`rank, ${kindOrder}, search collate "C", id`;
}
