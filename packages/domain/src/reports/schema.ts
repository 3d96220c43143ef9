/**
 * Response-time reports (issue 26 item 2) as one contract: the filters of GET /v2/reports/response-times and its
 * answer. Times are seconds; figures a group has no data for are null. The server validates with these, the web
 * infers its types from them.
 */
import { z } from 'zod';
import { fromWireTime } from '../locale/dates';
import { wireTexts } from '../http/texts';
import { wireIdParam } from '../http/wireValues';
import { reportTexts } from './texts';

export const REPORT_MEASURES = ['turnout', 'travel', 'onScene', 'return', 'arrival'] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];
export const REPORT_GROUPS = ['resource', 'base', 'category', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest period one report covers (a year and a leap day). */
export const MAX_REPORT_DAYS = 366;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum ve tvaru RRRR-MM-DD')
  .refine((s) => fromWireTime(s) !== null, wireTexts.badDate);

const dayNumber = (s: string) => Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10)) / 86_400_000;

/** GET /v2/reports/response-times: the period (days, Prague, both included; default the last 90 days) and filters. */
export const responseTimesQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    baseId: wireIdParam().optional(),
    eventCategoryId: wireIdParam().optional(),
    resourceId: wireIdParam().optional(),
    groupBy: z.enum(REPORT_GROUPS).optional().default('base'),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const span = dayNumber(q.to) - dayNumber(q.from);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: reportTexts.badRange });
    else if (span >= MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: reportTexts.tooLong });
  });
export type ResponseTimesQuery = z.input<typeof responseTimesQuery>;

export const reportStatSchema = z
  .object({
    count: z.number().int(),
    median: z.number().nullable().describe('seconds'),
    p90: z.number().nullable().describe('seconds, 90th percentile (continuous)'),
    withinTarget: z.number().nullable().describe('share 0–1 within the target (turnout, arrival only)'),
  })
  .meta({ id: 'ReportStat' });
export type ReportStat = z.infer<typeof reportStatSchema>;

export const reportRowSchema = z
  .object({
    key: z.string().describe('vehicle, base or category id, or the month YYYY-MM; "" for the total'),
    label: z.string(),
    jobs: z.number().int(),
    turnout: reportStatSchema,
    travel: reportStatSchema,
    onScene: reportStatSchema,
    return: reportStatSchema,
    arrival: reportStatSchema,
  })
  .meta({ id: 'ReportRow' });
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportTargetsSchema = z.object({
  turnoutSeconds: z.number().int().positive(),
  arrivalSeconds: z.number().int().positive(),
});
export type ReportTargets = z.infer<typeof reportTargetsSchema>;

/** One bar of a distribution: jobs whose time is in [from, to) seconds (`to` null: the open last bar). */
export const reportBucketSchema = z.object({ from: z.number(), to: z.number().nullable(), count: z.number().int() });
export type ReportBucket = z.infer<typeof reportBucketSchema>;

export const responseTimesAnswer = z
  .object({
    from: z.string().describe('YYYY-MM-DD'),
    to: z.string().describe('YYYY-MM-DD'),
    groupBy: z.enum(REPORT_GROUPS),
    /** the base a unit user is held to (null: every base) */
    ownBaseOnly: z.number().nullable(),
    targets: reportTargetsSchema,
    total: reportRowSchema,
    rows: z.array(reportRowSchema),
    byMonth: z.array(reportRowSchema),
    byBase: z.array(reportRowSchema),
    distribution: z.object({ turnout: z.array(reportBucketSchema), arrival: z.array(reportBucketSchema) }),
  })
  .meta({ id: 'ResponseTimes' });
export type ResponseTimes = z.infer<typeof responseTimesAnswer>;
