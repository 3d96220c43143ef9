/**
 * S-JTSK coordinates of the railway register (SR70) and RÚIAN → WGS84, through the server's one converter
 * (integrations/geo/krovak.ts, 7-parameter Křovák). A pair that is not an S-JTSK point (a junk row, degrees in
 * the metre columns) gives null; the import reports such rows.
 */
import { isSjtsk, sjtsk, type Wgs84Point } from '@panel/domain/map';
import { fromSjtsk } from '../../../integrations/geo/krovak.js';

/** EPSG:5514 easting/northing (negative, as SR70 publishes them) → [lon, lat]; null when not S-JTSK. */
export function sjtskToWgs84(x: number, y: number): Wgs84Point | null {
  return isSjtsk(x, y) ? fromSjtsk(sjtsk(x, y)) : null;
}

/** RÚIAN 'Souřadnice Y' / 'Souřadnice X' (positive S-JTSK, westing first) → [lon, lat]; null when not S-JTSK. */
export function ruianToWgs84(y: number, x: number): Wgs84Point | null {
  return sjtskToWgs84(y, x);
}
