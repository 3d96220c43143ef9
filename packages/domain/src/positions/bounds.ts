/**
 * A tracker position must lie inside the Czech bounds of 001 §5 — the same rule (`map/coordinates.ts`
 * `isInsideBounds`, constants `COORDINATE_BOUNDS`) the panel applies to typed coordinates, so both sides agree.
 */
import { isInsideBounds } from '../map/coordinates';

export { COORDINATE_BOUNDS as CZECH_BOUNDS } from '../constants/index';

export function isInCzechBounds(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && isInsideBounds({ latitude, longitude });
}
