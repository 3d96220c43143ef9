/**
 * S-JTSK / Krovak East North (EPSG:5514) ↔ WGS84 with the 7-parameter datum shift of ../shared/ARCHITECTURE.md §5
 * (the 3-parameter one is off by 3–10 m). EPSG:5514 coordinates are negative: x = −westing (≈ −430 000 …
 * −905 000), y = −southing (≈ −935 000 … −1 230 000); the "positive" Czech convention drops the signs.
 */
import proj4 from 'proj4';

export const KROVAK_DEF =
  '+proj=krovak +lat_0=49.5 +lon_0=24.83333333333333 +alpha=30.28813972222222 +k=0.9999 +x_0=0 +y_0=0 ' +
  '+ellps=bessel +towgs84=570.8,85.7,462.8,4.998,1.587,5.261,3.56 +units=m +no_defs';

proj4.defs('EPSG:5514', KROVAK_DEF);
const converter = proj4('EPSG:4326', 'EPSG:5514');

/** WGS84 → EPSG:5514 (negative x, y). */
export function toSjtsk(lon: number, lat: number): { x: number; y: number } {
  const [x, y] = converter.forward([lon, lat]);
  return { x, y };
}

/** EPSG:5514 → WGS84 `[lon, lat]`. Positive (Czech convention) values are accepted and negated. */
export function fromSjtsk(x: number, y: number): [number, number] {
  const [lon, lat] = converter.inverse([-Math.abs(x), -Math.abs(y)]);
  return [lon, lat];
}

/**
 * A national coordinate pair as the panel may send it: EPSG:5514 (negative) or the positive Czech convention,
 * in either order. In the Czech Republic |easting| (430–905 km) is always smaller than |northing| (935–1230 km),
 * so the smaller absolute value is the easting. Returns EPSG:5514 or null when the pair is not in the country.
 */
export function normalizeSjtsk(a: number, b: number): { x: number; y: number } | null {
  const e = Math.min(Math.abs(a), Math.abs(b));
  const n = Math.max(Math.abs(a), Math.abs(b));
  if (e < 380_000 || e > 960_000 || n < 900_000 || n > 1_280_000) return null;
  return { x: -e, y: -n };
}
