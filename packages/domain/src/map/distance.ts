/**
 * Great-circle distance on the WGS84 mean sphere (haversine): nearby events (NEARBY_RADIUS 2,500 m), the merge
 * offer (MERGE_RADIUS 15 m) and the link candidates of GET /v2/events/{id}/link.
 */

import { haversine } from './geometry';

/**
 * Distance in metres between two points given latitude first.
 * @deprecated use `haversine([lon, lat], [lon, lat])` (geometry.ts): one argument order everywhere. Kept only for
 * the callers in modules/search, whose internals another change rewrites; it is the same haversine.
 */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return haversine([lon1, lat1], [lon2, lat2]);
}

type Point = { targetLatitude?: number | null; targetLongitude?: number | null };

/** Distance in metres between the targets of two events; null when either lacks coordinates. */
export function eventDistance(a: Point, b: Point): number | null {
  if (a.targetLatitude == null || a.targetLongitude == null) return null;
  if (b.targetLatitude == null || b.targetLongitude == null) return null;
  return haversine([a.targetLongitude, a.targetLatitude], [b.targetLongitude, b.targetLatitude]);
}
