/** Jobs (deployed vehicles), their route and waypoint lines, free vehicles and devices as features. */
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import { Stroke, Style } from 'ol/style';
import { JOB_STATUSES_HIDDEN, VEHICLE_POSITION_VALID_SECONDS } from '@panel/domain/constants';
import { fromWireTime } from '@panel/domain/locale';
import { isPositionStale } from '@panel/domain/permissions';
import type { Base, Device, Event, EventJob, Resource, ResourceType } from '@panel/domain/sync';
import { toView } from '../projection';
import { markerIconOf } from './resourceIcons';
import {
  DEVICE_COLOR,
  JOB_STATUS_COLORS,
  deviceGlyph,
  freeVehicleColor,
  resourceGlyph,
  vehicleStyle,
} from './vehicleStyles';

export interface VehicleData {
  jobs: EventJob[];
  resources: Record<number, Resource>;
  resourceTypes: Record<number, ResourceType>;
  bases: Record<number, Base>;
  events: Record<number, Event>;
  now: Date;
  onSelectEvent: (uuid: string) => void;
  /** the icon file a marker draws for a type now (default: once loaded, see resourceIcons.ts) */
  iconOf?: (type: ResourceType | undefined) => string | null;
}

const iconFor = (d: VehicleData, type: ResourceType | undefined) => (d.iconOf ?? markerIconOf)(type);

const hasPosition = (r: Resource | undefined): r is Resource & { pnt: NonNullable<Resource['pnt']> } =>
  Boolean(r?.pnt && Number.isFinite(r.pnt.longitude) && Number.isFinite(r.pnt.latitude));

const staleOf = (r: Resource, now: Date) => isPositionStale(fromWireTime(r.pnt?.updatedAt ?? r.locationAt), now);

const routeStyle = (color: string) => new Style({ stroke: new Stroke({ color, width: 3, lineDash: [10, 6] }) });
const waypointStyle = new Style({ stroke: new Stroke({ color: 'rgba(21,101,192,0.85)', width: 4 }) });

/** Listed jobs (status 20 left out) at their vehicle's position; a click makes the job's event active. */
export function jobFeatures(d: VehicleData): Feature[] {
  return d.jobs
    .filter((job) => !JOB_STATUSES_HIDDEN.includes(job.eventJobStatusId))
    .flatMap((job) => {
      const resource = d.resources[job.resourceId];
      if (!hasPosition(resource)) return [];
      const event = d.events[job.eventId];
      const feature = new Feature({
        geometry: new Point(toView([resource.pnt.longitude, resource.pnt.latitude])),
        kind: 'event-job',
        jobId: job.id,
        resourceId: resource.id,
        title: resource.name,
        onClick: event ? () => d.onSelectEvent(event.uuid) : undefined,
      });
      feature.setId(`job:${job.id}`);
      const type = d.resourceTypes[resource.resourceTypeId];
      feature.setStyle(
        vehicleStyle({
          glyph: resourceGlyph(type?.code),
          iconSrc: iconFor(d, type),
          label: resource.baseCode ?? d.bases[job.baseId]?.code ?? '',
          color: JOB_STATUS_COLORS[job.eventJobStatusId] ?? '#616161',
          stale: staleOf(resource, d.now),
          job: true,
        }),
      );
      return [feature];
    });
}

/** Parses the waypoints JSON text ([[lon, lat], …] or [{longitude, latitude}, …]); bad text gives none. */
export function parseWaypoints(text: string | null | undefined): [number, number][] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value
      .map((p): [number, number] | null => {
        if (Array.isArray(p) && p.length >= 2) return [Number(p[0]), Number(p[1])];
        if (p && typeof p === 'object' && 'longitude' in p && 'latitude' in p) {
          const o = p as { longitude: unknown; latitude: unknown };
          return [Number(o.longitude), Number(o.latitude)];
        }
        return null;
      })
      .filter((p): p is [number, number] => p !== null && Number.isFinite(p[0]) && Number.isFinite(p[1]));
  } catch {
    return [];
  }
}

/**
 * Route lines (z 99) from each moving job's vehicle to its destination (or the event target), and the detailed
 * waypoint line while the job's showWaypointsTimeout is above 0.
 */
export function jobLineFeatures(d: VehicleData): Feature[] {
  const out: Feature[] = [];
  for (const job of d.jobs) {
    if (JOB_STATUSES_HIDDEN.includes(job.eventJobStatusId)) continue;
    const resource = d.resources[job.resourceId];
    if (!hasPosition(resource)) continue;
    const event = d.events[job.eventId];
    const from = toView([resource.pnt.longitude, resource.pnt.latitude]);
    const destLon = resource.pnt.destinationLongitude ?? event?.targetLongitude ?? null;
    const destLat = resource.pnt.destinationLatitude ?? event?.targetLatitude ?? null;
    if (destLon !== null && destLat !== null && job.eventJobStatusId !== 18) {
      const line = new Feature({ geometry: new LineString([from, toView([destLon, destLat])]), kind: 'job-route' });
      line.setStyle(routeStyle(JOB_STATUS_COLORS[job.eventJobStatusId] ?? '#616161'));
      out.push(line);
    }
    if (job.showWaypointsTimeout > 0) {
      const points = parseWaypoints(resource.pnt.waypoints);
      if (points.length >= 2) {
        const line = new Feature({ geometry: new LineString(points.map((p) => toView(p))), kind: 'job-waypoints' });
        line.setStyle(waypointStyle);
        out.push(line);
      }
    }
  }
  return out;
}

/** Vehicles with a position that are not on a listed job. */
export function freeVehicleFeatures(d: VehicleData): Feature[] {
  const busy = new Set(
    d.jobs.filter((j) => !JOB_STATUSES_HIDDEN.includes(j.eventJobStatusId)).map((j) => j.resourceId),
  );
  return Object.values(d.resources)
    .filter((r) => !busy.has(r.id) && hasPosition(r))
    .map((r) => {
      const feature = new Feature({
        geometry: new Point(toView([r.pnt!.longitude, r.pnt!.latitude])),
        kind: 'vehicle',
        resourceId: r.id,
        title: r.name,
        label: r.baseCode ?? d.bases[r.baseId]?.code ?? '',
      });
      feature.setId(`vehicle:${r.id}`);
      const type = d.resourceTypes[r.resourceTypeId];
      feature.setStyle(
        vehicleStyle({
          glyph: resourceGlyph(type?.code),
          iconSrc: iconFor(d, type),
          label: r.baseCode ?? d.bases[r.baseId]?.code ?? '',
          color: freeVehicleColor,
          stale: staleOf(r, d.now),
          job: false,
        }),
      );
      return feature;
    });
}

/** Devices with a location; stale when the last contact (epoch seconds) is older than 300 s. */
export function deviceFeatures(devices: Device[], now: Date): Feature[] {
  return devices
    .filter((d) => d.locationLongitude !== null && d.locationLatitude !== null)
    .map((d) => {
      const stale = d.connectedAt === null || now.getTime() / 1000 - d.connectedAt > VEHICLE_POSITION_VALID_SECONDS;
      const feature = new Feature({
        geometry: new Point(toView([d.locationLongitude!, d.locationLatitude!])),
        kind: 'device',
        deviceId: d.id,
        title: d.name,
        label: d.code,
      });
      feature.setId(`device:${d.id}`);
      feature.setStyle(
        vehicleStyle({
          glyph: deviceGlyph(d.code),
          label: d.code,
          color: DEVICE_COLOR,
          stale,
          job: false,
        }),
      );
      return feature;
    });
}
