/**
 * What a vehicle or device marker's tooltip shows (001 §2 "Event-job icon: … tooltip with title, content,
 * optional media and overview"), as pure functions over the bundle. Readings (docs/READINGS.md "Map"):
 * - title: the vehicle's name (000 §3 Resource.name); a device's name and code.
 * - content: label/value lines from the vehicle and its job — type (resource type name), licence plate, unit,
 *   vehicle status (000 §4), for a job its status, event and arrival (ETA), then speed, the position time with
 *   its age (the stale warning above 300 s, 000 §9) and the position source.
 * - media: the vehicle's link (000 §3 Resource.url, named by urlName); only http(s) or the panel's own paths.
 *   A same-origin picture (jpg, png, webp, svg) is shown as a thumbnail (CSP img-src 'self'), else a link.
 * - overview: for a deployed vehicle, the overview of its job's event (header.overview, markdown or an HTML
 *   table, rendered sanitized by `Overview`); free vehicles and devices have none.
 */
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import { isPositionStale, jobEta, positionAgeSeconds } from '@panel/domain/vehicles';
import type { Base, Device, Event, EventJob, Resource, ResourceType } from '@panel/domain/sync';
import { jobStatusStyle } from '../../events/head/headColors';
import { DEVICE_TEXTS } from '../../devices/texts';
import { vt } from '../../vehicles/texts';
import { etaKindOf } from '../../vehicles/vehicleModel';
import { trackingTexts } from '@panel/domain/tracking';
import { resourceIconUrl } from '../layers/resourceIcons';
import { DEVICE_COLOR, JOB_STATUS_COLORS, deviceGlyph, freeVehicleColor, resourceGlyph } from '../layers/vehicleStyles';

export const TOOLTIP_TEXTS = {
  type: vt.columns.type,
  licence: vt.licence,
  base: vt.columns.base,
  status: vt.columns.status,
  jobStatus: vt.columns.jobStatus,
  event: vt.columns.event,
  eta: vt.columns.eta,
  speed: vt.speed,
  position: vt.columns.position,
  source: 'Zdroj polohy', // ours
  noPosition: vt.noPosition,
  code: 'Kód', // ours
  sim: DEVICE_TEXTS.sim,
  lastContact: DEVICE_TEXTS.columns.lastContact,
  assigned: DEVICE_TEXTS.columns.assigned,
  /** other markers under the pointer, ours */
  alsoHere: 'Na stejném místě také',
  /** a cluster of several markers, ours */
  several: (n: number) => `Technika a zařízení na jednom místě (${n})`,
} as const;

export interface TooltipLine {
  label: string;
  value: string;
  /** the stale-position warning */
  warn?: boolean;
}

export interface TooltipMedia {
  url: string;
  name: string;
  /** a same-origin picture, shown as a thumbnail */
  image: boolean;
}

export interface VehicleTooltipModel {
  title: string;
  /** the marker's look in the header: the type's icon file (glyph when it fails), disc colour */
  icon: { src: string | null; glyph: string; color: string };
  content: TooltipLine[];
  media: TooltipMedia | null;
  /** markdown or an HTML table (header.overview of the job's event) */
  overview: string | null;
}

export interface VehicleTooltipInput {
  resource: Resource;
  type: ResourceType | undefined;
  base: Base | undefined;
  /** the listed job the marker stands for (absent for a free vehicle) */
  job?: EventJob;
  event?: Event;
  now: Date;
}

const km = (speed: number) => `${Math.round(speed)} km/h`;

/** 'DD.MM.YYYY HH:mm (před 2 min)', or the stale warning with the time. */
function positionLine(at: Date | null, now: Date): TooltipLine {
  const age = positionAgeSeconds(at, now);
  if (!at || age === null) return { label: TOOLTIP_TEXTS.position, value: TOOLTIP_TEXTS.noPosition };
  if (isPositionStale(at, now)) {
    return { label: TOOLTIP_TEXTS.position, value: `${vt.stale(age)}, ${formatDateTime(at)}`, warn: true };
  }
  return { label: TOOLTIP_TEXTS.position, value: `${formatDateTime(at)} (${vt.fresh(age)})` };
}

/** The vehicle's link as media: http(s) URLs and the panel's own paths only (never javascript: and the like). */
export function mediaOf(url: string | null | undefined, name: string | null | undefined): TooltipMedia | null {
  const text = url?.trim();
  if (!text) return null;
  const own = text.startsWith('/') && !text.startsWith('//');
  if (!own && !/^https?:\/\//i.test(text)) return null;
  const image = own && /\.(jpe?g|png|webp|svg)(\?.*)?$/i.test(text);
  return { url: text, name: name?.trim() || text, image };
}

const line = (label: string, value: string | number | null | undefined): TooltipLine[] =>
  value === null || value === undefined || value === '' ? [] : [{ label, value: String(value) }];

export function vehicleTooltip({ resource, type, base, job, event, now }: VehicleTooltipInput): VehicleTooltipModel {
  const pnt = resource.pnt;
  const eta = job ? fromWireTime(jobEta(job, resource)) : null;
  const eventLabel = event
    ? [event.code, event.header?.title?.value].filter(Boolean).join(' – ') || null
    : job
      ? vt.elsewhere
      : null;
  const unit = base ? `${base.code} – ${base.name}` : resource.baseCode;
  return {
    title: resource.name,
    icon: {
      src: resourceIconUrl(type),
      glyph: resourceGlyph(type?.code),
      color: job ? (JOB_STATUS_COLORS[job.eventJobStatusId] ?? '#616161') : freeVehicleColor,
    },
    content: [
      ...line(TOOLTIP_TEXTS.type, type?.name),
      ...line(TOOLTIP_TEXTS.licence, resource.licence),
      ...line(TOOLTIP_TEXTS.base, unit),
      ...line(TOOLTIP_TEXTS.status, vt.vehicleStatus[resource.status] ?? null),
      ...(job ? line(TOOLTIP_TEXTS.jobStatus, jobStatusStyle(job.eventJobStatusId).name) : []),
      ...line(TOOLTIP_TEXTS.event, eventLabel),
      // a live ETA says whether it follows a road route or is the straight-line estimate (issue 14)
      ...(eta && job
        ? line(
            { arrival: TOOLTIP_TEXTS.eta, route: trackingTexts.etaRoute, estimate: trackingTexts.etaEstimate }[
              etaKindOf(job, resource) ?? 'arrival'
            ],
            formatDateTime(eta),
          )
        : []),
      ...(pnt?.speed !== null && pnt?.speed !== undefined && Number.isFinite(pnt.speed)
        ? line(TOOLTIP_TEXTS.speed, km(pnt.speed))
        : []),
      positionLine(fromWireTime(pnt?.updatedAt ?? resource.locationAt), now),
      ...line(TOOLTIP_TEXTS.source, pnt?.sourceName),
    ],
    media: mediaOf(resource.url, resource.urlName),
    overview: (job && event?.header?.overview?.value?.trim()) || null,
  };
}

/** A device marker: code, the vehicle or person it is assigned to, SIM, last contact (stale above 300 s). */
export function deviceTooltip(device: Device, now: Date): VehicleTooltipModel {
  const at = device.connectedAt === null ? null : new Date(device.connectedAt * 1000);
  const position = positionLine(at, now);
  return {
    title: device.name && device.name !== device.code ? `${device.name} (${device.code})` : device.code,
    icon: { src: null, glyph: deviceGlyph(device.code), color: DEVICE_COLOR },
    content: [
      ...line(TOOLTIP_TEXTS.assigned, device.resourceName),
      ...line(TOOLTIP_TEXTS.sim, device.number),
      { ...position, label: TOOLTIP_TEXTS.lastContact },
    ],
    media: null,
    overview: null,
  };
}

/** Several markers on one spot (a cluster): their titles, one line each. */
export function clusterTooltip(members: { title: string; label: string }[]): VehicleTooltipModel {
  return {
    title: TOOLTIP_TEXTS.several(members.length),
    icon: { src: null, glyph: 'local_shipping', color: freeVehicleColor },
    content: members.map((m) => ({ label: m.label, value: m.title })),
    media: null,
    overview: null,
  };
}
