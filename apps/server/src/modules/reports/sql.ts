/**
 * The response-time report as ONE statement (issue 26 item 2), the same SQL on PostgreSQL and PGlite:
 * 1. `jobs`: the per-job times (`event_job_times`, kept by the status trigger; a removed job — a mistaken
 *    deployment — has none) of the jobs made in the period, filtered by base, category and vehicle, with their
 *    intervals in seconds (a step taken backwards is null); the event is joined only for its category;
 * 2. `agg`: count, median and 90th percentile (`percentile_cont`) and the share within the target, per the
 *    chosen group, per month, per base and in total (GROUPING SETS: one pass over the jobs);
 * 3. `bars`: jobs per pair of distribution bars (turnout, arrival), hashed in a second scan — counting 27 bars
 *    as filtered counts inside the grouping sets evaluated every filter in every set (4 × 27 per job).
 * The answer is one row of two JSON values: one round trip carries everything. `jobs` is not materialized:
 * scanning the narrow per-job rows again is cheaper than writing 100,000 of them to a temporary store.
 * At 100,000 jobs the time goes to the percentiles' sorts; per-job arithmetic is kept in float8 (an interval's
 * `extract(epoch …)` is numeric since PostgreSQL 14, and numeric `avg` for the shares — together a third of
 * the statement).
 */
import { sql, type SQL } from 'drizzle-orm';
import { DISTRIBUTION_STEPS, REPORT_MEASURES, type ReportGroup, type ReportMeasure } from '@panel/domain/reports';

export interface ReportFilter {
  /** first day, 'YYYY-MM-DD' (Prague) */
  from: string;
  /** last day, included */
  to: string;
  baseId?: number;
  eventCategoryId?: number;
  resourceId?: number;
  groupBy: ReportGroup;
  turnoutTarget: number;
  arrivalTarget: number;
}

/** One line of `agg`: which set it belongs to, its key and per measure [count, [median, p90], share]. */
export interface AggLine {
  set: 'group' | 'month' | 'base' | 'total';
  key: string | null;
  jobs: number;
  stats: Record<ReportMeasure, { n: number; p: [number, number] | null; share: number | null }>;
}

/** Jobs per pair of distribution bars: [turnout bar, arrival bar, jobs]; a bar is null without its time. */
export type BarLine = [number | null, number | null, number];

const GROUP_KEY: Record<ReportGroup, SQL> = {
  resource: sql`j.resource_id`,
  base: sql`j.base_id`,
  category: sql`e.event_category_id`,
  month: sql`width_bucket(j.started_at, months.starts)`,
};

/** seconds from one status to a later one; null when either is missing or the order is backwards */
const span = (a: string, b: string) =>
  sql.raw(`CASE WHEN j.${b} >= j.${a} THEN date_part('epoch', j.${b} - j.${a}) END`);

const COLUMN: Record<ReportMeasure, string> = {
  turnout: 'turnout',
  travel: 'travel',
  onScene: 'on_scene',
  return: 'ret',
  arrival: 'arrival',
};

function statJson(m: ReportMeasure, target: number | null): SQL {
  const c = sql.raw(COLUMN[m]);
  const share =
    target == null ? sql`null` : sql`(count(*) FILTER (WHERE ${c} <= ${target}))::float8 / nullif(count(${c}), 0)`;
  return sql`json_build_object('n', count(${c}), 'p', percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY ${c}), 'share', ${share})`;
}

export function reportStatement(f: ReportFilter): SQL {
  const start = sql`(${f.from}::date::timestamp AT TIME ZONE 'Europe/Prague')`;
  const end = sql`((${f.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Prague')`;
  const where: SQL[] = [sql`j.started_at >= ${start}`, sql`j.started_at < ${end}`];
  if (f.baseId != null) where.push(sql`j.base_id = ${f.baseId}`);
  if (f.resourceId != null) where.push(sql`j.resource_id = ${f.resourceId}`);
  if (f.eventCategoryId != null) where.push(sql`e.event_category_id = ${f.eventCategoryId}`);
  // the event only for its category: the report by base, vehicle or month reads the per-job rows alone
  const withEvent = f.eventCategoryId != null || f.groupBy === 'category';

  // the grouping sets: the chosen group, month and base (unless that is the group) and the total
  const sets: { name: AggLine['set']; column: string }[] = [{ name: 'group', column: 'key' }];
  if (f.groupBy !== 'month') sets.push({ name: 'month', column: 'month' });
  if (f.groupBy !== 'base') sets.push({ name: 'base', column: 'base_key' });
  const setName = sql.raw(
    `CASE ${sets.map((s) => `WHEN GROUPING(${s.column}) = 0 THEN '${s.name}'`).join(' ')} ELSE 'total' END`,
  );
  const setKey = sql.raw(`CASE ${sets.map((s) => `WHEN GROUPING(${s.column}) = 0 THEN ${s.column}`).join(' ')} END`);
  const groupingSets = sql.raw(`GROUPING SETS (${sets.map((s) => `(${s.column})`).join(', ')}, ())`);
  const stats = sql.join(
    REPORT_MEASURES.map((m) => {
      const target = m === 'turnout' ? f.turnoutTarget : m === 'arrival' ? f.arrivalTarget : null;
      return sql`${sql.raw(`'${m}'`)}, ${statJson(m, target)}`;
    }),
    sql`, `,
  );
  // a job's distribution bar (the screen's, over all the jobs)
  const bar = (kind: 'turnout' | 'arrival') => {
    const { step, bars: n } = DISTRIBUTION_STEPS[kind];
    // least() skips a null, so a job without the time must stay out explicitly
    return sql.raw(`CASE WHEN ${kind} IS NOT NULL THEN least(floor(${kind} / ${step})::int, ${n - 1}) END`);
  };

  // the Prague months of the period as boundaries: width_bucket finds a job's month without converting every
  // job's time to local time (to_char … AT TIME ZONE per row cost more than the percentiles)
  const months = sql`
      SELECT array_agg(to_char(m, 'YYYY-MM') ORDER BY m) AS keys,
        array_agg(m AT TIME ZONE 'Europe/Prague' ORDER BY m) AS starts
      FROM generate_series(date_trunc('month', ${f.from}::date::timestamp), ${f.to}::date::timestamp, interval '1 month') m`;
  // keys are integers while grouping (ids, the month's index): sorting text by collation cost a third of the
  // statement; they become the wire's strings (the month 'YYYY-MM') only in the answer
  const monthKeyed = (set: string) => (f.groupBy === 'month' ? `${set} IN ('group', 'month')` : `${set} = 'month'`);

  return sql`
    WITH months AS (${months}), spans AS (
      SELECT ${GROUP_KEY[f.groupBy]} AS key,
        width_bucket(j.started_at, months.starts) AS month,
        j.base_id AS base_key,
        ${span('t14', 't15')} AS turnout,
        ${span('t15', 't18')} AS travel,
        ${span('t18', 't19')} AS on_scene,
        ${span('t19', 't20')} AS ret,
        ${span('t14', 't18')} AS arrival
      FROM event_job_times j
      CROSS JOIN months
      ${withEvent ? sql`JOIN events e ON e.id = j.event_id` : sql``}
      WHERE ${sql.join(where, sql` AND `)}
    ), jobs AS NOT MATERIALIZED (
      SELECT spans.*, ${bar('turnout')} AS tbar, ${bar('arrival')} AS abar FROM spans
    ), agg AS (
      SELECT ${setName} AS set, ${setKey} AS key, count(*)::int AS jobs, json_build_object(${stats}) AS stats
      FROM jobs
      GROUP BY ${groupingSets}
    ), bars AS (
      SELECT tbar, abar, count(*)::int AS n FROM jobs GROUP BY tbar, abar
    )
    SELECT coalesce(
      (SELECT json_agg(json_build_object(
          'set', agg.set,
          'key', CASE WHEN ${sql.raw(monthKeyed('agg.set'))} THEN months.keys[agg.key] ELSE agg.key::text END,
          'jobs', agg.jobs, 'stats', agg.stats))
        FROM agg CROSS JOIN months),
      '[]'::json) AS report,
      coalesce((SELECT json_agg(json_build_array(tbar, abar, n)) FROM bars), '[]'::json) AS bars`;
}
