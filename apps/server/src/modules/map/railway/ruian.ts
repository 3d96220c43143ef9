/**
 * RÚIAN address points: parsing the public 'adresní místa'
 * CSV (one file per municipality or the whole state), Windows-1250, `;`, header
 * `Kód ADM;Kód obce;Název obce;Kód MOMC;Název MOMC;Kód obvodu Prahy;Název obvodu Prahy;Kód části obce;
 * Název části obce;Kód ulice;Název ulice;Typ SO;Číslo domovní;Číslo orientační;Znak čísla orientačního;PSČ;
 * Souřadnice Y;Souřadnice X;Platí Od`. Coordinates are S-JTSK, positive Y/X, converted to WGS84 with proj4
 * (7-parameter Křovák). Rows are upserted into address_points by 'Kód ADM' (source 'ruian'); the title is the
 * Czech postal form 'Ulice čp/čo, část obce, PSČ obec' (Prague: the MOMC name, e.g. 'Praha 2').
 */
import { sql } from 'drizzle-orm';
import { normalizeSearch } from '@panel/domain/map';
import { queryRows, type Database, type Queryable } from '../../../db/client.js';
import type { addressPoints } from '../../../db/schema/index.js';
import { headerIndex, parseCsv, parseDecimal, type CsvRow } from './csv.js';
import { ruianToWgs84 } from './krovak.js';
import { formatBadRows, insideRegion, type BadRow } from './sr70.js';

const RUIAN_COLUMNS = {
  code: 'Kód ADM',
  town: 'Název obce',
  momc: 'Název MOMC',
  part: 'Název části obce',
  street: 'Název ulice',
  type: 'Typ SO',
  number: 'Číslo domovní',
  orientation: 'Číslo orientační',
  orientationSign: 'Znak čísla orientačního',
  postcode: 'PSČ',
  y: 'Souřadnice Y',
  x: 'Souřadnice X',
} as const;

export type AddressPointInsert = typeof addressPoints.$inferInsert;

export interface RuianReport {
  rows: number;
  inserted: number;
  updated: number;
  bad: BadRow[];
}

const formatPostcode = (p: string) => (/^\d{5}$/.test(p) ? `${p.slice(0, 3)} ${p.slice(3)}` : p);

/** A header row checked: the parser of the data rows, or the missing columns. */
export type RuianRowParser = (row: CsvRow) => AddressPointInsert | BadRow;

export function ruianRowParser(header: CsvRow): { parse: RuianRowParser } | { bad: BadRow } {
  const { index: ix, missing } = headerIndex(header.cells, RUIAN_COLUMNS);
  if (missing.length) return { bad: { line: header.line, message: `Chybí sloupce: ${missing.join(', ')}` } };
  return { parse: (row) => parseRuianRow(ix, row) };
}

export const isBadRow = (r: AddressPointInsert | BadRow): r is BadRow => 'message' in r;

function parseRuianRow(
  ix: Record<keyof typeof RUIAN_COLUMNS, number>,
  { line, cells }: CsvRow,
): AddressPointInsert | BadRow {
  const cell = (i: number) => (cells[i] ?? '').trim();
  const code = cell(ix.code);
  if (!/^\d+$/.test(code)) return { line, message: `neplatný kód adresního místa '${code}'` };
  const town = cell(ix.town);
  const number = cell(ix.number);
  if (!town || !number) return { line, message: `${code}: chybí obec nebo číslo domovní` };
  const y = parseDecimal(cell(ix.y));
  const x = parseDecimal(cell(ix.x));
  if (y == null || x == null || y === 0 || x === 0) return { line, message: `${code}: chybí souřadnice` };
  const point = ruianToWgs84(y, x);
  if (!point || !insideRegion(point[1], point[0])) return { line, message: `${code}: souřadnice mimo Česko` };
  const [lon, lat] = point;
  const part = cell(ix.part);
  const street = cell(ix.street);
  const momc = cell(ix.momc);
  const evidence = /ev/i.test(cell(ix.type));
  const orientation = cell(ix.orientation);
  const houseNumber =
    (evidence ? `č. ev. ${number}` : number) + (orientation ? `/${orientation}${cell(ix.orientationSign)}` : '');
  const postcode = cell(ix.postcode);
  const postalTown = town === 'Praha' && momc ? momc : town;
  const head = street ? `${street} ${houseNumber}` : `${part || town} ${houseNumber}`;
  const partText = street && part && part !== town ? `, ${part}` : '';
  const title = `${head}${partText}, ${postcode ? `${formatPostcode(postcode)} ` : ''}${postalTown}`;
  return {
    code,
    title,
    search: normalizeSearch(title),
    street: street || null,
    houseNumber,
    town,
    townPart: part || null,
    postcode: postcode || null,
    latitude: Number(lat.toFixed(7)),
    longitude: Number(lon.toFixed(7)),
    source: 'ruian',
  };
}

/** Parses a whole decoded file (small files and tests; the import command streams: ruianImport.ts). */
export function parseRuian(text: string): { rows: AddressPointInsert[]; bad: BadRow[] } {
  const csv = parseCsv(text);
  if (!csv.length) return { rows: [], bad: [{ line: 1, message: 'Soubor je prázdný.' }] };
  const parser = ruianRowParser(csv[0]);
  if ('bad' in parser) return { rows: [], bad: [parser.bad] };
  const rows: AddressPointInsert[] = [];
  const bad: BadRow[] = [];
  for (const row of csv.slice(1)) {
    const r = parser.parse(row);
    if (isBadRow(r)) bad.push(r);
    else rows.push(r);
  }
  return { rows, bad };
}

const BATCH = 2000;

/** The columns written, in the order of the unnest arrays. */
const UPSERT_COLUMNS: readonly (readonly [string, (r: AddressPointInsert) => string | number | null])[] = [
  ['code', (r: AddressPointInsert) => r.code],
  ['title', (r: AddressPointInsert) => r.title],
  ['search', (r: AddressPointInsert) => r.search],
  ['street', (r: AddressPointInsert) => r.street ?? null],
  ['house_number', (r: AddressPointInsert) => r.houseNumber ?? null],
  ['town', (r: AddressPointInsert) => r.town ?? null],
  ['town_part', (r: AddressPointInsert) => r.townPart ?? null],
  ['postcode', (r: AddressPointInsert) => r.postcode ?? null],
  ['latitude', (r: AddressPointInsert) => r.latitude],
  ['longitude', (r: AddressPointInsert) => r.longitude],
  ['source', (r: AddressPointInsert) => r.source ?? 'ruian'],
];
const FLOAT_COLUMNS = new Set(['latitude', 'longitude']);

/**
 * Upserts rows by 'Kód ADM' with one statement per batch: each column travels as one array parameter
 * (`unnest`), not 11 parameters a row, so a 2,000-row batch is 11 parameters to bind. A row equal to the stored
 * one is left alone (no new tuple, no index churn): a rerun of the same file writes nothing. Within a batch
 * the last row of a repeated code wins (PostgreSQL refuses to update one row twice in a statement).
 */
export async function upsertAddressPoints(
  q: Queryable,
  input: AddressPointInsert[],
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  const unique = [...new Map(input.map((r) => [r.code, r])).values()];
  for (let i = 0; i < unique.length; i += BATCH) {
    const rows = unique.slice(i, i + BATCH);
    const names = sql.raw(UPSERT_COLUMNS.map(([n]) => n).join(', '));
    const arrays = sql.join(
      UPSERT_COLUMNS.map(
        ([n, get]) => sql`${sql.param(rows.map(get))}::${sql.raw(FLOAT_COLUMNS.has(n) ? 'float8[]' : 'text[]')}`,
      ),
      sql`, `,
    );
    const changed = sql.raw(
      UPSERT_COLUMNS.filter(([n]) => n !== 'code')
        .map(([n]) => `address_points.${n} is distinct from excluded.${n}`)
        .join(' or '),
    );
    const set = sql.raw(
      UPSERT_COLUMNS.filter(([n]) => n !== 'code')
        .map(([n]) => `${n} = excluded.${n}`)
        .join(', '),
    );
    const [res] = await queryRows<{ inserted: number; updated: number }>(
      q,
      sql`with w as (
        insert into address_points (${names}) select * from unnest(${arrays})
        on conflict (code) do update set ${set} where ${changed}
        returning (xmax = 0) as ins
      ) select count(*) filter (where ins)::int as inserted, count(*) filter (where not ins)::int as updated from w`,
    );
    inserted += Number(res.inserted);
    updated += Number(res.updated);
  }
  return { inserted, updated };
}

export async function importRuian(db: Database, text: string): Promise<RuianReport> {
  const { rows, bad } = parseRuian(text);
  const { inserted, updated } = await db.transaction((tx) => upsertAddressPoints(tx, rows));
  return { rows: rows.length, inserted, updated, bad };
}

export function formatRuianReport(r: RuianReport): string {
  return [
    `RÚIAN: ${r.rows} adresních míst načteno (${r.inserted} nových, ${r.updated} aktualizovaných).`,
    ...(r.bad.length ? [`Chybné řádky (${r.bad.length}):`, ...formatBadRows(r.bad)] : []),
  ].join('\n');
}
