/**
 * S-JTSK (EPSG:5514, Křovák East North) ↔ WGS84 with proj4 and the 7-parameter datum shift of
 * docs/ARCHITECTURE.md "Map" (the 3-parameter one is off by 3–10 m).
 */
import proj4 from 'proj4';
import { KROVAK_DEFINITION } from '@panel/domain/map';

proj4.defs('EPSG:5514', KROVAK_DEFINITION);
const converter = proj4('EPSG:5514', 'EPSG:4326');

/** EPSG:5514 easting/northing (negative, as SR70 publishes them) → [lon, lat]. */
export function sjtskToWgs84(x: number, y: number): [number, number] {
  const [lon, lat] = converter.forward([x, y]);
  return [lon, lat];
}

/** RÚIAN 'Souřadnice Y' / 'Souřadnice X' (positive S-JTSK) → [lon, lat]. */
export function ruianToWgs84(y: number, x: number): [number, number] {
  return sjtskToWgs84(-Math.abs(y), -Math.abs(x));
}
