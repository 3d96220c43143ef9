/**
 * The incident report's readings of the event journal (issue 26 item 3), pure so the server applies them and
 * tests pin them: which journal rows are status changes of the event and of its deployments, and how late a
 * vehicle arrived against the estimate made at its departure.
 *
 * Journal shapes read here (written by the event and job commands and the geofence):
 * - `event.create|createFrom|simulate|end|close|remove|state|queue|queueTaken|unlinkParent`: lifecycle rows,
 *   each one a change of the event's state or status; `event.update` only when its `changes` name
 *   `eventStatusId` or `eventStateId` (a text edit is no status change);
 * - `eventJob.create` `{id, resourceId, eventJobStatusId: n}`; `eventJob.update|geofence`
 *   `{id, changes: {eventJobStatusId: {old, new}}}`; `eventJob.end` `{id, eventJobStatusId: {old, new}}`.
 */
import { historyAction } from '../events/history';
import { estimateTravel } from '../tracking/rules';
import type { TrackCoordinate } from '../tracking/types';
import { incidentReportTexts as T } from './texts';
import type { ReportJobStatus, ReportTimelineRow } from './schema';

/** A journal row as the report reads it: wire time, type, raw data, the user's name (null: the system). */
export interface ReportJournalRow {
  at: string;
  type: string;
  data: unknown;
  user: string | null;
}

/** Names of the catalogues' ids (event states and statuses, job statuses, vehicles). */
export interface ReportNames {
  eventStates: ReadonlyMap<number, string>;
  eventStatuses: ReadonlyMap<number, string>;
  jobStatuses: ReadonlyMap<number, string>;
  resources: ReadonlyMap<number, string>;
}

const EVENT_LIFECYCLE = new Set([
  'event.create',
  'event.createFrom',
  'event.simulate',
  'event.state',
  'event.end',
  'event.close',
  'event.remove',
  'event.queue',
  'event.queueTaken',
  'event.unlinkParent',
]);

const JOB_STATUS_TYPES = new Set(['eventJob.create', 'eventJob.update', 'eventJob.geofence', 'eventJob.end']);

type Change = { old?: unknown; new?: unknown };

const record = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const asId = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

function changeOf(data: Record<string, unknown>, field: string): Change | null {
  const changes = record(data.changes);
  return record(changes?.[field]) as Change | null;
}

/** The status a job row set and the one before it (null when the row set no status). */
export function jobStatusOfRow(row: ReportJournalRow): { jobId: number; from: number | null; to: number } | null {
  if (!JOB_STATUS_TYPES.has(row.type)) return null;
  const data = record(row.data);
  const jobId = asId(data?.id);
  if (!data || jobId == null) return null;
  if (row.type === 'eventJob.create') {
    const to = asId(data.eventJobStatusId);
    return to == null ? null : { jobId, from: null, to };
  }
  const change = row.type === 'eventJob.end' ? (record(data.eventJobStatusId) as Change | null) : null;
  const c = change ?? changeOf(data, 'eventJobStatusId');
  const to = asId(c?.new);
  if (to == null) return null;
  const from = asId(c?.old);
  return from === to ? null : { jobId, from, to };
}

/** Every status a deployment reached, oldest first, by the journal. */
export function jobStatuses(rows: readonly ReportJournalRow[], jobId: number, names: ReportNames): ReportJobStatus[] {
  const out: ReportJobStatus[] = [];
  for (const row of rows) {
    const s = jobStatusOfRow(row);
    if (!s || s.jobId !== jobId) continue;
    out.push({
      at: row.at,
      statusId: s.to,
      status: names.jobStatuses.get(s.to) ?? String(s.to),
      user: row.user,
      byGeofence: row.type === 'eventJob.geofence',
    });
  }
  return out;
}

function eventStatusDetail(data: Record<string, unknown> | null, names: ReportNames): string | null {
  if (!data) return null;
  const parts: string[] = [];
  for (const [field, label, catalogue] of [
    ['eventStateId', 'Stav', names.eventStates],
    ['eventStatusId', 'Status', names.eventStatuses],
  ] as const) {
    const c = changeOf(data, field);
    const to = asId(c?.new);
    if (to == null) continue;
    const from = asId(c?.old);
    const name = (id: number) => catalogue.get(id) ?? String(id);
    parts.push(`${label}: ${T.statusChange(from == null ? null : name(from), name(to))}`);
  }
  return parts.length ? parts.join('; ') : null;
}

/**
 * The report's timeline: every status change of the event and of its deployments, oldest first (the journal's
 * order). A deployment's row names its vehicle and the status from → to.
 */
export function reportTimeline(rows: readonly ReportJournalRow[], names: ReportNames): ReportTimelineRow[] {
  const out: ReportTimelineRow[] = [];
  for (const row of rows) {
    const data = record(row.data);
    if (row.type.startsWith('event.')) {
      const detail = eventStatusDetail(data, names);
      if (!EVENT_LIFECYCLE.has(row.type) && detail == null) continue;
      out.push({ at: row.at, type: row.type, action: historyAction(row.type), detail, user: row.user });
      continue;
    }
    const s = jobStatusOfRow(row);
    if (!s) continue;
    const resourceId = asId(data?.resourceId);
    const vehicle =
      (resourceId != null ? names.resources.get(resourceId) : undefined) ??
      (typeof data?.resourceName === 'string' ? data.resourceName : null);
    const status = (id: number) => names.jobStatuses.get(id) ?? String(id);
    const change = T.statusChange(s.from == null ? null : status(s.from), status(s.to));
    out.push({
      at: row.at,
      type: row.type,
      action: historyAction(row.type),
      detail: vehicle ? `${vehicle}: ${change}` : change,
      user: row.user,
    });
  }
  return out;
}

/**
 * The arrival the dispatcher could expect at departure: departure + the straight-line estimate (the panel's
 * offline ETA, `estimateTravel`) from where the vehicle was then to the event's place. Null without both places.
 */
export function expectedArrival(
  departedAt: Date | null,
  from: TrackCoordinate | null,
  to: TrackCoordinate | null,
): Date | null {
  if (!departedAt || !from || !to) return null;
  return new Date(departedAt.getTime() + estimateTravel(from, to).duration * 1000);
}

const minuteOf = (d: Date) => Math.floor(d.getTime() / 60_000);

/**
 * Minutes the vehicle arrived after (+) or before (−) the expected time, between the two times as printed
 * (HH:mm), so the reader's own subtraction agrees with it; null without both.
 */
export function arrivalDifference(expected: Date | null, arrived: Date | null): number | null {
  if (!expected || !arrived) return null;
  return minuteOf(arrived) - minuteOf(expected);
}

/** 'o 3 min později' / 'o 2 min dříve' / 'včas'; '' without a difference. */
export const arrivalDifferenceText = (minutes: number | null): string => (minutes == null ? '' : T.minutes(minutes));
