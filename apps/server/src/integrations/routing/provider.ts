/**
 * Routing — estimated routes with a duration/distance label (001 §2 "estimated routes with duration/distance
 * label", §3 "Route: route, durationText, distanceText", §7 store actions routes/eventJob, routes/base).
 *
 * - Default (offline): a straight line; distance = great-circle distance × 1.3 (road factor), duration at an
 *   average 60 km/h.
 * - `ROUTING_URL`: an OSRM-compatible router, GET `{url}/route/v1/driving/{lon},{lat};{lon},{lat}?overview=full&
 *   geometries=geojson`; the first route's geometry, distance (m) and duration (s). Failures (or `code` other
 *   than 'Ok') throw ServiceError (logged).
 */
import { callServiceJson, joinUrl, ServiceError, type FetchOptions } from '../geo/http.js';
import { haversine, type LonLat } from '../geo/measure.js';

import { ESTIMATE_ROAD_FACTOR, ESTIMATE_SPEED_KMH } from '@panel/domain/tracking';

// one estimate for the offline routes, the live ETA and the deployment dialog (domain tracking/rules.ts)
export const ROAD_FACTOR = ESTIMATE_ROAD_FACTOR;
export const AVERAGE_SPEED_KMH = ESTIMATE_SPEED_KMH;

export interface RouteResult {
  route: { type: 'LineString'; coordinates: LonLat[] };
  /** metres */
  distance: number;
  /** seconds */
  duration: number;
}

export interface RoutingProvider {
  readonly kind: 'offline' | 'osrm';
  route(from: LonLat, to: LonLat): Promise<RouteResult>;
}

/** Under an hour '{n} min', else 'HH:mm'. */
export function durationText(seconds: number): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** '{n,n} km' with a Czech decimal comma. */
export const distanceText = (metres: number) => `${(Math.max(0, metres) / 1000).toFixed(1).replace('.', ',')} km`;

export function offlineRoutingProvider(): RoutingProvider {
  return {
    kind: 'offline',
    async route(from, to) {
      const distance = haversine(from, to) * ROAD_FACTOR;
      return {
        route: { type: 'LineString', coordinates: [from, to] },
        distance,
        duration: distance / ((AVERAGE_SPEED_KMH * 1000) / 3600),
      };
    },
  };
}

interface OsrmAnswer {
  code?: string;
  message?: string;
  routes?: { distance?: number; duration?: number; geometry?: { type?: string; coordinates?: LonLat[] } }[];
}

export function osrmRoutingProvider(url: string, opts: FetchOptions = {}): RoutingProvider {
  return {
    kind: 'osrm',
    async route(from, to) {
      const target = `${joinUrl(url, `route/v1/driving/${from[0]},${from[1]};${to[0]},${to[1]}`)}?overview=full&geometries=geojson`;
      const body = await callServiceJson<OsrmAnswer>('routing', target, {}, opts);
      const r = body?.routes?.[0];
      if (body?.code !== 'Ok' || !r || !Array.isArray(r.geometry?.coordinates)) {
        opts.log?.error(
          { service: 'routing', url: target, code: body?.code, message: body?.message },
          'routing: no route',
        );
        throw new ServiceError('routing', `routing: ${body?.code ?? 'no route'}`, undefined, body?.message);
      }
      return {
        route: { type: 'LineString', coordinates: r.geometry!.coordinates! },
        distance: Number(r.distance) || 0,
        duration: Number(r.duration) || 0,
      };
    },
  };
}

export function routingProvider(url: string | undefined, opts: FetchOptions = {}): RoutingProvider {
  return url ? osrmRoutingProvider(url, opts) : offlineRoutingProvider();
}
