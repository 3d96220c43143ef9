/** Notes and drawings items (filled by the map editing work). */
import type { MapMenuItem } from './menuTypes';

export const objectItems: MapMenuItem[] = [];
