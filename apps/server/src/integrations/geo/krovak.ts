/**
 * S-JTSK / Krovak East North (EPSG:5514) ↔ WGS84 with the 7-parameter datum shift (docs/ARCHITECTURE.md "Map")
 * (the 3-parameter one is off by 3–10 m). EPSG:5514 coordinates are negative: x = −westing (≈ −430 000 …
 * −905 000), y = −southing (≈ −935 000 … −1 230 000); the "positive" Czech convention drops the signs.
 */
import proj4 from 'proj4';
import { KROVAK_DEFINITION, type LonLat, type SjtskPoint } from '@panel/domain/map';

proj4.defs('EPSG:5514', KROVAK_DEFINITION);
const converter = proj4('EPSG:4326', 'EPSG:5514');

/** WGS84 → EPSG:5514 (negative x, y). */
export function toSjtsk(lon: number, lat: number): SjtskPoint {
  const [x, y] = converter.forward([lon, lat]);
  return { x, y };
}

/** EPSG:5514 → WGS84 `[lon, lat]`. Positive (Czech convention) values are accepted and negated. */
export function fromSjtsk(x: number, y: number): LonLat {
  const [lon, lat] = converter.inverse([-Math.abs(x), -Math.abs(y)]);
  return [lon, lat];
}

/**
 * A national coordinate pair as the panel may send it: EPSG:5514 (negative) or the positive Czech convention,
 * in either order. In the Czech Republic |easting| (430–905 km) is always smaller than |northing| (935–1230 km),
 * so the smaller absolute value is the easting. Returns EPSG:5514 or null when the pair is not in the country.
 */
export function normalizeSjtsk(a: number, b: number): SjtskPoint | null {
  const e = Math.min(Math.abs(a), Math.abs(b));
  const n = Math.max(Math.abs(a), Math.abs(b));
  if (e < 380_000 || e > 960_000 || n < 900_000 || n > 1_280_000) return null;
  return { x: -e, y: -n };
}
