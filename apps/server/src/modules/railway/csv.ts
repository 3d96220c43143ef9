/**
 * Reading the public CSV files we import (SR70, RÚIAN): Windows-1250 bytes, `;` separators, `"` quoting with
 * doubled quotes inside (SR70 quotes its DMS coordinates and multi-value cells such as `"185,877; 185,877"`).
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

/** Parses `;`-separated text with `"` quoting; empty lines are skipped. */
export function parseCsv(text: string, separator = ';'): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(field);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(field);
      field = '';
    } else if (c === '\n') {
      endRow();
      line++;
      rowLine = line;
    } else if (c !== '\r') field += c;
  }
  if (field !== '' || cells.length) endRow();
  return rows;
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
