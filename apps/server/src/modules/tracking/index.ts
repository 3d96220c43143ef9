/**
 * What follows an accepted vehicle position (issue 14): the ETA and route of its deployment recomputed
 * (throttled), and the geofence job transitions (at the scene, on the way back, at base).
 *
 * The position ingest (`modules/positions`) calls `onPositionsAccepted` once per batch, after the positions
 * are stored as current, outside the ingest's transaction; a failure here never refuses a position.
 */
import type { PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';

export type TrackingDeps = { db: Database; hub: PushHub };

/** A position that became a resource's current one. */
export interface AcceptedPosition {
  resourceId: number;
  latitude: number;
  longitude: number;
  /** km/h, as the resource's `pnt.speed` */
  speed: number | null;
  /** metres */
  accuracy: number | null;
  /** when the tracker took the fix */
  recordedAt: Date;
}

// Until the follow-ups are built (issue 14 items 4–5) an accepted position has no consequence beyond itself.
export async function onPositionsAccepted(
  _deps: TrackingDeps,
  _positions: readonly AcceptedPosition[],
): Promise<void> {}
