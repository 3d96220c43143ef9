/**
 * RÚIAN address-point import (`npm run import:ruian -w apps/server -- file.csv`): the public 'adresní místa'
 * CSV (one file per municipality or the whole state), Windows-1250, `;`, header
 * `Kód ADM;Kód obce;Název obce;Kód MOMC;Název MOMC;Kód obvodu Prahy;Název obvodu Prahy;Kód části obce;
 * Název části obce;Kód ulice;Název ulice;Typ SO;Číslo domovní;Číslo orientační;Znak čísla orientačního;PSČ;
 * Souřadnice Y;Souřadnice X;Platí Od`. Coordinates are S-JTSK, positive Y/X, converted to WGS84 with proj4
 * (7-parameter Křovák). Rows are upserted into address_points by 'Kód ADM' (source 'ruian'); the title is the
 * Czech postal form 'Ulice čp/čo, část obce, PSČ obec' (Prague: the MOMC name, e.g. 'Praha 2').
 */
import { sql } from 'drizzle-orm';
import { normalizeSearch } from '@panel/domain/map';
import type { Database } from '../../db/client.js';
import { addressPoints } from '../../db/schema/index.js';
import { headerIndex, parseCsv, parseDecimal } from './csv.js';
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

export function parseRuian(text: string): { rows: AddressPointInsert[]; bad: BadRow[] } {
  const csv = parseCsv(text);
  if (!csv.length) return { rows: [], bad: [{ line: 1, message: 'Soubor je prázdný.' }] };
  const { index: ix, missing } = headerIndex(csv[0].cells, RUIAN_COLUMNS);
  if (missing.length) {
    return { rows: [], bad: [{ line: csv[0].line, message: `Chybí sloupce: ${missing.join(', ')}` }] };
  }
  const rows: AddressPointInsert[] = [];
  const bad: BadRow[] = [];
  for (const { line, cells } of csv.slice(1)) {
    const cell = (i: number) => (cells[i] ?? '').trim();
    const code = cell(ix.code);
    if (!/^\d+$/.test(code)) {
      bad.push({ line, message: `neplatný kód adresního místa '${code}'` });
      continue;
    }
    const town = cell(ix.town);
    const number = cell(ix.number);
    if (!town || !number) {
      bad.push({ line, message: `${code}: chybí obec nebo číslo domovní` });
      continue;
    }
    const y = parseDecimal(cell(ix.y));
    const x = parseDecimal(cell(ix.x));
    if (y == null || x == null || y === 0 || x === 0) {
      bad.push({ line, message: `${code}: chybí souřadnice` });
      continue;
    }
    const [lon, lat] = ruianToWgs84(y, x);
    if (!insideRegion(lat, lon)) {
      bad.push({ line, message: `${code}: souřadnice mimo Česko` });
      continue;
    }
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
    rows.push({
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
    });
  }
  return { rows, bad };
}

const BATCH = 1000;

export async function importRuian(db: Database, text: string): Promise<RuianReport> {
  const { rows, bad } = parseRuian(text);
  let inserted = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const res = await tx
        .insert(addressPoints)
        .values(rows.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: addressPoints.code,
          set: {
            title: sql`excluded.title`,
            search: sql`excluded.search`,
            street: sql`excluded.street`,
            houseNumber: sql`excluded.house_number`,
            town: sql`excluded.town`,
            townPart: sql`excluded.town_part`,
            postcode: sql`excluded.postcode`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            source: sql`excluded.source`,
          },
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const r of res) {
        if (r.inserted) inserted++;
        else updated++;
      }
    }
  });
  return { rows: rows.length, inserted, updated, bad };
}

export function formatRuianReport(r: RuianReport): string {
  return [
    `RÚIAN: ${r.rows} adresních míst načteno (${r.inserted} nových, ${r.updated} aktualizovaných).`,
    ...(r.bad.length ? [`Chybné řádky (${r.bad.length}):`, ...formatBadRows(r.bad)] : []),
  ].join('\n');
}
