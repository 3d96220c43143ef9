/**
 * What the Technika tab and the deployment dialog show, as pure functions over the bundle and GET /v2/resources
 * (000 §2 Vehicles and deployment, §4, §9): the event's deployed vehicles (status 20 left out), the overview
 * rows with their deployment relative to the event, the filter chips Dron / Inspektor, the text filter and the
 * sort, and the stale position (older than 300 s).
 */
import { fromWireTime } from '@panel/domain/locale';
import {
  deploymentOf,
  isJobListed,
  isPositionStale,
  jobEta,
  positionAgeSeconds,
  vehicleKindOf,
  type Deployment,
  type VehicleKind,
} from '@panel/domain/vehicles';
import type { Base, Event, EventJob, Resource, ResourceType } from '@panel/domain/sync';
import type { VehicleEta } from '@panel/domain/tracking';
import type { ResourceJob, ResourceOverview } from '../../api/jobs';
import { normalizeText } from '../events/list/searchText';
import { vt } from './texts';

export interface PositionInfo {
  at: Date | null;
  ageSeconds: number | null;
  stale: boolean;
}

export function positionOf(resource: Pick<Resource, 'locationAt' | 'pnt'> | undefined, now: number): PositionInfo {
  const at = fromWireTime(resource?.pnt?.updatedAt ?? resource?.locationAt ?? null);
  const date = new Date(now);
  return { at, ageSeconds: positionAgeSeconds(at, date), stale: isPositionStale(at, date) };
}

export const vehicleStatusLabel = (status: number | null | undefined): string =>
  status === null || status === undefined ? '' : (vt.vehicleStatus[status] ?? String(status));

// ---- the Technika tab

/**
 * Where a deployed vehicle's ETA comes from (issue 14): the job's arrival time set by a dispatcher or at the
 * scene ('arrival'), else the vehicle's live ETA — a road route ('route') or the straight-line estimate
 * ('estimate'), which the panel labels as such.
 */
export type EtaKind = 'arrival' | 'route' | 'estimate';

export function etaKindOf(
  job: Pick<EventJob, 'arriveAt'>,
  resource: Pick<Resource, 'pnt'> | undefined,
): EtaKind | null {
  if (job.arriveAt) return 'arrival';
  if (!resource?.pnt?.eta) return null;
  return resource.pnt.etaSource === 'route' ? 'route' : 'estimate';
}

export interface DeployedRow {
  job: EventJob;
  resource: Resource | undefined;
  name: string;
  baseCode: string;
  eta: string | null;
  etaKind: EtaKind | null;
  position: PositionInfo;
}

/** The event's listed jobs (not status 20), in id order, with their vehicles. */
export function deployedRows(
  jobs: readonly EventJob[],
  resources: Readonly<Record<number, Resource>>,
  bases: Readonly<Record<number, Pick<Base, 'code'>>>,
  now: number,
): DeployedRow[] {
  return jobs
    .filter(isJobListed)
    .slice()
    .sort((a, b) => a.id - b.id)
    .map((job) => {
      const resource = resources[job.resourceId];
      return {
        job,
        resource,
        name: resource?.name ?? `#${job.resourceId}`,
        baseCode: resource?.baseCode ?? bases[job.baseId]?.code ?? '',
        eta: jobEta(job, resource),
        etaKind: etaKindOf(job, resource),
        position: positionOf(resource, now),
      };
    });
}

// ---- the deployment dialog

export interface OverviewRow {
  id: number;
  resource: ResourceOverview;
  kind: VehicleKind;
  typeName: string;
  baseCode: string;
  deployment: Deployment;
  job: ResourceJob | null;
  /** the event the vehicle works on: its code (or title), '' when free, 'jiná událost' when not visible */
  eventLabel: string;
  position: PositionInfo;
  /** distance and ETA to the event from the vehicle's live position (free vehicles with a position; issue 14) */
  eta: VehicleEta | null;
  haystack: string;
}

export interface OverviewSources {
  types: Readonly<Record<number, Pick<ResourceType, 'code' | 'name'>>>;
  bases: Readonly<Record<number, Pick<Base, 'code'>>>;
  /** live bundle rows: override the fetched vehicle's job and position (pushes arrive while the dialog is open) */
  resources: Readonly<Record<number, Resource>>;
  jobs: Readonly<Record<number, EventJob>>;
  events: Readonly<Record<number, Pick<Event, 'code' | 'header'>>>;
}

/** The vehicle's active job: the bundle's when it knows it (newer), else the overview's. */
function liveJob(row: ResourceOverview, live: Resource | undefined, src: OverviewSources): ResourceJob | null {
  const eventId = live ? live.event : row.event;
  const jobId = live ? live.eventJob : row.eventJob;
  if (eventId === null || eventId === undefined || jobId === null || jobId === undefined) return null;
  const job = src.jobs[jobId];
  const event = src.events[eventId];
  const fetched = row.job && row.job.id === jobId ? row.job : null;
  return {
    id: jobId,
    eventId,
    eventJobStatusId: job?.eventJobStatusId ?? fetched?.eventJobStatusId ?? 14,
    eventCode: event?.code ?? fetched?.eventCode ?? null,
    eventTitle: event?.header?.title?.value ?? fetched?.eventTitle ?? null,
    // the bundle keeps active events only, so an event it knows is active; else the server's word
    eventActive: event !== undefined || (fetched?.eventActive ?? true),
  };
}

export function overviewRows(
  list: readonly ResourceOverview[],
  src: OverviewSources,
  eventId: number | null,
  now: number,
  etas: ReadonlyMap<number, VehicleEta> = new Map(),
): OverviewRow[] {
  return list.map((fetched) => {
    const live = src.resources[fetched.id];
    // a job on a closed or removed event holds nobody: the vehicle is free, so the dialog offers 'Nasadit', never
    // 'Přesunout' (the server ends that job when the vehicle is deployed, issue 12)
    const current = liveJob(fetched, live, src);
    const job = current?.eventActive === false ? null : current;
    // a copy: the fetched list stays as the server sent it
    const resource: ResourceOverview = { ...fetched, ...(live ?? {}), job };
    // another base's vehicle busy on an event this user does not see comes without its ids (issue 24 item 12)
    const hiddenJob = !job && resource.hiddenJob === true;
    const deployment = deploymentOf({ event: job?.eventId ?? null, hiddenJob }, eventId);
    const eventLabel = hiddenJob ? vt.elsewhere : !job ? '' : (job.eventCode ?? job.eventTitle ?? vt.elsewhere);
    const typeName = src.types[resource.resourceTypeId]?.name ?? '';
    const baseCode = resource.baseCode ?? src.bases[resource.baseId]?.code ?? '';
    return {
      id: resource.id,
      resource,
      kind: vehicleKindOf(resource, src.types),
      typeName,
      baseCode,
      deployment,
      job,
      eventLabel,
      position: positionOf(resource, now),
      // only a free vehicle is a candidate (a deployed one is on its way elsewhere or here already)
      eta: deployment === 'free' ? (etas.get(resource.id) ?? null) : null,
      haystack: normalizeText(
        [resource.name, resource.licence, baseCode, typeName, eventLabel, job?.eventTitle].filter(Boolean).join(' '),
      ),
    };
  });
}

export interface OverviewFilter {
  drone: boolean;
  inspector: boolean;
  text: string;
}

/** Chips narrow to their kinds (both on: either kind; none: all); the text matches name, plate, unit, type, event. */
export function filterRows(rows: readonly OverviewRow[], filter: OverviewFilter): OverviewRow[] {
  const kinds = new Set<VehicleKind>();
  if (filter.drone) kinds.add('drone');
  if (filter.inspector) kinds.add('inspector');
  const words = normalizeText(filter.text).split(/\s+/).filter(Boolean);
  return rows.filter((r) => (kinds.size === 0 || kinds.has(r.kind)) && words.every((w) => r.haystack.includes(w)));
}

export type SortKey = 'name' | 'base' | 'type' | 'status' | 'position' | 'event' | 'eta';
export type SortDir = 'asc' | 'desc';

const collator = new Intl.Collator('cs', { sensitivity: 'base', numeric: true });

function compareBy(key: SortKey): (a: OverviewRow, b: OverviewRow) => number {
  switch (key) {
    case 'name':
      return (a, b) => collator.compare(a.resource.name, b.resource.name);
    case 'base':
      return (a, b) => collator.compare(a.baseCode, b.baseCode);
    case 'type':
      return (a, b) => collator.compare(a.typeName, b.typeName);
    case 'status':
      return (a, b) => a.resource.status - b.resource.status;
    case 'position':
      // the freshest first in ascending order; no position last
      return (a, b) => (a.position.ageSeconds ?? Infinity) - (b.position.ageSeconds ?? Infinity);
    case 'eta':
      // free vehicles with a fresh position by ETA, then those with a stale one, then the rest
      return (a, b) => etaRank(a) - etaRank(b) || (a.eta?.duration ?? Infinity) - (b.eta?.duration ?? Infinity);
    case 'event':
      // free first, then by event label
      return (a, b) => Number(Boolean(a.job)) - Number(Boolean(b.job)) || collator.compare(a.eventLabel, b.eventLabel);
  }
}

/** 0 a free vehicle with a fresh position, 1 with a stale one, 2 everything else (no ETA). */
const etaRank = (r: OverviewRow) => (!r.eta ? 2 : r.position.stale ? 1 : 0);

/**
 * 'Nejbližší volné vozidlo': the free vehicle with the shortest ETA among those with a fresh position (000 §9:
 * a stale one may be anywhere by now), else among the stale ones; null when no free vehicle has a position.
 */
export function nearestFree(rows: readonly OverviewRow[]): OverviewRow | null {
  const best = sortRows(rows, 'eta', 'asc')[0];
  return best && best.eta ? best : null;
}

/** Sorted copy; ties by name. */
export function sortRows(rows: readonly OverviewRow[], key: SortKey, dir: SortDir): OverviewRow[] {
  const cmp = compareBy(key);
  const byName = compareBy('name');
  const sign = dir === 'asc' ? 1 : -1;
  return rows.slice().sort((a, b) => sign * cmp(a, b) || byName(a, b));
}
