/**
 * The address part of the map search over the whole country (issue 15: 3 million RÚIAN address points).
 *
 * Two indexes: a trigram index (pg_trgm) answers the match (every word anywhere in the normalized name), and a
 * btree on `search collate "C", id` gives the search's own order. Broadness is first guessed from the order
 * index's head, else counted through trigrams. A term is narrow when it matches at most NARROW_MAX rows: they
 * are read through the trigram index, ranked and sorted (the same query as the other sources). A broad term
 * ('praha': 100,000 rows) is read rank group by rank group and cut at the page (offset + limit) — sorting every
 * match would cost more than the 50 ms budget (bench/ruian.bench.ts): prefix matches are a range of the order
 * index; the other groups are looked for in its first WALK_BUDGET entries, and read through the trigram index
 * when that does not fill the page (the group's rows cluster late in the order: 'smetanova …' starts at 's').
 * The planner's guesses for `like '%…%'` are too rough to leave it this choice: each query runs with the other
 * plans switched off (`set_config(…, true)`, inside the search's transaction).
 *
 * The total is exact up to ADDRESS_BROAD, the deepest row a page can reach (offset ≤ 1000, limit ≤ 100); a
 * broad term reports ADDRESS_BROAD, so every reachable page is counted. With an origin (order by distance) a
 * broad term is ranked whole: no index orders by distance (known cost, docs/ARCHITECTURE.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../../db/client.js';
import { distSql, likeEscape, matchSql, orderSql, rankSql, type SourceQuery } from './searchSql.js';

/** offset ≤ 1000 plus limit ≤ 100 (search.ts MAX_OFFSET, MAX_LIMIT) */
export const ADDRESS_BROAD = 1100;
/** Matches up to which a term (or a rank group) is read through the trigram index and sorted. */
export const NARROW_MAX = 1500;
/** Entries of the order index a dense group is looked for in before the trigram index reads it whole. */
export const WALK_BUDGET = 30_000;
/** Matches the head of the order index must promise (scaled to the table) for a term to be taken as broad. */
const BROAD_GUESS = 5 * NARROW_MAX;

export interface AddressRow {
  search: string;
  dist: number;
  id: number;
  title: string;
  street: string | null;
  town: string | null;
  town_part: string | null;
  district: string | null;
  region: string | null;
  jpo_id: number | null;
  jpo_name: string | null;
  latitude: number;
  longitude: number;
  source: string;
  rank: number;
  total: number;
}

const COLUMNS = sql`id, title, search, street, town, town_part, district, region, jpo_id, jpo_name, latitude,
  longitude, source`;

/** 'trigram': bitmap scans only (the trigram index); 'ordered': index scans only (the order index). One statement. */
async function usePlan(tx: Tx, plan: 'trigram' | 'ordered') {
  const bitmap = plan === 'trigram' ? 'on' : 'off';
  const index = plan === 'ordered' ? 'on' : 'off';
  await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', ${bitmap}, true),
    set_config('enable_indexscan', ${index}, true), set_config('enable_indexonlyscan', ${index}, true)`);
}

async function countUpTo(tx: Tx, where: SQL, max: number): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from address_points where ${where} limit ${max}) m`,
  );
  return n;
}

export async function queryAddresses(
  db: Database,
  q: SourceQuery,
  take: number,
): Promise<{ rows: AddressRow[]; total: number }> {
  return db.transaction(async (tx) => {
    const match = matchSql(q);
    // a word shorter than 3 letters has no trigram: a term of such words only ('na', 'u n') is walked in order
    const trigram = q.tokens.some((t) => t.length >= 3) ? 'trigram' : 'ordered';
    // How broad is the term? First a look at the order index's head (cheap whatever the term): matches dense
    // there make the term broad without asking the trigram index, whose bitmap of a common word ('nad': 375,000
    // rows) alone costs 100 ms. Otherwise the trigram index counts (quick for a narrow term).
    await usePlan(tx, 'ordered');
    const [head] = await queryRows<{ n: number; rows: number }>(
      tx,
      sql`select (select count(*)::int from (select search from address_points
          order by search collate "C", id limit ${WALK_BUDGET}) w where ${match}) as n,
        (select greatest(reltuples, 0)::float8 from pg_class where relname = 'address_points') as rows`,
    );
    const headBroad = Number(head.n) * (Math.max(Number(head.rows), WALK_BUDGET) / WALK_BUDGET) > BROAD_GUESS;
    let n = NARROW_MAX + 1;
    if (!headBroad) {
      await usePlan(tx, trigram);
      n = await countUpTo(tx, match, NARROW_MAX + 1);
    }
    if (n === 0) return { rows: [], total: 0 };
    if (n <= NARROW_MAX || q.origin) {
      if (headBroad) await usePlan(tx, trigram);
      const rows = await queryRows<AddressRow>(
        tx,
        sql`select *, count(*) over () as total from (
          select ${COLUMNS}, ${rankSql(q)} as rank, ${distSql(q)} as dist from address_points where ${match}
        ) a order by ${orderSql(q, sql`5`)} limit ${take}`,
      );
      return { rows, total: rows.length ? Math.min(Number(rows[0].total), ADDRESS_BROAD) : 0 };
    }

    const t = likeEscape(q.term);
    const prefix = sql`search collate "C" like ${`${t}%`}`;
    const word = sql`(search like ${`% ${t}%`} or search like ${`%-${t}%`})`;
    const group = (rank: SQL, where: SQL, limit: number) =>
      queryRows<AddressRow>(
        tx,
        sql`select ${COLUMNS}, ${rank} as rank, 0 as dist, ${ADDRESS_BROAD} as total from address_points
          where ${match} and ${where} order by search collate "C", id limit ${limit}`,
      );
    // A walk of the order index's first WALK_BUDGET entries: when it yields `limit` rows they are the group's
    // first; else (a sparse group, or one clustered late in the order) the trigram index reads the whole group.
    const walkOrRead = async (rank: SQL, where: SQL, limit: number) => {
      await usePlan(tx, 'ordered');
      const walked = await queryRows<AddressRow>(
        tx,
        sql`select ${COLUMNS}, ${rank} as rank, 0 as dist, ${ADDRESS_BROAD} as total from address_points
          where id in (select id from (
            select search, id from address_points order by search collate "C", id limit ${WALK_BUDGET}
          ) w where ${match} and ${where} order by search collate "C", id limit ${limit})
          order by search collate "C", id`,
      );
      if (walked.length === limit) return walked;
      await usePlan(tx, trigram);
      return group(rank, where, limit);
    };
    // exact and prefix matches: a range of the order index
    await usePlan(tx, 'ordered');
    const rows = await group(sql`(case when search = ${q.term} then 0 else 1 end)`, prefix, take);
    if (rows.length < take) {
      // word-prefix matches: the trigram index answers them; dense ones are quicker walked
      rows.push(...(await walkOrRead(sql`2`, sql`not ${prefix} and ${word}`, take - rows.length)));
    }
    if (rows.length < take) {
      // the rest: more than NARROW_MAX matches minus fewer than a page
      rows.push(...(await walkOrRead(sql`3`, sql`not ${prefix} and not ${word}`, take - rows.length)));
    }
    // fewer rows than the page: every group was read whole, so this is all of them (the head's guess was high)
    return { rows, total: rows.length < take ? rows.length : ADDRESS_BROAD };
  });
}
