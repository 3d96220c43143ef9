/**
 * The nearby radius rule (000 §9 NEARBY_RADIUS 2,500 m) shared by the server's link candidates
 * (GET /v2/events/{id}/link) and the panel's "create from this" offer (000 §7 "offered when nearby events
 * exist"), so both answer the same question the same way; and the map's zoom-to-targets decision
 * (ZOOM_TO_TARGETS_MAX_DISTANCE 150 m).
 */
import { NEARBY_RADIUS, ZOOM_TO_TARGETS_MAX_DISTANCE } from '../constants/index';
import { eventDistance } from './distance';
import { haversine } from './geometry';

type Located = { targetLatitude?: number | null; targetLongitude?: number | null };
type Linkable = Located & { id: number | null; parentId?: number | null };

/**
 * A distance (metres, or null when either event lacks a target) is nearby when known and within the radius:
 * an event without coordinates is near nothing, so it never pulls in events from across the country.
 */
export const isNearby = (distance: number | null): distance is number => distance !== null && distance <= NEARBY_RADIUS;

/**
 * `other` may be offered as a link target of `event` by place: not itself, not its child, not its parent, and
 * within the radius of its target. Whether `other` is active and visible is the caller's (server SQL, panel
 * store) concern.
 */
export function isNearbyCandidate(event: Linkable, other: Linkable): boolean {
  if (event.id === null || other.id === event.id) return false;
  if (other.parentId === event.id || (event.parentId != null && other.id === event.parentId)) return false;
  return isNearby(eventDistance(event, other));
}

/** Whether any of `others` is a nearby candidate of `event`: the condition for offering "create from this". */
export const hasNearbyEvent = (event: Linkable, others: readonly Linkable[]): boolean =>
  others.some((other) => isNearbyCandidate(event, other));

/**
 * The map zooms to a set of targets ([longitude, latitude]) only when the farthest pair is at most 150 m apart
 * (000 §9); a single point counts as distance 0, an empty set never zooms.
 */
export function zoomsToTargets(points: readonly (readonly [number, number])[]): boolean {
  if (points.length === 0) return false;
  let farthest = 0;
  for (let i = 0; i < points.length; i += 1) {
    for (let j = i + 1; j < points.length; j += 1) farthest = Math.max(farthest, haversine(points[i], points[j]));
  }
  return farthest <= ZOOM_TO_TARGETS_MAX_DISTANCE;
}
