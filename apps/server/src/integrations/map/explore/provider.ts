/**
 * Explore (SAP) — railway infrastructure near a point (001 §7 GET /v2/explore/sap/{lon}/{lat} and
 * /v2/explore/sap/routes/{lon}/{lat}, "lists with lon and lat; failures ignored"). Offline only: our railway
 * points and lines (the SAP asset register is not connected).
 */
import type { ExploreLine, ExplorePoint } from '@panel/domain/map';
import type { Database } from '../../../db/client.js';
import { linesNear, railwayPointsNear } from '../../geo/data.js';

export const EXPLORE_RADIUS = 2000;
export const EXPLORE_LIMIT = 100;

const round8 = (v: number) => Math.round(v * 1e8) / 1e8;

export async function explorePoints(db: Database, lon: number, lat: number): Promise<ExplorePoint[]> {
  const hits = await railwayPointsNear(db, [lon, lat], EXPLORE_RADIUS);
  return hits.slice(0, EXPLORE_LIMIT).map(({ point, distance }) => ({
    id: point.id,
    code: point.code,
    name: point.name,
    kind: point.kind,
    km: point.km,
    distance: Math.round(distance),
    lon: point.longitude,
    lat: point.latitude,
  }));
}

export async function exploreRoutes(db: Database, lon: number, lat: number): Promise<ExploreLine[]> {
  const hits = await linesNear(db, [lon, lat], EXPLORE_RADIUS);
  return hits.slice(0, EXPLORE_LIMIT).map((h) => ({
    code: h.line.code,
    name: h.line.name,
    distance: Math.round(h.distance),
    lon: round8(h.point[0]),
    lat: round8(h.point[1]),
  }));
}
