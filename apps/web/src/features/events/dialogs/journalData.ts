/**
 * The journal's data column as people read it (issue 24 item 7): a change's fields one per line, 'key: value',
 * nested objects by a dotted path, and every time in it — the server logs ISO 8601 in UTC — as Czech local
 * time 'DD.MM.YYYY HH:mm' like the date column beside it, not '2026-01-02T09:00:00.000Z'.
 */
import { formatDateTime, fromWireTime } from '@panel/domain/locale';

/** A time with its zone as the server writes it ('…T09:00:00.000Z', '…+00:00'), or a wire time without one. */
const TIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') {
    const time = TIME_RE.test(value.trim()) ? fromWireTime(value) : null;
    return time ? formatDateTime(time) : value;
  }
  if (typeof value === 'boolean') return value ? 'ano' : 'ne'; // ours
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

function lines(value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) {
      out.push(`${path}: ${value.length ? value.map(valueText).join(', ') : '—'}`);
    } else value.forEach((v, i) => lines(v, `${path}[${i + 1}]`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) out.push(path ? `${path}: —` : '—');
    for (const [k, v] of entries) lines(v, path ? `${path}.${k}` : k, out);
    return;
  }
  out.push(path ? `${path}: ${valueText(value)}` : valueText(value));
}

/** The data of a journal row as lines ('' for none). */
export function journalDataLines(data: unknown): string[] {
  if (data === null || data === undefined || data === '') return [];
  if (typeof data === 'string') {
    // a JSON text is read as its value; any other text is shown as it is
    try {
      return journalDataLines(JSON.parse(data) as unknown);
    } catch {
      return [valueText(data)];
    }
  }
  const out: string[] = [];
  lines(data, '', out);
  return out;
}
