/**
 * Assembles the incident report (issue 26 item 3) from the loaded rows: the event with its catalogue names, the
 * timeline of status changes (domain `reportTimeline`), each deployment with its statuses, the expected (the
 * offline estimate at departure) and the actual arrival, the commander and contacts, both conversations and the
 * deployments' tracks.
 */
import { JOB_STATUS } from '@panel/domain/constants';
import { isCommanderContact, resolverTypeOf, sortContacts } from '@panel/domain/contacts';
import {
  arrivalDifference,
  expectedArrival,
  jobStatuses,
  reportTimeline,
  type IncidentReport,
  type ReportJournalRow,
  type ReportVehicle,
} from '@panel/domain/incidentReport';
import { fromWireTime } from '@panel/domain/locale';
import type { JobTrack, TrackCoordinate } from '@panel/domain/tracking';
import type { EventContact, Message } from '@panel/domain/sync';
import { wireTime } from '../../sync/wire.js';
import type { EventRow } from '../events/presenter.js';
import type { CatalogueNames, JobRow } from './load.js';

const point = (lon: number | null | undefined, lat: number | null | undefined): TrackCoordinate | null =>
  lon != null && lat != null ? [lon, lat] : null;

/** Where the vehicles drive to: the event's destination ('Místo dojezdu') when set, else its target. */
export const placeOf = (row: EventRow): TrackCoordinate | null =>
  point(row.destinationLongitude, row.destinationLatitude) ?? point(row.targetLongitude, row.targetLatitude);

export function presentVehicle(
  j: JobRow,
  journal: readonly ReportJournalRow[],
  names: CatalogueNames & { resources: Map<number, string> },
  track: JobTrack | undefined,
  place: TrackCoordinate | null,
): ReportVehicle {
  const { job } = j;
  const statuses = jobStatuses(journal, job.id, names);
  // the arrival stamped on the job (by hand or at 18), else the first time the journal saw it at the scene
  const arrived =
    job.arriveAt ?? fromWireTime(statuses.find((st) => st.statusId === JOB_STATUS.AT_SCENE)?.at ?? null) ?? null;
  const start = track?.points[0] ?? point(j.baseLongitude, j.baseLatitude);
  const expected = expectedArrival(job.createdAt, start, place);
  return {
    jobId: job.id,
    resourceId: job.resourceId,
    name: j.resource?.name ?? (job.resourceId != null ? String(job.resourceId) : '—'),
    licence: j.resource?.licence ?? null,
    resourceType: j.resourceType ?? null,
    base: names.bases.get(job.baseId ?? j.resource?.baseId ?? -1) ?? null,
    statusId: job.eventJobStatusId,
    status: names.jobStatuses.get(job.eventJobStatusId) ?? String(job.eventJobStatusId),
    departedAt: wireTime(job.createdAt),
    expectedArrivalAt: wireTime(expected),
    arrivedAt: wireTime(arrived),
    arrivalDifference: arrivalDifference(expected, arrived),
    endedAt: wireTime(job.endedAt),
    // no fix during the job: nothing was measured (not 0 km)
    distance: track && track.points.length > 0 ? track.distance : null,
    statuses,
  };
}

export interface ReportParts {
  row: EventRow;
  units: number[];
  names: CatalogueNames & { resources: Map<number, string> };
  journal: ReportJournalRow[];
  jobs: JobRow[];
  tracks: JobTrack[];
  contacts: EventContact[];
  messages: Message[];
  /** may the user read the event's messages (view Message, as GET /v2/messages/event/{id}) */
  readsMessages: boolean;
  now: Date;
}

export function presentReport(p: ReportParts): IncidentReport {
  const { row, names } = p;
  const place = placeOf(row);
  const trackOf = new Map(p.tracks.map((t) => [t.jobId, t]));
  const resolver = resolverTypeOf(names.contactTypeIds);
  const contacts = sortContacts(p.contacts);
  const name = (m: Map<number, string>, id: number | null) => (id == null ? null : (m.get(id) ?? null));
  return {
    generatedAt: wireTime(p.now) ?? '',
    event: {
      id: row.id,
      code: row.code,
      subject: row.subject,
      description: row.description,
      category: name(names.categories, row.eventCategoryId),
      type: name(names.types, row.eventTypeId),
      priority: name(names.priorities, row.priorityId),
      state: name(names.eventStates, row.eventStateId),
      status: name(names.eventStatuses, row.eventStatusId),
      address: row.address,
      addressDescription: row.addressDescription,
      target: point(row.targetLongitude, row.targetLatitude),
      base: name(names.bases, row.baseId),
      units: p.units.filter((id) => id !== row.baseId).map((id) => names.bases.get(id) ?? String(id)),
      reporterName: row.reporterName,
      reporterNumber: row.reporterNumber,
      createdAt: wireTime(row.createdAt),
      startedAt: wireTime(row.start ?? row.startedAt),
      endedAt: wireTime(row.endedAt),
    },
    timeline: reportTimeline(p.journal, names),
    vehicles: p.jobs.map((j) => presentVehicle(j, p.journal, names, trackOf.get(j.job.id), place)),
    commander: contacts.find((c) => isCommanderContact(c, resolver)) ?? null,
    contacts,
    conversations: names.messageCategories.map((c) => ({
      messageCategoryId: c.id,
      name: c.name,
      readable: p.readsMessages,
      messages: p.readsMessages ? p.messages.filter((m) => m.messageCategoryId === c.id) : [],
    })),
    tracks: p.tracks,
  };
}
