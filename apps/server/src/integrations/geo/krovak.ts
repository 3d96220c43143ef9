/**
 * S-JTSK / Krovak East North (EPSG:5514) ↔ WGS84 with the 7-parameter datum shift (docs/ARCHITECTURE.md "map")
 * (the 3-parameter one is off by 3–10 m): the server's one proj4 converter. EPSG:5514 coordinates are negative:
 * x = −westing (≈ −430 000 … −905 000), y = −southing (≈ −935 000 … −1 230 000); the "positive" Czech convention
 * drops the signs. Both directions take and give the tagged points of `@panel/domain/map` (geometry.ts), so a
 * caller names the system of what it converts: `toSjtsk(lonLat(lon, lat))`, `fromSjtsk(sjtsk(x, y))`.
 */
import proj4 from 'proj4';
import { KROVAK_DEFINITION, lonLat, sjtsk, type SjtskPoint, type Wgs84Point } from '@panel/domain/map';

proj4.defs('EPSG:5514', KROVAK_DEFINITION);
const converter = proj4('EPSG:4326', 'EPSG:5514');

/** WGS84 → EPSG:5514 (negative x, y). */
export function toSjtsk([lon, lat]: Wgs84Point): SjtskPoint {
  const [x, y] = converter.forward([lon, lat]);
  return { x, y } as SjtskPoint;
}

/** EPSG:5514 → WGS84 `[lon, lat]`. */
export function fromSjtsk({ x, y }: SjtskPoint): Wgs84Point {
  const [lon, lat] = converter.inverse([x, y]);
  return lonLat(lon, lat);
}

/**
 * A national coordinate pair as the panel may send it: EPSG:5514 (negative) or the positive Czech convention,
 * in either order. In the Czech Republic |easting| (430–905 km) is always smaller than |northing| (935–1230 km),
 * so the smaller absolute value is the easting. Returns EPSG:5514 or null when the pair is not in the country.
 */
export function normalizeSjtsk(a: number, b: number): SjtskPoint | null {
  const e = Math.min(Math.abs(a), Math.abs(b));
  const n = Math.max(Math.abs(a), Math.abs(b));
  // written as "inside" so that NaN is outside too
  if (!(e >= 380_000 && e <= 960_000 && n >= 900_000 && n <= 1_280_000)) return null;
  return sjtsk(-e, -n);
}
