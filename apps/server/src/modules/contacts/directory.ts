/**
 * The contact directory (table `contacts`): the search behind GET /v2/contacts (000 §7: contact autocomplete of
 * the reporter and contact forms) and the CSV import (`npm run import:contacts -w apps/server -- file.csv`).
 *
 * Search: `name` matches name or description, case- and accent-insensitive, anywhere; `number` matches the
 * digits anywhere in the stored number (the query is read without spaces, 00420 and +420). Name order, at most
 * `limit` (default 20) rows.
 *
 * Import: a header row with the columns name, number, description (any order; description optional), `;` or `,`
 * separated (the header decides), UTF-8 with or without BOM, fields optionally in double quotes ("" inside).
 * Numbers are stored as `normalizeContactNumber` gives them and must pass the contact form rule (9 digits). Rows
 * upsert by number: a known number gets the new name and description. Bad rows are reported with their line.
 */
import { parse } from 'csv-parse/sync';
import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { DIRECTORY_FIELDS, type DirectoryHit, contactFormErrors } from '@panel/domain/contacts';
import { normalizeContactNumber } from '@panel/domain/locale';
import type { Database } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';

const SEARCH_FIELDS = DIRECTORY_FIELDS;
type SearchField = (typeof DIRECTORY_FIELDS)[number];

const ACCENTED = 'áäčďéěëíľĺňóôöŕřšťúůüýž';
const PLAIN = 'aacdeeeillnooorrstuuuyz';

/** Lower case without Czech/Slovak accents (the same mapping the SQL side uses). */
export function foldText(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase()) {
    const i = ACCENTED.indexOf(ch);
    out += i >= 0 ? PLAIN[i] : ch;
  }
  return out;
}

const folded = (column: SQL | typeof contacts.name) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `fields` query parameter: known names only, in the given order; empty or absent = all four. */
export function fieldsOf(raw: string | undefined): SearchField[] {
  const list = (raw ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f): f is SearchField => (SEARCH_FIELDS as readonly string[]).includes(f));
  return list.length ? [...new Set(list)] : [...SEARCH_FIELDS];
}

export async function searchDirectory(
  db: Database,
  query: { name?: string; number?: string; fields?: string; limit?: number },
): Promise<DirectoryHit[]> {
  const conditions: SQL[] = [];
  const name = query.name?.trim();
  if (name) {
    const pattern = `%${escapeLike(foldText(name))}%`;
    conditions.push(
      or(
        sql`${folded(contacts.name)} like ${pattern}`,
        sql`${folded(sql`coalesce(${contacts.description}, '')`)} like ${pattern}`,
      )!,
    );
  }
  const digits = normalizeContactNumber(query.number ?? '').replace(/\D/g, '');
  if (digits) conditions.push(sql`replace(${contacts.number}, ' ', '') like ${`%${digits}%`}`);
  if (conditions.length === 0) return [];
  const rows = await db
    .select()
    .from(contacts)
    .where(conditions.length === 1 ? conditions[0] : or(...conditions))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(query.limit ?? 20);
  const fields = fieldsOf(query.fields);
  // the fields asked for, each of a directory column (directoryHitSchema checks the answer under tests)
  return rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f] ?? null])) as DirectoryHit);
}

// ---- CSV import

export interface CsvRow {
  line: number;
  name: string;
  number: string;
  description: string | null;
}

export interface BadRow {
  line: number;
  reason: string;
}

/** The file's rows (csv-parse: `"` quoting with `""` escapes, cells trimmed), each with its first line. */
function csvRecords(text: string, sep: string): { line: number; cells: string[] }[] {
  const records = parse(text, {
    delimiter: sep,
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return records.map(({ record, info }) => ({
    line: info.lines - record.reduce((n, cell) => n + cell.split('\n').length - 1, 0),
    cells: record,
  }));
}

/** Parses the file text; rows that cannot become a directory entry are returned in `bad`. */
export function parseContactsCsv(text: string): { rows: CsvRow[]; bad: BadRow[] } {
  const body = text.replace(/^\uFEFF/, '');
  const headerLine = body.split(/\r?\n/).find((l) => l.trim() !== '');
  if (headerLine === undefined) return { rows: [], bad: [{ line: 1, reason: 'Soubor je prázdný.' }] };
  const [header, ...records] = csvRecords(body, headerLine.includes(';') ? ';' : ',');
  const columns = header.cells.map((c) => foldText(c));
  const at = {
    name: columns.indexOf('name'),
    number: columns.indexOf('number'),
    description: columns.indexOf('description'),
  };
  if (at.name < 0 || at.number < 0) {
    return { rows: [], bad: [{ line: header.line, reason: 'Chybí hlavička name;number;description.' }] };
  }
  const rows: CsvRow[] = [];
  const bad: BadRow[] = [];
  for (const { line, cells } of records) {
    const name = cells[at.name] ?? '';
    const rawNumber = cells[at.number] ?? '';
    const errors = contactFormErrors({ name, number: rawNumber });
    if (errors.name || errors.number) {
      const reason = [errors.name && `jméno: ${errors.name}`, errors.number && `číslo „${rawNumber}“: ${errors.number}`]
        .filter(Boolean)
        .join('; ');
      bad.push({ line, reason });
      continue;
    }
    const description = at.description >= 0 ? cells[at.description]?.trim() || null : null;
    rows.push({ line, name: name.trim(), number: normalizeContactNumber(rawNumber), description });
  }
  return { rows, bad };
}

export interface ImportReport {
  inserted: number;
  updated: number;
  unchanged: number;
  bad: BadRow[];
}

/** Upserts the rows by number in one transaction (a number repeated in the file: the last row wins). */
export async function upsertDirectory(db: Database, rows: CsvRow[]): Promise<Omit<ImportReport, 'bad'>> {
  const report = { inserted: 0, updated: 0, unchanged: 0 };
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const [known] = await tx
        .select()
        .from(contacts)
        .where(sql`replace(${contacts.number}, ' ', '') = ${row.number}`)
        .orderBy(asc(contacts.id))
        .limit(1);
      if (!known) {
        await tx.insert(contacts).values({ name: row.name, number: row.number, description: row.description });
        report.inserted++;
      } else if (known.name !== row.name || known.description !== row.description || known.number !== row.number) {
        await tx
          .update(contacts)
          .set({ name: row.name, number: row.number, description: row.description })
          .where(eq(contacts.id, known.id));
        report.updated++;
      } else report.unchanged++;
    }
  });
  return report;
}

export async function importContactsCsv(db: Database, text: string): Promise<ImportReport> {
  const { rows, bad } = parseContactsCsv(text);
  return { ...(await upsertDirectory(db, rows)), bad };
}

/** The report as the command prints it. */
export function formatImportReport(r: ImportReport): string {
  const lines = [
    `Nové: ${r.inserted}, aktualizované: ${r.updated}, beze změny: ${r.unchanged}, chybné: ${r.bad.length}`,
  ];
  for (const b of r.bad) lines.push(`  řádek ${b.line}: ${b.reason}`);
  return lines.join('\n');
}
