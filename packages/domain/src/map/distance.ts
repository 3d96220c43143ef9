/**
 * Great-circle distance on the WGS84 mean sphere (haversine): nearby events (NEARBY_RADIUS 2,500 m), the merge
 * offer (MERGE_RADIUS 15 m) and the link candidates of GET /v2/events/{id}/link.
 */

/** Mean Earth radius in metres (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Distance in metres between two points given in degrees (latitude, longitude). */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

type Point = { targetLatitude?: number | null; targetLongitude?: number | null };

/** Distance in metres between the targets of two events; null when either lacks coordinates. */
export function eventDistance(a: Point, b: Point): number | null {
  if (a.targetLatitude == null || a.targetLongitude == null) return null;
  if (b.targetLatitude == null || b.targetLongitude == null) return null;
  return distanceMeters(a.targetLatitude, a.targetLongitude, b.targetLatitude, b.targetLongitude);
}
