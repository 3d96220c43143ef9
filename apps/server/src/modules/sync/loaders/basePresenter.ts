/** bases row → wire `Base`. */
import type { Base } from '@panel/domain/sync';
import type { bases } from '../../../db/schema/index.js';
import { wireCoordinate } from '@panel/domain/map';

export type BaseRow = typeof bases.$inferSelect;

export function presentBase(r: BaseRow): Base {
  return {
    id: r.id,
    uid: r.uid,
    code: r.code,
    name: r.name,
    baseCategoryId: r.baseCategoryId,
    longitude: wireCoordinate(r.longitude),
    latitude: wireCoordinate(r.latitude),
  };
}
