/**
 * SR70 import (`npm run import:sr70 -w apps/server -- file.csv`): the codebook of railway operating points of
 * Správa železnic (its public SR70 codebook export). Windows-1250, `;`, decimal comma, one header line. Rows are
 * upserted into railway_points by code (source 'sr70'); active = state not 'Zrušen'. Position: `GPS N/E (DEG)`
 * (`N50,083090°`), else the S-JTSK columns converted with proj4, else the DMS columns. Rows without a code, a
 * name or a position inside Czechia's neighbourhood are reported with their line numbers and skipped.
 *
 * Afterwards the sr70 lines are derived again: the active points grouped by section (first four characters of
 * TUDU), ordered by km, one polyline per section with at least two points. Demo lines stay.
 */
import { eq, getTableColumns, sql, type Table } from 'drizzle-orm';
import { normalizeSearch } from '@panel/domain/map';
import type { Database, Queryable } from '../../../db/client.js';
import { railwayLines, railwayPoints } from '../../../db/schema/index.js';
import { headerIndex, parseCsv, parseDecimal } from './csv.js';
import { sjtskToWgs84 } from './krovak.js';

const SR70_COLUMNS = {
  code: 'Evidenční číslo',
  name: 'Název',
  kind: 'Kvalifikátor - popis',
  state: 'Stav - popis',
  km: 'Km poloha',
  tudu: 'TUDU',
  x: 'X [S-JTSK (-Y)]',
  y: 'Y [S-JTSK (-X)]',
  dmsN: 'GPS N (DMS)',
  dmsE: 'GPS E (DMS)',
  degN: 'GPS N (DEG)',
  degE: 'GPS E (DEG)',
  region: 'VÚSC - popis',
} as const;

export const INACTIVE_SR70_STATE = 'Zrušen';

export type RailwayPointInsert = typeof railwayPoints.$inferInsert;

export interface BadRow {
  line: number;
  message: string;
}

export interface Sr70Parsed {
  rows: RailwayPointInsert[];
  bad: BadRow[];
}

export interface Sr70Report {
  rows: number;
  inserted: number;
  updated: number;
  active: number;
  inactive: number;
  /** active rows of kind 'Železniční stanice' */
  stations: number;
  bad: BadRow[];
  /** sr70 lines derived after the import */
  lines: number;
}

/** `N50,083090°` / `E14,435978°` → 50.08309 / 14.435978; junk → null. */
export function parseDegrees(s: string | undefined): number | null {
  const m = /^\s*([NSEW])?\s*(\d+(?:[.,]\d+)?)\s*°?\s*$/.exec(s ?? '');
  if (!m) return null;
  const v = Number(m[2].replace(',', '.'));
  return m[1] === 'S' || m[1] === 'W' ? -v : v;
}

/** `N50°04'59,124"` → 50.083090; junk → null. */
export function parseDms(s: string | undefined): number | null {
  const m = /^\s*([NSEW])?\s*(\d+)\s*°\s*(\d+)\s*'\s*(\d+(?:[.,]\d+)?)\s*"*\s*$/.exec(s ?? '');
  if (!m) return null;
  const v = Number(m[2]) + Number(m[3]) / 60 + Number(m[4].replace(',', '.')) / 3600;
  return m[1] === 'S' || m[1] === 'W' ? -v : v;
}

/** Czechia with a margin (border points, a few operating points just abroad). */
export const insideRegion = (lat: number, lon: number) => lat > 47.5 && lat < 51.6 && lon > 11.5 && lon < 19.5;

const dash = (s: string | undefined) => {
  const t = (s ?? '').trim();
  return t === '' || t === '-' ? null : t;
};

export function parseSr70(text: string): Sr70Parsed {
  const csv = parseCsv(text);
  if (!csv.length) return { rows: [], bad: [{ line: 1, message: 'Soubor je prázdný.' }] };
  const { index: ix, missing } = headerIndex(csv[0].cells, SR70_COLUMNS);
  if (missing.length) {
    return { rows: [], bad: [{ line: csv[0].line, message: `Chybí sloupce: ${missing.join(', ')}` }] };
  }
  const rows: RailwayPointInsert[] = [];
  const bad: BadRow[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of csv.slice(1)) {
    const cell = (i: number) => cells[i] ?? '';
    const code = cell(ix.code).trim();
    const name = cell(ix.name).trim();
    if (!/^\d{1,8}$/.test(code)) {
      bad.push({ line, message: `neplatné evidenční číslo '${code}'` });
      continue;
    }
    if (!name) {
      bad.push({ line, message: `${code}: chybí název` });
      continue;
    }
    if (seen.has(code)) {
      bad.push({ line, message: `${code}: evidenční číslo se opakuje` });
      continue;
    }
    const x = parseDecimal(cell(ix.x));
    const y = parseDecimal(cell(ix.y));
    let lat = parseDegrees(cell(ix.degN));
    let lon = parseDegrees(cell(ix.degE));
    if (lat == null || lon == null || (lat === 0 && lon === 0)) {
      if (x != null && y != null && x !== 0 && y !== 0) [lon, lat] = sjtskToWgs84(x, y) ?? [null, null];
      else {
        lat = parseDms(cell(ix.dmsN));
        lon = parseDms(cell(ix.dmsE));
      }
    }
    if (lat == null || lon == null || !insideRegion(lat, lon)) {
      bad.push({ line, message: `${code} ${name}: chybí nebo je chybná poloha` });
      continue;
    }
    seen.add(code);
    const state = dash(cell(ix.state));
    const tudu = dash(cell(ix.tudu));
    rows.push({
      code,
      name,
      search: normalizeSearch(name),
      kind: dash(cell(ix.kind)),
      state,
      active: state !== INACTIVE_SR70_STATE,
      km: parseDecimal(cell(ix.km)),
      tudu,
      section: tudu && tudu.length >= 4 ? tudu.slice(0, 4) : null,
      region: dash(cell(ix.region)),
      latitude: Number(lat.toFixed(7)),
      longitude: Number(lon.toFixed(7)),
      x,
      y,
      source: 'sr70',
    });
  }
  return { rows, bad };
}

const BATCH = 500;

/** `set` of an upsert: these columns from the row that was refused (`excluded.<column>`), and changed now. */
function takeExcluded<T extends Table>(table: T, keys: (keyof T['_']['columns'] & string)[]) {
  const columns = getTableColumns(table);
  const taken = Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded."${columns[k].name}"`)]));
  return { ...taken, updatedAt: new Date() };
}

/** Upserts the parsed rows by code and derives the sr70 lines; one transaction. */
export async function importSr70(db: Database, text: string): Promise<Sr70Report> {
  const { rows, bad } = parseSr70(text);
  let inserted = 0;
  let updated = 0;
  let lines = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const res = await tx
        .insert(railwayPoints)
        .values(rows.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: railwayPoints.code,
          set: takeExcluded(railwayPoints, [
            'name',
            'search',
            'kind',
            'state',
            'active',
            'km',
            'tudu',
            'section',
            'region',
            'latitude',
            'longitude',
            'x',
            'y',
            'source',
          ]),
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const r of res) {
        if (r.inserted) inserted++;
        else updated++;
      }
    }
    lines = await deriveSr70Lines(tx);
  });
  const active = rows.filter((r) => r.active).length;
  return {
    rows: rows.length,
    inserted,
    updated,
    active,
    inactive: rows.length - active,
    stations: rows.filter((r) => r.active && r.kind === 'Železniční stanice').length,
    bad,
    lines,
  };
}

/** Replaces the sr70 lines by one polyline per section of active points (ordered by km); returns the count. */
export async function deriveSr70Lines(q: Queryable): Promise<number> {
  const points = await q
    .select({
      name: railwayPoints.name,
      section: railwayPoints.section,
      km: railwayPoints.km,
      longitude: railwayPoints.longitude,
      latitude: railwayPoints.latitude,
    })
    .from(railwayPoints)
    .where(sql`${railwayPoints.active} and ${railwayPoints.section} is not null and ${railwayPoints.km} is not null`);
  const bySection = new Map<string, typeof points>();
  for (const p of points) {
    const list = bySection.get(p.section!) ?? [];
    list.push(p);
    bySection.set(p.section!, list);
  }
  const lines: (typeof railwayLines.$inferInsert)[] = [];
  for (const [section, list] of [...bySection].sort(([a], [b]) => a.localeCompare(b))) {
    list.sort((a, b) => a.km! - b.km! || a.name.localeCompare(b.name, 'cs'));
    const coordinates: [number, number][] = [];
    for (const p of list) {
      const last = coordinates.at(-1);
      if (last && last[0] === p.longitude && last[1] === p.latitude) continue;
      coordinates.push([p.longitude, p.latitude]);
    }
    if (coordinates.length < 2) continue;
    lines.push({
      code: section,
      name: `${list[0].name} – ${list.at(-1)!.name}`,
      coordinates,
      category: 'regional',
      source: 'sr70',
    });
  }
  await q.delete(railwayLines).where(eq(railwayLines.source, 'sr70'));
  for (let i = 0; i < lines.length; i += BATCH) {
    await q
      .insert(railwayLines)
      .values(lines.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: railwayLines.code,
        set: takeExcluded(railwayLines, ['name', 'coordinates', 'category', 'source']),
      });
  }
  return lines.length;
}

export function formatBadRows(bad: BadRow[], max = 50): string[] {
  const out = bad.slice(0, max).map((b) => `  řádek ${b.line}: ${b.message}`);
  if (bad.length > max) out.push(`  … a dalších ${bad.length - max}`);
  return out;
}

export function formatSr70Report(r: Sr70Report): string {
  return [
    `SR70: ${r.rows} řádků načteno (${r.inserted} nových, ${r.updated} aktualizovaných), ${r.active} aktivních, ` +
      `${r.inactive} zrušených, ${r.stations} aktivních železničních stanic; ${r.lines} tratí odvozeno.`,
    ...(r.bad.length ? [`Chybné řádky (${r.bad.length}):`, ...formatBadRows(r.bad)] : []),
  ].join('\n');
}
