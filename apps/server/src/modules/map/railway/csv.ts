/**
 * Reading the public CSV files we import (SR70, RÚIAN): Windows-1250 bytes, `;` separators, `"` quoting with
 * doubled quotes inside (SR70 quotes its DMS coordinates and multi-value cells such as `"185,877; 185,877"`).
 * One reader for both, csv-parse: SR70 gives it a whole (small) file, RÚIAN a decoded stream chunk by chunk.
 */
import { parse, type Options as CsvParseOptions } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { Readable, pipeline } from 'node:stream';

/** Decodes a file's bytes: UTF-8 when it carries a UTF-8 BOM, else Windows-1250 (the registers' encoding). */
export function decodeRegisterFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  return new TextDecoder('windows-1250').decode(bytes);
}

export interface CsvRow {
  /** 1-based line number of the row's first line in the file */
  line: number;
  cells: string[];
}

/**
 * csv-parse, set for the registers: `;` (or `separator`), a line ending of `\r\n` or `\n` (mixed within a file
 * too), rows of any length (a short row is the row parser's to refuse, with its line), empty lines skipped, a
 * stray quote inside an unquoted cell kept as text rather than failing the whole file.
 */
const csvOptions = (separator: string): CsvParseOptions => ({
  delimiter: separator,
  record_delimiter: ['\r\n', '\n'],
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  info: true,
});

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/** csv-parse counts lines up to a record's end; a row's own line is where it starts (quoted cells may span lines). */
function rowOf({ record, info }: ParsedRecord): CsvRow {
  const inside = record.reduce((n, cell) => n + cell.split('\n').length - 1, 0);
  return { line: info.lines - inside, cells: record };
}

/** Parses `;`-separated text with `"` quoting; empty lines are skipped. */
export function parseCsv(text: string, separator = ';'): CsvRow[] {
  return (parseSync(text, csvOptions(separator)) as unknown as ParsedRecord[]).map(rowOf);
}

/** The rows of a stream of decoded text, in batches of up to `batch` (a big register is read chunk by chunk). */
export async function* csvRows(text: AsyncIterable<string>, batch = 1000, separator = ';'): AsyncGenerator<CsvRow[]> {
  const parser = parse(csvOptions(separator));
  // pipeline: a failing source destroys the parser, and the loop below throws its error
  pipeline(Readable.from(text), parser, () => undefined);
  let rows: CsvRow[] = [];
  for await (const record of parser as AsyncIterable<ParsedRecord>) {
    rows.push(rowOf(record));
    if (rows.length >= batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length) yield rows;
}

/**
 * Decodes a byte stream of a register file chunk by chunk: UTF-8 when it starts with a UTF-8 BOM, else
 * Windows-1250. A character split between chunks is kept for the next one (`stream: true`).
 */
export class RegisterDecoder {
  private decoder: InstanceType<typeof TextDecoder> | null = null;
  private head = new Uint8Array(0);

  write(bytes: Uint8Array): string {
    if (!this.decoder) {
      // the BOM needs three bytes: wait for them (a first chunk of one or two bytes is possible)
      const joined = new Uint8Array(this.head.length + bytes.length);
      joined.set(this.head);
      joined.set(bytes, this.head.length);
      if (joined.length < 3) {
        this.head = joined;
        return '';
      }
      const utf8 = joined[0] === 0xef && joined[1] === 0xbb && joined[2] === 0xbf;
      this.decoder = new TextDecoder(utf8 ? 'utf-8' : 'windows-1250');
      return this.decoder.decode(utf8 ? joined.subarray(3) : joined, { stream: true });
    }
    return this.decoder.decode(bytes, { stream: true });
  }

  end(): string {
    if (!this.decoder) return this.head.length ? new TextDecoder('windows-1250').decode(this.head) : '';
    return this.decoder.decode();
  }
}

/** `'185,877'` → 185.877; '', '-' and junk → null. */
export function parseDecimal(s: string | undefined): number | null {
  const t = (s ?? '').trim().replace(/\s/g, '').replace(',', '.');
  if (t === '' || t === '-' || !/^[-+]?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/** Index of each wanted header (exact name, trimmed); missing ones are listed. */
export function headerIndex<K extends string>(
  header: string[],
  wanted: Record<K, string>,
): { index: Record<K, number>; missing: string[] } {
  const names = header.map((h) => h.replace(/^\uFEFF/, '').trim());
  const index = {} as Record<K, number>;
  const missing: string[] = [];
  for (const [key, name] of Object.entries(wanted) as [K, string][]) {
    index[key] = names.indexOf(name);
    if (index[key] < 0) missing.push(name);
  }
  return { index, missing };
}
