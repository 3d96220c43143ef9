/** Linking events on the map (filled by the map editing work). */
import type { MapMenuItem } from './menuTypes';

export const linkItems: MapMenuItem[] = [];
