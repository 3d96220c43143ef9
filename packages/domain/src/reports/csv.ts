/**
 * The report as CSV for Excel (issue 26 item 2): UTF-8 with a BOM (without it Czech Excel reads the file as
 * Windows-1250 and breaks the diacritics), `;` between cells (Czech Excel's list separator, as the comma is the
 * decimal mark), Czech headers, durations in whole seconds, shares in percent with a decimal comma. Cells that
 * hold the separator, a quote or a line break are quoted, quotes doubled (RFC 4180); a cell starting with
 * = + - @ gets a leading apostrophe so Excel never runs a vehicle name as a formula.
 */
import { REPORT_MEASURES, type ReportRow, type ResponseTimes } from './schema';
import { reportTexts as t } from './texts';
import { formatMonth } from './rules';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

export function csvCell(value: string | number | null | undefined): string {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const seconds = (v: number | null) => (v == null ? null : Math.round(v));
const percent = (v: number | null) => (v == null ? null : (v * 100).toFixed(1).replace('.', ','));

/** The header row: the group, jobs, then per measure count, median, p90 (and the share within target). */
export function reportCsvHeader(groupLabel: string): string[] {
  const cells = [groupLabel, t.jobs];
  for (const m of REPORT_MEASURES) {
    const name = t.measures[m];
    cells.push(
      `${name} – ${t.count.toLowerCase()}`,
      `${name} – ${t.median.toLowerCase()} (s)`,
      `${name} – ${t.p90} (s)`,
    );
    if (m === 'turnout' || m === 'arrival') cells.push(`${name} – ${t.withinTarget.toLowerCase()} (%)`);
  }
  return cells;
}

function rowCells(row: ReportRow, label: string): (string | number | null)[] {
  const cells: (string | number | null)[] = [label, row.jobs];
  for (const m of REPORT_MEASURES) {
    const s = row[m];
    cells.push(s.count, seconds(s.median), seconds(s.p90));
    if (m === 'turnout' || m === 'arrival') cells.push(percent(s.withinTarget));
  }
  return cells;
}

/** The whole file: the grouped rows and the total, lines ended by CRLF (what Excel writes). */
export function buildReportCsv(report: ResponseTimes): string {
  const lines: (string | number | null)[][] = [reportCsvHeader(t.groups[report.groupBy])];
  for (const row of report.rows) {
    lines.push(rowCells(row, report.groupBy === 'month' ? formatMonth(row.label) : row.label));
  }
  lines.push(rowCells(report.total, t.total));
  return CSV_BOM + lines.map((cells) => cells.map(csvCell).join(CSV_SEPARATOR)).join('\r\n') + '\r\n';
}

/** 'casy-zasahu_2026-09-01_2026-11-28.csv' */
export const reportCsvName = (report: Pick<ResponseTimes, 'from' | 'to'>) =>
  `casy-zasahu_${report.from}_${report.to}.csv`;
