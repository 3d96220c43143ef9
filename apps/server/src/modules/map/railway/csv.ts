/**
 * Reading the public CSV files we import (SR70, RÚIAN): Windows-1250 bytes, `;` separators, `"` quoting with
 * doubled quotes inside (SR70 quotes its DMS coordinates and multi-value cells such as `"185,877; 185,877"`).
 * One reader for both: SR70 feeds it a whole (small) file, RÚIAN a decoded stream chunk by chunk.
 */

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
 * The one CSV reader of both registers: fed text chunk by chunk (a decoded stream: a field, a quoted cell or a
 * line may span chunks), it returns the rows completed so far. Empty lines are skipped. `parseCsv` is this
 * reader fed once.
 */
export class CsvReader {
  private cells: string[] = [];
  private field = '';
  private quoted = false;
  /** the last character was the closing quote candidate of a quoted cell (a doubled quote may follow) */
  private quotePending = false;
  private line = 1;
  private rowLine = 1;

  constructor(private readonly separator = ';') {}

  /** Feeds one chunk; returns the rows it completed. */
  push(text: string): CsvRow[] {
    const rows: CsvRow[] = [];
    const sep = this.separator;
    let field = this.field;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (this.quotePending) {
        this.quotePending = false;
        if (c === '"') {
          field += '"';
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (c === '"') this.quotePending = true;
        else {
          if (c === '\n') this.line++;
          field += c;
        }
      } else if (c === '"') this.quoted = true;
      else if (c === sep) {
        this.cells.push(field);
        field = '';
      } else if (c === '\n') {
        this.field = field;
        this.endRow(rows);
        field = '';
        this.line++;
        this.rowLine = this.line;
      } else if (c !== '\r') field += c;
    }
    this.field = field;
    return rows;
  }

  /** Ends the input: the last row without a line break. */
  end(): CsvRow[] {
    const rows: CsvRow[] = [];
    this.quotePending = false;
    this.quoted = false;
    if (this.field !== '' || this.cells.length) this.endRow(rows);
    return rows;
  }

  private endRow(rows: CsvRow[]) {
    this.cells.push(this.field);
    if (this.cells.length > 1 || this.cells[0] !== '') rows.push({ line: this.rowLine, cells: this.cells });
    this.cells = [];
    this.field = '';
  }
}

/** Parses `;`-separated text with `"` quoting; empty lines are skipped. */
export function parseCsv(text: string, separator = ';'): CsvRow[] {
  const reader = new CsvReader(separator);
  return [...reader.push(text), ...reader.end()];
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
