import { describe, expect, it } from 'vitest';
import { abilityWith, mngAbility, udrpAbility } from '../auth/testing';
import { buildReportCsv, csvCell, CSV_BOM, reportCsvHeader, reportCsvName } from './csv';
import {
  DEFAULT_REPORT_TARGETS,
  formatDuration,
  formatMonth,
  formatShare,
  formatTarget,
  reportScope,
  reportTargetsOf,
} from './rules';
import { responseTimesQuery, type ReportRow, type ReportStat, type ResponseTimes } from './schema';

const stat = (
  count: number,
  median: number | null,
  p90: number | null,
  withinTarget: number | null = null,
): ReportStat => ({
  count,
  median,
  p90,
  withinTarget,
});
const row = (key: string, label: string, jobs: number, turnout: ReportStat): ReportRow => ({
  key,
  label,
  jobs,
  turnout,
  travel: stat(jobs, 600.4, 900.6),
  onScene: stat(0, null, null),
  return: stat(1, 300, 300),
  arrival: stat(jobs, 700, 1000, 0.75),
});

const report = (over: Partial<ResponseTimes> = {}): ResponseTimes => ({
  from: '2026-09-01',
  to: '2026-11-28',
  groupBy: 'resource',
  ownBaseOnly: null,
  targets: DEFAULT_REPORT_TARGETS,
  total: row('', 'Celkem', 3, stat(3, 60, 108, 2 / 3)),
  rows: [row('7', 'CAS 30 "Tatra"; PHA', 2, stat(2, 45, 57)), row('8', '=HYPERLINK("x")', 1, stat(1, 90, 90, 0))],
  byMonth: [],
  byBase: [],
  distribution: { turnout: [], arrival: [] },
  ...over,
});

describe('report CSV for Excel', () => {
  it('starts with a UTF-8 BOM, separates by ; and ends lines with CRLF', () => {
    const csv = buildReportCsv(report());
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(5); // header, two rows, total, the empty rest after the last CRLF
    expect(lines[0].split(';')).toEqual(reportCsvHeader('Technika'));
  });

  it('has Czech headers per measure, shares only for turnout and arrival', () => {
    const header = reportCsvHeader('Jednotka');
    expect(header.slice(0, 7)).toEqual([
      'Jednotka',
      'Výjezdy',
      'Výjezd – počet',
      'Výjezd – medián (s)',
      'Výjezd – 90. percentil (s)',
      'Výjezd – v limitu (%)',
      'Jízda – počet',
    ]);
    expect(header.filter((h) => h.endsWith('v limitu (%)'))).toEqual([
      'Výjezd – v limitu (%)',
      'Dojezd od vyhlášení – v limitu (%)',
    ]);
    expect(header).toHaveLength(2 + 5 * 3 + 2);
  });

  it('writes whole seconds, percent with a decimal comma, empty cells for no figure', () => {
    const lines = buildReportCsv(report()).slice(1).split('\r\n');
    const total = lines[3].split(';');
    expect(total.slice(0, 6)).toEqual(['Celkem', '3', '3', '60', '108', '66,7']);
    // travel 600.4 / 900.6 rounded; on scene has no figures
    expect(total.slice(6, 9)).toEqual(['3', '600', '901']);
    expect(total.slice(9, 12)).toEqual(['0', '', '']);
    expect(total.at(-1)).toBe('75,0');
  });

  it('quotes cells with ; or quotes and defuses formulas', () => {
    expect(csvCell('CAS 30 "Tatra"; PHA')).toBe('"CAS 30 ""Tatra""; PHA"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    const lines = buildReportCsv(report()).slice(1).split('\r\n');
    expect(lines[1].startsWith('"CAS 30 ""Tatra""; PHA";2;')).toBe(true);
  });

  it('labels months as MM/YYYY and names the file by the period', () => {
    const csv = buildReportCsv(report({ groupBy: 'month', rows: [row('2026-10', '2026-10', 3, stat(3, 60, 108))] }));
    expect(csv.slice(1).split('\r\n')[1].startsWith('10/2026;3;')).toBe(true);
    expect(csv.slice(1).split(';')[0]).toBe('Měsíc');
    expect(reportCsvName(report())).toBe('casy-zasahu_2026-09-01_2026-11-28.csv');
  });
});

describe('report labels', () => {
  it('formats durations as m:ss, from an hour h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(108)).toBe('1:48');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3792)).toBe('1:03:12');
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(Number.NaN)).toBe('–');
  });

  it('formats shares, targets and months', () => {
    expect(formatShare(0.6)).toBe('60,0 %');
    expect(formatShare(2 / 3)).toBe('66,7 %');
    expect(formatShare(null)).toBe('–');
    expect(formatTarget(60)).toBe('60 s');
    expect(formatTarget(1200)).toBe('20 min');
    expect(formatTarget(90)).toBe('90 s');
    expect(formatMonth('2026-03')).toBe('03/2026');
  });

  it('reads the targets setting, keeping defaults for what is missing or bad', () => {
    expect(DEFAULT_REPORT_TARGETS).toEqual({ turnoutSeconds: 60, arrivalSeconds: 1200 });
    expect(reportTargetsOf(undefined)).toEqual(DEFAULT_REPORT_TARGETS);
    expect(reportTargetsOf({ turnoutSeconds: 90 })).toEqual({ turnoutSeconds: 90, arrivalSeconds: 1200 });
    expect(reportTargetsOf({ turnoutSeconds: -1, arrivalSeconds: '600' })).toEqual(DEFAULT_REPORT_TARGETS);
  });
});

describe('report scope', () => {
  it('MNG and the central base see all, a unit its own, udrp none', () => {
    expect(reportScope(mngAbility(), { baseId: 7, groups: ['MNG'] })).toBe('all');
    const ordinary = abilityWith();
    expect(reportScope(ordinary, { baseId: 2, groups: [] })).toBe('all');
    expect(reportScope(ordinary, { baseId: 7, groups: [] })).toBe('own');
    expect(reportScope(udrpAbility(), { baseId: 2, roles: ['udrp'], groups: [] })).toBe('none');
  });
});

describe('report filters', () => {
  const issues = (q: object) => {
    const r = responseTimesQuery.safeParse(q);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('takes a period of up to 366 days in order, groups by the four groups', () => {
    expect(issues({ from: '2026-01-01', to: '2026-12-31', groupBy: 'month' })).toEqual([]);
    expect(issues({ from: '2026-10-02', to: '2026-10-01' })).toEqual([['to', 'Datum „Do“ nesmí být před datem „Od“.']]);
    expect(issues({ from: '2025-01-01', to: '2026-01-02' })).toEqual([['to', 'Období může být nejvýše 366 dní.']]);
    expect(issues({ groupBy: 'week' }).map(([f]) => f)).toEqual(['groupBy']);
    expect(responseTimesQuery.parse({}).groupBy).toBe('base');
  });
});
