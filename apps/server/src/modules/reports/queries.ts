/**
 * Response-time reports (issue 26 item 2): the period and the viewer's scope turned into the statement of
 * `sql.ts`, its JSON turned into the wire answer with the labels of vehicles, bases and categories. A unit user is
 * held to the own base (a base filter naming another base is 422 on `baseId`, not an empty report that would look
 * like a quiet month).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { toWireTime } from '@panel/domain/locale';
import {
  DISTRIBUTION_STEPS,
  REPORT_MEASURES,
  REPORT_TARGETS_SETTING,
  reportTargetsOf,
  reportTexts as t,
  type ReportBucket,
  type ReportGroup,
  type ReportRow,
  type ReportTargets,
  type ResponseTimes,
} from '@panel/domain/reports';
import { queryRows, type Queryable } from '../../db/client.js';
import { bases, eventCategories, resources, settings } from '../../db/schema/index.js';
import { reportStatement, type AggLine, type BarLine } from './sql.js';

/** The period when the filter names none: the last 90 days, today included. */
export const DEFAULT_REPORT_DAYS = 90;

export interface ReportRequest {
  from?: string;
  to?: string;
  baseId?: number;
  eventCategoryId?: number;
  resourceId?: number;
  groupBy: ReportGroup;
}

const today = (now: Date) => toWireTime(now).slice(0, 10);
const daysBefore = (day: string, n: number) =>
  new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10) - n)).toISOString().slice(0, 10);

/** The targets: the settings row `reportTargets`, else the domain's defaults (60 s, 20 min). */
export async function reportTargets(q: Queryable): Promise<ReportTargets> {
  const [row] = await q
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, REPORT_TARGETS_SETTING));
  return reportTargetsOf(row?.value);
}

type Labels = Map<string, string>;

async function labelsOf(q: Queryable, group: ReportGroup | 'base', keys: string[]): Promise<Labels> {
  const ids = keys.filter((k) => /^\d+$/.test(k)).map(Number);
  const map: Labels = new Map();
  if (group === 'month' || ids.length === 0) return map;
  if (group === 'resource') {
    const rows = await q
      .select({ id: resources.id, name: resources.name })
      .from(resources)
      .where(inArray(resources.id, ids));
    for (const r of rows) map.set(String(r.id), r.name);
  } else if (group === 'base') {
    const rows = await q
      .select({ id: bases.id, code: bases.code, name: bases.name })
      .from(bases)
      .where(inArray(bases.id, ids));
    for (const r of rows) map.set(String(r.id), `${r.code} – ${r.name}`);
  } else {
    const rows = await q
      .select({ id: eventCategories.id, name: eventCategories.name })
      .from(eventCategories)
      .where(inArray(eventCategories.id, ids));
    for (const r of rows) map.set(String(r.id), r.name);
  }
  return map;
}

const NONE_LABEL: Record<ReportGroup, string> = {
  resource: t.noVehicle,
  base: t.noBase,
  category: t.noCategory,
  month: '',
};

function rowOf(line: AggLine | undefined, key: string, label: string): ReportRow {
  const row = { key, label, jobs: line?.jobs ?? 0 } as ReportRow;
  for (const m of REPORT_MEASURES) {
    const s = line?.stats[m];
    const p = s?.p ?? null;
    row[m] = {
      count: s?.n ?? 0,
      median: p?.[0] ?? null,
      p90: p?.[1] ?? null,
      withinTarget: s?.share == null ? null : Number(s.share),
    };
  }
  return row;
}

function rowsOf(lines: AggLine[], group: ReportGroup, labels: Labels): ReportRow[] {
  const rows = lines.map((l) => {
    const key = l.key ?? '';
    return rowOf(
      l,
      key,
      l.key == null ? NONE_LABEL[group] : (labels.get(key) ?? (group === 'month' ? key : `#${key}`)),
    );
  });
  // months in time order; the rest by label, so a printed table reads like the panel's lists
  return rows.sort((a, b) => (group === 'month' ? a.key.localeCompare(b.key) : a.label.localeCompare(b.label, 'cs')));
}

/** The distribution of one kind: the statement's pairs of bars summed over the other kind's bar. */
function bucketsOf(lines: BarLine[], kind: 'turnout' | 'arrival'): ReportBucket[] {
  const { step, bars } = DISTRIBUTION_STEPS[kind];
  const counts = new Array<number>(bars).fill(0);
  for (const [tbar, abar, n] of lines) {
    const i = kind === 'turnout' ? tbar : abar;
    if (i != null) counts[i] += n;
  }
  return counts.map((count, i) => ({ from: i * step, to: i === bars - 1 ? null : (i + 1) * step, count }));
}

/**
 * Runs the report's one statement in a transaction of its own settings:
 * - JIT off: at 100,000 jobs the by-vehicle plan costs just over `jit_above_cost`, and compiling its ~50
 *   expressions took longer than the grouping itself (EXPLAIN: JIT 0.3–0.9 s of a 0.7–4.7 s statement; by base,
 *   just under the threshold, had none) — a statement that runs once per click never earns its compile back;
 * - sort memory for 100,000 narrow rows (~12 MB): with the default 4 MB the grouping sets' sorts spilled to disk.
 * SET LOCAL ends with the transaction; PGlite takes both settings (it has no JIT to turn off).
 */
async function analytical<T>(q: Queryable, run: (tx: Queryable) => Promise<T>): Promise<T> {
  return q.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
    return run(tx);
  });
}

/** The report for a request already held to the viewer's scope (`ownBaseOnly`: the base a unit is held to). */
export async function responseTimes(
  q: Queryable,
  req: ReportRequest,
  ownBaseOnly: number | null,
  now = new Date(),
): Promise<ResponseTimes> {
  const to = req.to ?? (req.from ? daysBefore(req.from, -(DEFAULT_REPORT_DAYS - 1)) : today(now));
  const from = req.from ?? daysBefore(to, DEFAULT_REPORT_DAYS - 1);
  const targets = await reportTargets(q);
  const [{ report: agg, bars }] = await analytical(q, (tx) =>
    queryRows<{ report: AggLine[]; bars: BarLine[] }>(
      tx,
      reportStatement({
        from,
        to,
        baseId: ownBaseOnly ?? req.baseId,
        eventCategoryId: req.eventCategoryId,
        resourceId: req.resourceId,
        groupBy: req.groupBy,
        turnoutTarget: targets.turnoutSeconds,
        arrivalTarget: targets.arrivalSeconds,
      }),
    ),
  );
  const of = (set: AggLine['set']) => agg.filter((l) => l.set === set);
  const totalLine = of('total')[0];
  const groupLines = of('group');
  const baseLines = req.groupBy === 'base' ? groupLines : of('base');
  const monthLines = req.groupBy === 'month' ? groupLines : of('month');
  const groupLabels = await labelsOf(
    q,
    req.groupBy,
    groupLines.map((l) => l.key ?? ''),
  );
  const baseLabels =
    req.groupBy === 'base'
      ? groupLabels
      : await labelsOf(
          q,
          'base',
          baseLines.map((l) => l.key ?? ''),
        );
  return {
    from,
    to,
    groupBy: req.groupBy,
    ownBaseOnly,
    targets,
    total: rowOf(totalLine, '', t.total),
    rows: rowsOf(groupLines, req.groupBy, groupLabels),
    byMonth: rowsOf(monthLines, 'month', new Map()),
    byBase: rowsOf(baseLines, 'base', baseLabels),
    distribution: { turnout: bucketsOf(bars, 'turnout'), arrival: bucketsOf(bars, 'arrival') },
  };
}
