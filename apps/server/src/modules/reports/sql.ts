/**
 * The response-time report as ONE statement (issue 26 item 2), the same SQL on PostgreSQL and PGlite:
 * 1. `h`: per job the first time it entered 14, 15, 18, 19 and 20, read from the status history by its
 *    (at, job_id, status) index over the period (plus a day for jobs that end after it);
 * 2. `jobs`: the jobs created in the period (a removed job — a mistaken deployment — has no row and drops out),
 *    filtered by base, category and vehicle, with their intervals in seconds (a step taken backwards is null);
 * 3. `agg`: count, median and 90th percentile (`percentile_cont`) and the share within the target, per the
 *    chosen group, per month, per base and in total (GROUPING SETS: one pass over the jobs);
 * 4. `dist`: the distribution bars of turnout and arrival.
 * The answer is one JSON value, so the jobs are computed once and one round trip carries everything.
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

export interface DistLine {
  kind: 'turnout' | 'arrival';
  bar: number;
  n: number;
}

const GROUP_KEY: Record<ReportGroup, SQL> = {
  resource: sql`j.resource_id::text`,
  base: sql`j.base_id::text`,
  category: sql`e.event_category_id::text`,
  month: sql`to_char(j.created_at AT TIME ZONE 'Europe/Prague', 'YYYY-MM')`,
};

/** seconds from one status to a later one; null when either is missing or the order is backwards */
const span = (a: string, b: string) =>
  sql.raw(`CASE WHEN h.${b} >= h.${a} THEN extract(epoch FROM h.${b} - h.${a})::float8 END`);

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
    target == null
      ? sql`null`
      : sql`avg(CASE WHEN ${c} IS NULL THEN NULL WHEN ${c} <= ${target} THEN 1.0 ELSE 0.0 END)`;
  return sql`json_build_object('n', count(${c}), 'p', percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY ${c}), 'share', ${share})`;
}

export function reportStatement(f: ReportFilter): SQL {
  const start = sql`(${f.from}::date::timestamp AT TIME ZONE 'Europe/Prague')`;
  const end = sql`((${f.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Prague')`;
  const where: SQL[] = [sql`j.created_at >= ${start}`, sql`j.created_at < ${end}`];
  if (f.baseId != null) where.push(sql`j.base_id = ${f.baseId}`);
  if (f.resourceId != null) where.push(sql`j.resource_id = ${f.resourceId}`);
  if (f.eventCategoryId != null) where.push(sql`e.event_category_id = ${f.eventCategoryId}`);

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
  const bars = (kind: 'turnout' | 'arrival') => {
    const { step, bars: n } = DISTRIBUTION_STEPS[kind];
    const c = sql.raw(kind);
    return sql`SELECT ${kind}::text AS kind, least(floor(${c} / ${step})::int, ${n - 1}) AS bar, count(*)::int AS n
      FROM jobs WHERE ${c} IS NOT NULL GROUP BY 2`;
  };

  return sql`
    WITH h AS (
      SELECT c.job_id,
        min(c.at) FILTER (WHERE c.status = 14) AS t14,
        min(c.at) FILTER (WHERE c.status = 15) AS t15,
        min(c.at) FILTER (WHERE c.status = 18) AS t18,
        min(c.at) FILTER (WHERE c.status = 19) AS t19,
        min(c.at) FILTER (WHERE c.status = 20) AS t20
      FROM event_job_status_changes c
      WHERE c.at >= ${start} AND c.at < ${end} + interval '1 day'
      GROUP BY c.job_id
    ), jobs AS MATERIALIZED (
      SELECT ${GROUP_KEY[f.groupBy]} AS key,
        to_char(j.created_at AT TIME ZONE 'Europe/Prague', 'YYYY-MM') AS month,
        j.base_id::text AS base_key,
        ${span('t14', 't15')} AS turnout,
        ${span('t15', 't18')} AS travel,
        ${span('t18', 't19')} AS on_scene,
        ${span('t19', 't20')} AS ret,
        ${span('t14', 't18')} AS arrival
      FROM h
      JOIN event_jobs j ON j.id = h.job_id
      JOIN events e ON e.id = j.event_id
      WHERE ${sql.join(where, sql` AND `)}
    ), agg AS (
      SELECT ${setName} AS set, ${setKey} AS key, count(*)::int AS jobs, json_build_object(${stats}) AS stats
      FROM jobs
      GROUP BY ${groupingSets}
    ), dist AS (
      ${bars('turnout')}
      UNION ALL
      ${bars('arrival')}
    )
    SELECT json_build_object(
      'agg', coalesce((SELECT json_agg(agg) FROM agg), '[]'::json),
      'dist', coalesce((SELECT json_agg(dist) FROM dist), '[]'::json)
    ) AS report`;
}
