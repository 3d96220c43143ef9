/**
 * S-JTSK (EPSG:5514, Křovák East North) ↔ WGS84 with proj4 and the 7-parameter datum shift of
 * ../shared/ARCHITECTURE.md §5 (the 3-parameter one is off by 3–10 m).
 */
import proj4 from 'proj4';

export const KROVAK_DEF =
  '+proj=krovak +lat_0=49.5 +lon_0=24.83333333333333 +alpha=30.28813972222222 +k=0.9999 +x_0=0 +y_0=0 ' +
  '+ellps=bessel +towgs84=570.8,85.7,462.8,4.998,1.587,5.261,3.56 +units=m +no_defs';

proj4.defs('EPSG:5514', KROVAK_DEF);
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
