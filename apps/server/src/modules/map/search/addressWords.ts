/**
 * The address search's vocabulary (address_words, migration 0011): which indexed words hold a typed word, and
 * how many address points they cover. The match is `search like '%token%'` for every typed token; a token has no
 * space, so it occurs in a name exactly when it occurs in one of the name's words — the words found here are
 * then looked up in the GIN index `address_search_words(search)` instead of reading rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { likeEscape } from './searchSql.js';

/** A token shorter than this has no trigram: the vocabulary cannot be searched for it, it only filters rows. */
const MIN_INDEXED = 3;
/** A token held by more words than this ('1' in a real vocabulary) is not worth an index lookup. */
const MAX_WORDS = 2000;

export interface WordSet {
  words: string[];
  /** rows holding each word (address_words.n), in the order of `words` */
  counts: number[];
  /** address points covered, summed over the words (a row holding two of them counts twice) */
  est: number;
  /** the largest single word's count: a lower bound of the rows holding one of the words */
  most: number;
  /** the names' first words among them, unmarked ('^husova' → 'husova'): each one range of the order index */
  firsts: string[];
  /** the words further on in a name (not first) and the rows they cover */
  inner: string[];
  innerEst: number;
}

/** A vocabulary row per word; the first word of a name is stored marked '^' (migration 0011). */
function wordSet(rows: { word: string; n: number }[]): WordSet {
  const inner = rows.filter((r) => !r.word.startsWith('^'));
  return {
    words: rows.map((r) => r.word),
    counts: rows.map((r) => r.n),
    est: rows.reduce((sum, r) => sum + r.n, 0),
    most: Math.max(0, ...rows.map((r) => r.n)),
    firsts: rows.filter((r) => r.word.startsWith('^')).map((r) => r.word.slice(1)),
    inner: inner.map((r) => r.word),
    innerEst: inner.reduce((sum, r) => sum + r.n, 0),
  };
}

/** The index expression (its text must be the index's for the planner to use it). */
export const WORDS_SQL = sql`address_search_words(search)`;

/** `address_search_words(search) && words`: rows holding at least one of the words (exact, no recheck). */
export const holdsAny = (set: WordSet): SQL => sql`${WORDS_SQL} && ${sql.param(set.words)}::text[]`;

/**
 * The vocabulary words matching each LIKE pattern (one query). Null for a pattern the vocabulary cannot answer
 * cheaply (too many words).
 */
async function lookUp(tx: Tx, patterns: string[], withPairs: boolean[]): Promise<(WordSet | null)[]> {
  if (!patterns.length) return [];
  const rows = await queryRows<{ i: number; words: { word: string; n: number }[] | null; count: number }>(
    tx,
    sql`select p.i::int as i, count(w.word)::int as count,
        json_agg(json_build_object('word', w.word, 'n', w.n)) filter (where w.word is not null) as words
      from unnest(${sql.param(patterns)}::text[], ${sql.param(withPairs)}::boolean[]) with ordinality p(pat, pairs, i)
      left join address_words w on w.word like p.pat and (p.pairs or w.word not like '% %')
      group by p.i order by p.i`,
  );
  return rows.map((r) => (Number(r.count) > MAX_WORDS ? null : wordSet(r.words ?? [])));
}

/**
 * Words one of which a row must hold to have the whole term at a word start (rank 2: `% term%` or `%-term%`),
 * or null when the vocabulary cannot tell. A term of several tokens starts at an indexed word pair ('horni brezi…',
 * when its first two tokens are letters) or else at a word equal to its first token (followed by a space), or
 * after a hyphen ('…-t1'); a term of one token at a word starting with it, or after a hyphen inside a word.
 */
function wordStartPatterns(tokens: string[]): { patterns: string[]; pairs: boolean[] } | null {
  const [first, second] = tokens.map(likeEscape);
  const patterns: string[] = [];
  const pairs: boolean[] = [];
  if (tokens.length === 1) {
    if (tokens[0].length < MIN_INDEXED) return null;
    patterns.push(`${first}%`, `%-${first}%`);
    pairs.push(false, false);
  } else {
    if (/^[a-z]+$/.test(tokens[0]) && /^[a-z]/.test(tokens[1])) {
      // a word pair of the index: the next word starts with the second token (the last one) or is it (more follow)
      patterns.push(tokens.length === 2 ? `${first} ${second}%` : `${first} ${second}`);
      pairs.push(true);
    } else {
      patterns.push(first);
      pairs.push(false);
    }
    patterns.push(`%-${first}`);
    pairs.push(false);
  }
  return { patterns, pairs };
}

export interface Vocabulary {
  /** per token: its words (null: not looked up — too short or too common to help) */
  tokens: (WordSet | null)[];
  /** the words a row must hold to have the whole term at a word start (null: the vocabulary cannot tell) */
  starts: WordSet | null;
}

/** Both, in one query (a round trip counts at these speeds). */
export async function vocabulary(tx: Tx, tokens: string[]): Promise<Vocabulary> {
  const indexed = tokens.filter((t) => t.length >= MIN_INDEXED);
  const start = wordStartPatterns(tokens);
  const sets = await lookUp(
    tx,
    [...indexed.map((t) => `%${likeEscape(t)}%`), ...(start?.patterns ?? [])],
    [...indexed.map(() => false), ...(start?.pairs ?? [])],
  );
  const startSets = sets.slice(indexed.length);
  let starts: WordSet | null = null;
  if (start && startSets.every((set) => set != null)) {
    const counts = new Map<string, number>();
    for (const set of startSets) set!.words.forEach((word, i) => counts.set(word, set!.counts[i]));
    starts = wordSet([...counts].map(([word, n]) => ({ word, n })));
  }
  return {
    tokens: tokens.map((t) => (t.length >= MIN_INDEXED ? sets[indexed.indexOf(t)] : null)),
    starts,
  };
}
