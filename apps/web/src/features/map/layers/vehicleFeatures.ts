/**
 * Jobs (deployed vehicles), their route and waypoint lines, free vehicles and devices as features. A job's line
 * to its target is the road route of the routing service when the server computed one (`pnt.etaSource` 'route',
 * `pnt.route` a GeoJSON LineString): solid, in the job's colour. Otherwise it is only an estimate and is drawn so:
 * a straight dashed line labelled 'odhad' (issue 14: an estimate is never shown as if it were a road route).
 */
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { JOB_STATUSES_HIDDEN, VEHICLE_POSITION_VALID_SECONDS } from '@panel/domain/constants';
import { fromWireTime } from '@panel/domain/locale';
import { isPositionStale } from '@panel/domain/vehicles';
import type { Base, Device, Event, EventJob, Resource, ResourceType } from '@panel/domain/sync';
import { trackingTexts } from '@panel/domain/tracking';
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

/** The code a vehicle marker shows: the resource's own base, else the base it is counted under. */
const baseLabel = (d: VehicleData, r: Resource, baseId: number) => r.baseCode ?? d.bases[baseId]?.code ?? '';

/** A vehicle marker, deployed (`job`) or free: its type's glyph and icon, its base, the colour of its state. */
function resourceStyle(d: VehicleData, r: Resource, baseId: number, color: string, job: boolean) {
  const type = d.resourceTypes[r.resourceTypeId];
  return vehicleStyle({
    glyph: resourceGlyph(type?.code),
    iconSrc: iconFor(d, type),
    label: baseLabel(d, r, baseId),
    color,
    stale: staleOf(r, d.now),
    job,
  });
}

/**
 * The straight line of an estimate: dashed, labelled 'odhad' a third of the way from the vehicle — not at the
 * middle, where the route card's label of the same line ('3 min · 2,6 km') stands — and beside the line, above
 * it on the side it does not run to (`rising`: the line goes up to the right on the map), because the route card
 * draws the same straight line over it.
 */
const ESTIMATE_LABEL_AT = 0.3;
const estimateStyle = (color: string, rising: boolean) => [
  new Style({ stroke: new Stroke({ color, width: 3, lineDash: [10, 6] }) }),
  new Style({
    geometry: (feature) => {
      const line = feature.getGeometry();
      return line instanceof LineString ? new Point(line.getCoordinateAt(ESTIMATE_LABEL_AT)) : undefined;
    },
    text: new Text({
      text: trackingTexts.estimateShort,
      font: '600 12px Roboto, Arial, sans-serif',
      fill: new Fill({ color }),
      backgroundFill: new Fill({ color: 'rgba(255,255,255,0.9)' }),
      backgroundStroke: new Stroke({ color, width: 1 }),
      padding: [1, 3, 0, 3],
      textAlign: rising ? 'right' : 'left',
      offsetX: rising ? -8 : 8,
      offsetY: -10,
    }),
  }),
];
/** A road route: solid in the job's colour over a white casing, so it reads on the base map and an orthophoto. */
const roadRouteStyle = (color: string) => [
  new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 6 }) }),
  new Style({ stroke: new Stroke({ color, width: 3.5 }) }),
];
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
      feature.setStyle(
        resourceStyle(d, resource, job.baseId, JOB_STATUS_COLORS[job.eventJobStatusId] ?? '#616161', true),
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

/** Parses `pnt.route` (JSON text of a GeoJSON LineString, or a bare coordinate array); bad text gives none. */
export function parseRoute(text: string | null | undefined): [number, number][] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    const coordinates =
      value && typeof value === 'object' && !Array.isArray(value) && 'coordinates' in value
        ? (value as { coordinates: unknown }).coordinates
        : value;
    if (!Array.isArray(coordinates)) return [];
    const points: [number, number][] = [];
    for (const p of coordinates) {
      if (!Array.isArray(p) || p.length < 2) return [];
      const lon = Number(p[0]);
      const lat = Number(p[1]);
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) return [];
      points.push([lon, lat]);
    }
    return points;
  } catch {
    return [];
  }
}

/**
 * The road route from where the vehicle is now: the route was computed from an earlier fix (every 200 m or 30 s),
 * so it starts at the vertex nearest the vehicle (a plain degree metric is enough to pick a vertex) and the
 * vehicle's position is put in front — the line neither trails behind the marker nor jumps back.
 */
export function routeFromVehicle(route: [number, number][], at: [number, number]): [number, number][] {
  let nearest = 0;
  let best = Infinity;
  const k = Math.cos((at[1] * Math.PI) / 180);
  route.forEach(([lon, lat], i) => {
    const d = ((lon - at[0]) * k) ** 2 + (lat - at[1]) ** 2;
    if (d < best) {
      best = d;
      nearest = i;
    }
  });
  return [at, ...route.slice(nearest + 1)];
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
    const color = JOB_STATUS_COLORS[job.eventJobStatusId] ?? '#616161';
    const road = resource.pnt.etaSource === 'route' ? parseRoute(resource.pnt.route) : [];
    if (job.eventJobStatusId === 18) {
      // at the scene: no line to where the vehicle already is
    } else if (road.length >= 2) {
      const at: [number, number] = [resource.pnt.longitude, resource.pnt.latitude];
      const points = routeFromVehicle(road, at);
      if (points.length >= 2) {
        const line = new Feature({
          geometry: new LineString(points.map((p) => toView(p))),
          kind: 'job-road-route',
          jobId: job.id,
        });
        line.setStyle(roadRouteStyle(color));
        out.push(line);
      }
    } else if (destLon !== null && destLat !== null) {
      const line = new Feature({
        geometry: new LineString([from, toView([destLon, destLat])]),
        kind: 'job-route',
        jobId: job.id,
        estimate: true,
      });
      const [x0, y0] = from;
      const [x1, y1] = toView([destLon, destLat]);
      line.setStyle(estimateStyle(color, (x1 - x0) * (y1 - y0) > 0));
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
        label: baseLabel(d, r, r.baseId),
      });
      feature.setId(`vehicle:${r.id}`);
      feature.setStyle(resourceStyle(d, r, r.baseId, freeVehicleColor, false));
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
