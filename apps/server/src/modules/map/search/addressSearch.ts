/**
 * The address part of the map search over the whole country (issue 15: 3 million RÚIAN address points, p99
 * under 50 ms; bench/ruian.bench.ts). The answer is the one every source gives (searchSql.ts): rows holding every
 * typed token, ranked exact, prefix, word start, the rest, then by `search collate "C", id`; the total exact up
 * to ADDRESS_BROAD, the deepest row a page can reach (offset ≤ 1000, limit ≤ 100).
 *
 * Three structures, each asked where it is cheap:
 * - the btree on `(search collate "C", id)` (the order): exact and prefix matches are one range of it, first in
 *   the order — a half-typed street ('havlicko') is answered there alone;
 * - the vocabulary address_words (addressWords.ts): which indexed words hold each token, how many rows they cover;
 * - the GIN index on `address_search_words(search)` (migration 0011: the words, the first one marked '^', and the
 *   pairs of adjacent words): the rows holding those words, intersected over the tokens inside the index
 *   ('stefanikova' ∩ 'sazavou': 66,000 ∩ 330,000 → 7,000 rows in 4 ms). Its cost follows the rarest token's rows,
 *   so it counts the matches only when that token covers at most `ginMax` rows; up to ADDRESS_BROAD matches are
 *   then ranked and sorted whole (exact total).
 * More matches (or only common tokens: 'nad sazavou', 'u brna') are read rank group by rank group in the order and
 * cut at the page. The word-start group is bounded by the word pair ('na sazavou…' held by no row: empty); a group
 * is read from its seed token's first-word ranges of the order index plus, through the GIN index, the few rows
 * holding it further on; else the order index's first `walkBudget` entries are walked (a broad term is dense
 * there) and only then the GIN index reads the group.
 * The planner's guesses for these shapes are rough, so each query runs with the other plans switched off
 * (`set_config(…, true)`, inside the search's transaction). With an origin (order by distance) every match is
 * ranked: no index orders by distance (a known cost).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_MAX_LIMIT, SEARCH_MAX_OFFSET } from '@panel/domain/map';
import { queryRows, type Database, type Tx } from '../../../db/client.js';
import { holdsAny, vocabulary, type WordSet } from './addressWords.js';
import { distSql, likeEscape, matchSql, orderSql, rankSql, type SourceQuery } from './searchSql.js';

/** the deepest a page reaches: offset ≤ 1000 plus limit ≤ 100 */
export const ADDRESS_BROAD = SEARCH_MAX_OFFSET + SEARCH_MAX_LIMIT;
/**
 * The thresholds (tests lower them to take every way over a small table). ginMax: rows the rarest token may cover
 * for the GIN index to count the matches (~0.1 ms per 1,000 rows); fetchMax: rows of a group read whole through
 * the GIN index (~1 ms per 1,000); walkBudget: entries of the order index a broad group is looked for in before
 * the GIN index reads it whole.
 */
export const addressTuning = { ginMax: 250_000, fetchMax: 12_000, walkBudget: 30_000 };
/** First words of a token read as ranges of the order index (one probe each). */
const MAX_RANGES = 40;

const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function countUpTo(tx: Tx, where: SQL, max: number): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from address_points where ${where} limit ${max}) m`,
  );
  return Number(n);
}

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

/**
 * 'bitmap': the GIN index only (bitmap scans; work_mem large enough that the bitmap stays exact — a lossy page
 * would recompute the words of each of its rows); 'ordered': index scans only (the order index); 'indexes':
 * either (a range of the order index and the vocabulary's trigram index, one round trip less). No parallel
 * workers: starting them costs more than these reads. One statement.
 */
type Plan = 'bitmap' | 'ordered' | 'indexes';

/** usePlan for one transaction, skipping the round trip when the plan is already set. */
function planner(tx: Tx) {
  let current: Plan | null = null;
  return async (plan: Plan) => {
    if (plan === current) return;
    current = plan;
    const bitmap = plan === 'ordered' ? 'off' : 'on';
    const index = plan === 'bitmap' ? 'off' : 'on';
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', ${bitmap}, true),
      set_config('enable_indexscan', ${index}, true), set_config('enable_indexonlyscan', ${index}, true),
      set_config('work_mem', '32MB', true), set_config('max_parallel_workers_per_gather', '0', true)`);
  };
}

const and = (parts: SQL[]) => sql.join(parts, sql` and `);

export async function queryAddresses(
  db: Database,
  q: SourceQuery,
  take: number,
): Promise<{ rows: AddressRow[]; total: number }> {
  return db.transaction(async (tx) => {
    const usePlan = planner(tx);
    const match = matchSql(q);
    const t = likeEscape(q.term);
    const prefix = sql`search collate "C" like ${`${t}%`}`;
    const word = sql`(search like ${`% ${t}%`} or search like ${`%-${t}%`})`;

    // 1. Exact and prefix matches lead the order: when they alone are more than any page reaches, the page is
    //    theirs and the total is ADDRESS_BROAD (half-typed streets, 'praha 1…'). One range of the order index.
    await usePlan('indexes');
    if (!q.origin) {
      const [head] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from (select 1 from address_points where ${prefix} limit ${ADDRESS_BROAD + 1}) p`,
      );
      if (Number(head.n) > ADDRESS_BROAD) {
        const rows = await queryRows<AddressRow>(
          tx,
          sql`select ${COLUMNS}, (case when search = ${q.term} then 0 else 1 end) as rank, 0 as dist,
            ${ADDRESS_BROAD} as total from address_points where ${prefix} order by search collate "C", id limit ${take}`,
        );
        return { rows, total: ADDRESS_BROAD };
      }
    }

    // 2. The vocabulary: a token no word holds matches nothing; the rarest token decides the way.
    const { tokens: sets, starts } = await vocabulary(tx, q.tokens);
    if (sets.some((s) => s != null && s.words.length === 0)) return { rows: [], total: 0 };
    const indexed = sets.filter((s): s is WordSet => s != null);
    const holds = indexed.map(holdsAny);
    const rarest = indexed.length ? Math.min(...indexed.map((s) => s.est)) : Infinity;
    // one token whose single commonest word is held by more rows than a page reaches cannot be narrow
    const surelyBroad = q.tokens.length === 1 && indexed.length === 1 && indexed[0].most > ADDRESS_BROAD;

    // every match ranked and sorted: the narrow terms (at most ADDRESS_BROAD, counted through the index first
    // when the vocabulary cannot promise it), and any term with an origin
    const rankAll = async (cap: number | null) => {
      const rows = await queryRows<AddressRow>(
        tx,
        sql`select *, count(*) over () as total from (
          select ${COLUMNS}, ${rankSql(q)} as rank, ${distSql(q)} as dist from address_points
          where ${and([...holds, match])} ${cap == null ? sql`` : sql`limit ${cap}`}
        ) a order by ${orderSql(q, sql`5`)} limit ${take}`,
      );
      return { rows, total: rows.length ? Math.min(Number(rows[0].total), ADDRESS_BROAD) : 0 };
    };
    let counted = false;
    if (holds.length && q.origin) {
      await usePlan('bitmap');
      return rankAll(null);
    } else if (holds.length && rarest <= addressTuning.ginMax && !surelyBroad) {
      await usePlan('bitmap');
      if (rarest > ADDRESS_BROAD && (await countUpTo(tx, and([...holds, match]), ADDRESS_BROAD + 1)) > ADDRESS_BROAD) {
        counted = true;
      } else {
        return rankAll(ADDRESS_BROAD + 1);
      }
    } else if (q.origin) {
      // tokens too short for the vocabulary ('u', 'na 1'): every match ranked, found by walking the order
      await usePlan('ordered');
      return rankAll(null);
    }

    // 3. Broad: rank group by rank group in the order, cut at the page. The total is ADDRESS_BROAD: counted
    //    above, or guessed when every token is too common to count cheaply.
    const group = (rank: SQL, where: SQL[], limit: number) =>
      queryRows<AddressRow>(
        tx,
        sql`select ${COLUMNS}, ${rank} as rank, 0 as dist, ${ADDRESS_BROAD} as total from address_points
          where ${and([match, ...where])} order by search collate "C", id limit ${limit}`,
      );
    // The order index's first `walkBudget` entries: when they yield `limit` rows those are the group's first;
    // else (a sparse group, or one whose rows sit late in the order) the GIN index reads the whole group.
    const walkOrRead = async (rank: SQL, where: SQL[], gin: SQL[], limit: number) => {
      await usePlan('ordered');
      const walked = await queryRows<AddressRow>(
        tx,
        sql`select ${COLUMNS}, ${rank} as rank, 0 as dist, ${ADDRESS_BROAD} as total from address_points
          where id in (select id from (
            select search, id from address_points order by search collate "C", id limit ${addressTuning.walkBudget}
          ) w where ${and([match, ...where])} order by search collate "C", id limit ${limit})
          order by search collate "C", id`,
      );
      if (walked.length === limit) return walked;
      await usePlan(gin.length ? 'bitmap' : 'ordered');
      return group(rank, [...gin, ...where], limit);
    };
    // A group's rows hold the seed token either in the name's first word — one range of the order index per
    // such word, read in order and cut at `limit` — or further on, which the GIN index reads (few rows: a
    // street's name is its address's first word). 'stefanikova sazavou': the range 'stefanikova …' alone.
    const seed = indexed
      .filter((s) => s.firsts.length <= MAX_RANGES && s.innerEst <= addressTuning.fetchMax)
      .sort((a, b) => a.innerEst - b.innerEst)[0];
    const seeded = async (rank: SQL, where: SQL[], limit: number) => {
      await usePlan('ordered');
      const ranges = seed.firsts.map(
        (f) => sql`(select ${COLUMNS}, ${rank} as rank, 0 as dist, ${ADDRESS_BROAD} as total from address_points
          where search collate "C" >= ${f} and search collate "C" < ${`${f}!`} and ${and([match, ...where])}
          order by search collate "C", id limit ${limit})`,
      );
      const found = ranges.length ? await queryRows<AddressRow>(tx, sql.join(ranges, sql` union all `)) : [];
      if (seed.inner.length) {
        await usePlan('bitmap');
        found.push(...(await group(rank, [holdsAny({ ...seed, words: seed.inner }), ...holds, ...where], limit)));
      }
      const byId = new Map(found.map((r) => [r.id, r]));
      return [...byId.values()].sort((a, b) => byCodePoints(a.search, b.search) || a.id - b.id).slice(0, limit);
    };
    const readGroup = (rank: SQL, where: SQL[], gin: SQL[], limit: number) =>
      seed ? seeded(rank, where, limit) : walkOrRead(rank, where, gin, limit);
    await usePlan('ordered');
    const rows = await group(sql`(case when search = ${q.term} then 0 else 1 end)`, [prefix], take);
    if (rows.length < take) {
      if (!starts || starts.words.length) {
        const where = [sql`not ${prefix}`, word];
        const gin = starts ? [holdsAny(starts), ...holds] : holds;
        if (starts && starts.est <= addressTuning.fetchMax) {
          // a narrow word-start group: read whole through the index
          await usePlan('bitmap');
          rows.push(...(await group(sql`2`, [...gin, ...where], take - rows.length)));
        } else {
          rows.push(...(await readGroup(sql`2`, where, gin, take - rows.length)));
        }
      }
    }
    if (rows.length < take) {
      rows.push(...(await readGroup(sql`3`, [sql`not ${prefix}`, sql`not ${word}`], holds, take - rows.length)));
    }
    // fewer rows than the page: every group was read whole, so this is all of them
    return { rows, total: rows.length < take && !counted ? rows.length : ADDRESS_BROAD };
  });
}
