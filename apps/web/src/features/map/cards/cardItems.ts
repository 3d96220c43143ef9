/** Cards opened from the map menu: cadastre, rail image, hunting region, explore, panorama (filled by the cards work). */
import type { MapMenuItem } from '../contextMenu/menuTypes';

export const cardItems: MapMenuItem[] = [];
