import { describe, expect, it } from 'vitest';
import {
  arrivalDifference,
  arrivalDifferenceText,
  expectedArrival,
  jobStatuses,
  jobStatusOfRow,
  reportTimeline,
  type ReportJournalRow,
  type ReportNames,
} from './index';

const names: ReportNames = {
  eventStates: new Map([
    [2, 'Aktivní'],
    [5, 'Uzavřená'],
  ]),
  eventStatuses: new Map([
    [6, 'Ukončena'],
    [11, 'Uzavřena'],
  ]),
  jobStatuses: new Map([
    [14, 'Pořadí výjezdu'],
    [15, 'Na cestě'],
    [18, 'Na místě'],
    [20, 'Na základně'],
  ]),
  resources: new Map([[7, 'CAS 30']]),
};

const row = (at: string, type: string, data: unknown, user: string | null = 'dispecer'): ReportJournalRow => ({
  at,
  type,
  data,
  user,
});

const journal: ReportJournalRow[] = [
  row('2026-11-28 10:00:00', 'event.create', { code: 'X' }),
  row('2026-11-28 10:01:00', 'eventJob.create', { id: 3, resourceId: 7, eventJobStatusId: 15 }),
  row('2026-11-28 10:02:00', 'event.update', { changes: { description: { old: 'a', new: 'b' } } }),
  row(
    '2026-11-28 10:09:00',
    'eventJob.geofence',
    { id: 3, resourceId: 7, changes: { eventJobStatusId: { old: 15, new: 18 } } },
    null,
  ),
  row('2026-11-28 10:10:00', 'eventJob.update', {
    id: 3,
    resourceId: 7,
    changes: { arriveAt: { old: null, new: 'x' } },
  }),
  row('2026-11-28 10:11:00', 'eventJob.update', {
    id: 4,
    resourceId: 8,
    resourceName: 'TA-L',
    changes: { eventJobStatusId: { old: 14, new: 15 } },
  }),
  row('2026-11-28 10:40:00', 'event.close', {
    changes: { eventStateId: { old: 2, new: 5 }, eventStatusId: { old: 6, new: 11 } },
  }),
  row('2026-11-28 10:40:00', 'eventJob.end', {
    id: 3,
    resourceId: 7,
    eventJobStatusId: { old: 18, new: 20 },
    endedBy: 'event.close',
  }),
];

describe('incident report readings of the journal', () => {
  it('a job row yields the status it set; rows without a status change yield nothing', () => {
    expect(jobStatusOfRow(journal[1])).toEqual({ jobId: 3, from: null, to: 15 });
    expect(jobStatusOfRow(journal[3])).toEqual({ jobId: 3, from: 15, to: 18 });
    expect(jobStatusOfRow(journal[4])).toBeNull();
    expect(jobStatusOfRow(journal[7])).toEqual({ jobId: 3, from: 18, to: 20 });
    expect(
      jobStatusOfRow(row('t', 'eventJob.update', { id: 3, changes: { eventJobStatusId: { old: 18, new: 18 } } })),
    ).toBeNull();
    expect(jobStatusOfRow(row('t', 'eventJob.update', null))).toBeNull();
  });

  it("a deployment's statuses in order, the geofence's marked and without a user", () => {
    expect(jobStatuses(journal, 3, names)).toEqual([
      { at: '2026-11-28 10:01:00', statusId: 15, status: 'Na cestě', user: 'dispecer', byGeofence: false },
      { at: '2026-11-28 10:09:00', statusId: 18, status: 'Na místě', user: null, byGeofence: true },
      { at: '2026-11-28 10:40:00', statusId: 20, status: 'Na základně', user: 'dispecer', byGeofence: false },
    ]);
  });

  it('the timeline keeps the status changes of the event and the jobs, not text edits', () => {
    const t = reportTimeline(journal, names);
    expect(t.map((r) => r.detail)).toEqual([
      null,
      'CAS 30: Na cestě',
      'CAS 30: Na cestě → Na místě',
      'TA-L: Pořadí výjezdu → Na cestě',
      'Stav: Aktivní → Uzavřená; Status: Ukončena → Uzavřena',
      'CAS 30: Na místě → Na základně',
    ]);
    expect(t[0].action).toBe('Založení události');
    expect(t[4].action).toBe('Uzavření události');
  });

  it('expected arrival: departure + straight line × 1.3 at 60 km/h; difference in printed minutes', () => {
    const dep = new Date('2026-11-28T09:00:00Z');
    // 0.1° of latitude ≈ 11.1 km → 14.5 km by road → 14.5 min
    const exp = expectedArrival(dep, [14, 50], [14, 50.1])!;
    expect(Math.round((exp.getTime() - dep.getTime()) / 1000 / 60)).toBe(14);
    expect(expectedArrival(dep, null, [14, 50])).toBeNull();
    expect(expectedArrival(null, [14, 50], [14, 50])).toBeNull();
    const at = (hm: string) => new Date(`2026-11-28T${hm}Z`);
    expect(arrivalDifference(at('09:14:59'), at('09:16:00'))).toBe(2);
    expect(arrivalDifference(at('09:14:00'), at('09:14:59'))).toBe(0);
    expect(arrivalDifference(at('09:14:00'), at('09:10:30'))).toBe(-4);
    expect(arrivalDifference(null, at('09:10:30'))).toBeNull();
    expect(arrivalDifferenceText(2)).toBe('o 2 min později');
    expect(arrivalDifferenceText(-4)).toBe('o 4 min dříve');
    expect(arrivalDifferenceText(0)).toBe('včas');
    expect(arrivalDifferenceText(null)).toBe('');
  });
});
