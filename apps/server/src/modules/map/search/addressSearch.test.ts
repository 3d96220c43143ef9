/**
 * The address search (issue 15) against a brute force: every way of addressSearch.ts (narrow, counted broad,
 * guessed broad; word-start groups through word pairs, first-word ranges, walks of the order, GIN reads) must
 * give the page the plain definition gives — rows holding every token, ranked exact, prefix, word start, rest,
 * then by name (code points) and id; the total exact up to ADDRESS_BROAD. The thresholds are lowered so that a
 * few thousand rows take the ways 3 million rows take. And the vocabulary the triggers keep equals a recount.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normalizeSearch } from '@panel/domain/map';
import { queryRows, type DatabaseHandle } from '../../../db/client.js';
import { upsertAddressPoints, type AddressPointInsert } from '../railway/ruian.js';
import { ADDRESS_BROAD, addressTuning, queryAddresses } from './addressSearch.js';
import { openMigratedMemoryDatabase } from '../../../test/pgliteImage.js';

const STREETS = ['Husova', 'Na Výsluní', 'Nádražní', 'U Školy', 'Palackého', 'Frýdecká', '28. října', 'K Lesu'];
const TOWNS = ['Lhota', 'Horní Lhota', 'Žďár nad Sázavou', 'Frýdek-Místek', 'Nová Ves', 'Sázava', 'Brno', 'Praha 4'];
const PARTS = ['Nusle', 'Lhotka', 'Zálhotí', 'Ves', 'Husovice'];

/** Deterministic addresses in the real title form; a quarter without a street (the part or town leads). */
function addresses(count: number): AddressPointInsert[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 48271) % 2147483647;
    return seed % n;
  };
  return Array.from({ length: count }, (_, i) => {
    const town = TOWNS[next(TOWNS.length)];
    const street = next(4) ? STREETS[next(STREETS.length)] : null;
    const part = next(3) ? PARTS[next(PARTS.length)] : null;
    const number = `${1 + next(400)}${next(2) ? `/${1 + next(30)}` : ''}`;
    const head = street ? `${street} ${number}` : `${part ?? town} ${number}`;
    const title = `${head}${street && part ? `, ${part}` : ''}, 1${next(9)}0 00 ${town}`;
    return {
      code: String(70_000_000 + i),
      title,
      search: normalizeSearch(title),
      latitude: 49.5,
      longitude: 15.5,
      source: 'ruian',
    };
  });
}

const TERMS = [
  'lhota',
  'Lhota',
  'husova',
  'husova 1',
  'Husova Lhota',
  'na vysluni',
  'Na Sázavou',
  'nad sazavou',
  'nova ves',
  'ves',
  'frydek',
  'mistek',
  'Místek Husova',
  'u skoly 12',
  'u',
  'na',
  '28. r',
  'praha 4',
  '12',
  '123',
  'zalhoti',
  'lhotka husova',
  'horni lhota 5',
  'palackeho 7 brno',
  'xyz',
  'husova zzz',
];

const TUNINGS = [
  { ...addressTuning },
  { ginMax: 400, fetchMax: 60, walkBudget: 40 },
  { ginMax: 1_000_000, fetchMax: 5, walkBudget: 5 },
];

describe('address search: every way gives the plain definition', () => {
  let h: DatabaseHandle;
  let all: { id: number; search: string; title: string }[] = [];
  const saved = { ...addressTuning };

  beforeAll(async () => {
    h = await openMigratedMemoryDatabase();
    await upsertAddressPoints(h.db, addresses(3000));
    all = await queryRows(h.db, sql`select id, search, title from address_points`);
  });
  afterAll(async () => {
    Object.assign(addressTuning, saved);
    await h?.close();
  });

  const expected = (term: string) => {
    const t = normalizeSearch(term);
    const tokens = t.split(' ').filter(Boolean);
    const rank = (s: string) =>
      s === t ? 0 : s.startsWith(t) ? 1 : s.includes(` ${t}`) || s.includes(`-${t}`) ? 2 : 3;
    const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return all
      .filter((r) => tokens.every((tok) => r.search.includes(tok)))
      .sort((a, b) => rank(a.search) - rank(b.search) || byCode(a.search, b.search) || a.id - b.id);
  };

  for (const [k, tuning] of TUNINGS.entries()) {
    it(`tuning ${k}: the same pages and totals as the brute force`, async () => {
      Object.assign(addressTuning, tuning);
      for (const term of TERMS) {
        const want = expected(term);
        const t = normalizeSearch(term);
        for (const [offset, limit] of [
          [0, 20],
          [40, 20],
        ]) {
          const q = { column: sql`search`, term: t, tokens: t.split(' ').filter(Boolean), origin: null };
          const { rows, total } = await queryAddresses(h.db, q, offset + limit);
          const page = rows.slice(offset, offset + limit).map((r) => r.title);
          expect(page, `${term} @${offset}`).toEqual(want.slice(offset, offset + limit).map((r) => r.title));
          // exact up to ADDRESS_BROAD; a broad term guessed from the vocabulary (no count) with a full page may
          // report ADDRESS_BROAD
          const exact = Math.min(want.length, ADDRESS_BROAD);
          if (total !== exact) expect([total, rows.length], term).toEqual([ADDRESS_BROAD, offset + limit]);
        }
      }
    });
  }

  it('the vocabulary the triggers keep equals a recount after inserts, updates, deletes and a truncate', async () => {
    const recount = () =>
      queryRows<{ word: string; n: number }>(
        h.db,
        sql`select e as word, count(*)::int as n from address_points, unnest(address_search_words(search)) e
          group by e order by e`,
      );
    const kept = () =>
      queryRows<{ word: string; n: number }>(h.db, sql`select word, n from address_words order by word`);
    expect(await kept()).toEqual(await recount());
    // an upsert that renames some rows (update), then a delete
    const renamed = addresses(200).map((a) => ({
      ...a,
      title: `Zelená 1, ${a.title}`,
      search: `zelena 1, ${a.search}`,
    }));
    await upsertAddressPoints(h.db, renamed);
    await h.db.execute(sql`delete from address_points where code in ('70000005', '70000006', '70000300')`);
    expect(await kept()).toEqual(await recount());
    // 200 renamed, two of them deleted
    expect((await kept()).find((w) => w.word === '^zelena')?.n).toBe(198);
    await h.db.execute(sql`truncate address_points`);
    expect(await kept()).toEqual([]);
  });
});
