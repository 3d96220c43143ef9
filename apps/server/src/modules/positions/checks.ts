/**
 * The pure rules of a position (issue 14 item 2), apart from the device and the order: inside the Czech bounds
 * (domain, 001 §5), not in the future beyond the tolerated clock skew, accurate enough, and a valid fix.
 */
import { isInCzechBounds, type PositionRefusal } from '@panel/domain/positions';
import type { PositionsConfig } from '../../config.js';
import type { Fix } from './decode.js';

export function refusalOf(
  fix: Fix,
  recordedAt: Date,
  receivedAt: Date,
  limits: PositionsConfig,
): PositionRefusal | null {
  if (!isInCzechBounds(fix.latitude, fix.longitude)) return 'outsideBounds';
  if (recordedAt.getTime() > receivedAt.getTime() + limits.futureToleranceS * 1000) return 'future';
  // a tracker that says its fix is not valid (no satellites) gives a position nobody should drive to
  if (!fix.valid) return 'inaccurate';
  if (fix.accuracy !== null && fix.accuracy > limits.maxAccuracyM) return 'inaccurate';
  return null;
}

const SAME = 1e-7; // ~1 cm: the stored coordinates are rounded to 8 decimals on the wire

/** Against the current position: 'duplicate' (same time, same place), 'outOfOrder' (not newer), or null. */
export function orderOf(
  fix: { latitude: number; longitude: number; at: number },
  current: { latitude: number | null; longitude: number | null; at: number | null } | undefined,
): 'duplicate' | 'outOfOrder' | null {
  if (!current || current.at === null) return null;
  if (fix.at === current.at) {
    const same =
      current.latitude !== null &&
      current.longitude !== null &&
      Math.abs(fix.latitude - current.latitude) < SAME &&
      Math.abs(fix.longitude - current.longitude) < SAME;
    return same ? 'duplicate' : 'outOfOrder';
  }
  return fix.at < current.at ? 'outOfOrder' : null;
}
