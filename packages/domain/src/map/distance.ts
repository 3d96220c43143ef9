/**
 * Distances between events on the WGS84 mean sphere (`haversine`, geometry.ts): nearby events (NEARBY_RADIUS
 * 2,500 m), the merge offer (MERGE_RADIUS 15 m) and the link candidates of GET /v2/events/{id}/link.
 */

import { haversine } from './geometry';

type Point = { targetLatitude?: number | null; targetLongitude?: number | null };

/** Distance in metres between the targets of two events; null when either lacks coordinates. */
export function eventDistance(a: Point, b: Point): number | null {
  if (a.targetLatitude == null || a.targetLongitude == null) return null;
  if (b.targetLatitude == null || b.targetLongitude == null) return null;
  return haversine([a.targetLongitude, a.targetLatitude], [b.targetLongitude, b.targetLatitude]);
}
