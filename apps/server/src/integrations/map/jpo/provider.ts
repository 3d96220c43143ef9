/**
 * Intervention zones and unit points (001 §2 zone layer, §3 "zone features have color", §7 GET /jpo-area,
 * GET /jpo-point "features, loaded once").
 *
 * - Default (offline): the unit bases (base category 1 with coordinates). `areas()` = one GeoJSON Polygon per
 *   base, its Voronoi cell among all unit bases inside a bounding polygon of the Czech Republic, computed in
 *   S-JTSK metres (voronoi.ts) and returned in WGS84; properties `{baseId, name, code, color}` with `color` one
 *   of blue, green, grey, red, violet, white, yellow so that neighbouring cells differ. `points()` = a Point
 *   per unit base `{baseId, name, code}`.
 * - `JPO_URL`: GET `{url}/jpo-area` and `{url}/jpo-point`; their `features` are passed on. Failures throw
 *   ServiceError (logged).
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { lonLat, sjtsk, ZONE_COLORS, type JpoFeature, type ZoneColor } from '@panel/domain/map';
import type { Database } from '../../../db/client.js';
import { bases } from '../../../db/schema/index.js';
import { fromSjtsk, toSjtsk } from '../../geo/krovak.js';
import { callServiceJson, joinUrl, type FetchOptions } from '../../geo/http.js';
import { colourGraph, neighbours, signedArea, voronoiCells, type XY } from './voronoi.js';

export { ZONE_COLORS };
/** base category of the unit stations (1); 2 is the central dispatch, 3 the management */
export const UNIT_BASE_CATEGORY = 1;

/** object types, not interfaces: they must fit the domain's loose `jpoFeature` (an index signature) */
export type Feature<G, P> = {
  type: 'Feature';
  id?: string | number;
  geometry: G;
  properties: P;
};
export type ZoneProperties = {
  baseId: number;
  name: string;
  code: string;
  color: ZoneColor;
};
export type UnitPointProperties = {
  baseId: number;
  name: string;
  code: string;
};
export type ZoneFeature = Feature<{ type: 'Polygon'; coordinates: [number, number][][] }, ZoneProperties>;
export type UnitPointFeature = Feature<{ type: 'Point'; coordinates: [number, number] }, UnitPointProperties>;

export interface JpoProvider {
  readonly kind: 'offline' | 'http';
  /** the real service's features are passed on as they came (the schema `jpoAnswer` is loose) */
  areas(): Promise<{ features: JpoFeature[] }>;
  points(): Promise<{ features: JpoFeature[] }>;
}

/**
 * A simplified outline of the Czech Republic (lon, lat), drawn a few km outside the border so every place of
 * the country falls in some cell (Aš, Šluknov and Frýdlant hooks, Broumov, Jeseník, Jablunkov, Břeclav …).
 */
export const CZ_BOUNDS: [number, number][] = [
  [12.05, 50.26],
  [12.18, 50.35],
  [12.5, 50.43],
  [12.95, 50.45],
  [13.4, 50.66],
  [13.88, 50.78],
  [14.22, 50.9],
  [14.3, 51.08],
  [14.62, 51.02],
  [14.82, 50.89],
  [15.0, 51.04],
  [15.3, 51.0],
  [15.55, 50.8],
  [16.05, 50.68],
  [16.25, 50.68],
  [16.45, 50.57],
  [16.2, 50.43],
  [16.46, 50.3],
  [16.8, 50.18],
  [16.96, 50.26],
  [16.92, 50.46],
  [17.25, 50.4],
  [17.75, 50.34],
  [17.72, 50.14],
  [18.05, 50.1],
  [18.6, 49.95],
  [18.88, 49.55],
  [18.82, 49.47],
  [18.43, 49.3],
  [18.12, 49.05],
  [17.7, 48.85],
  [17.2, 48.83],
  [16.95, 48.58],
  [16.5, 48.76],
  [16.1, 48.72],
  [15.75, 48.83],
  [15.25, 48.95],
  [15.0, 48.96],
  [14.98, 48.75],
  [14.7, 48.56],
  [14.3, 48.52],
  [13.82, 48.74],
  [13.55, 48.94],
  [13.0, 49.28],
  [12.78, 49.33],
  [12.44, 49.68],
  [12.38, 49.95],
  [12.15, 50.1],
];

function boundsSjtsk(): XY[] {
  const pts = CZ_BOUNDS.map(([lon, lat]) => {
    const { x, y } = toSjtsk(lonLat(lon, lat));
    return [x, y] as XY;
  });
  return signedArea(pts) < 0 ? pts.reverse() : pts;
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7;

export interface UnitBase {
  id: number;
  name: string;
  code: string;
  longitude: number;
  latitude: number;
}

/** Zone features for these bases (exported for tests with made-up bases). */
export function zoneFeatures(units: UnitBase[]): ZoneFeature[] {
  const sites: XY[] = units.map((b) => {
    const { x, y } = toSjtsk(lonLat(b.longitude, b.latitude));
    return [x, y];
  });
  const cells = voronoiCells(sites, boundsSjtsk());
  const colours = colourGraph(neighbours(sites, cells), ZONE_COLORS.length);
  const features: ZoneFeature[] = [];
  units.forEach((b, i) => {
    const cell = cells[i];
    if (cell.length < 3) return;
    // RFC 7946: exterior rings counter-clockwise in lon/lat
    let ring = cell.map(([x, y]) => {
      const [lon, lat] = fromSjtsk(sjtsk(x, y));
      return [round7(lon), round7(lat)] as [number, number];
    });
    if (signedArea(ring) < 0) ring = ring.reverse();
    ring.push(ring[0]);
    features.push({
      type: 'Feature',
      id: b.id,
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { baseId: b.id, name: b.name, code: b.code, color: ZONE_COLORS[colours[i]] },
    });
  });
  return features;
}

async function unitBases(db: Database): Promise<UnitBase[]> {
  const rows = await db
    .select({ id: bases.id, name: bases.name, code: bases.code, longitude: bases.longitude, latitude: bases.latitude })
    .from(bases)
    .where(and(eq(bases.baseCategoryId, UNIT_BASE_CATEGORY), isNotNull(bases.longitude), isNotNull(bases.latitude)))
    .orderBy(asc(bases.id));
  return rows.filter((r): r is UnitBase => Number.isFinite(r.longitude) && Number.isFinite(r.latitude));
}

export function offlineJpoProvider(db: Database): JpoProvider {
  return {
    kind: 'offline',
    async areas() {
      return { features: zoneFeatures(await unitBases(db)) };
    },
    async points() {
      const features: UnitPointFeature[] = (await unitBases(db)).map((b) => ({
        type: 'Feature',
        id: b.id,
        geometry: { type: 'Point', coordinates: [b.longitude, b.latitude] },
        properties: { baseId: b.id, name: b.name, code: b.code },
      }));
      return { features };
    },
  };
}

export function httpJpoProvider(url: string, opts: FetchOptions = {}): JpoProvider {
  const get = async (path: string) => {
    const body = await callServiceJson<{ features?: unknown }>('jpo', joinUrl(url, path), {}, opts);
    return { features: Array.isArray(body?.features) ? (body.features as JpoFeature[]) : [] };
  };
  return { kind: 'http', areas: () => get('jpo-area'), points: () => get('jpo-point') };
}

export function jpoProvider(db: Database, url: string | undefined, opts: FetchOptions = {}): JpoProvider {
  return url ? httpJpoProvider(url, opts) : offlineJpoProvider(db);
}
