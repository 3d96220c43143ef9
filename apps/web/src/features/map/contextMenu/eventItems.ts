/** Event target, destination and vehicle destination items (filled by the map editing work). */
import type { MapMenuItem } from './menuTypes';

export const eventItems: MapMenuItem[] = [];
