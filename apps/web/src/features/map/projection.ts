/**
 * The S-JTSK / Krovak East North projection (EPSG:5514) of the view, registered with proj4 using the
 * 7-parameter datum shift (the 3-parameter one is 3–10 m off), and the view's grid (001 §9: 13 resolutions from
 * 512.0653006451606 m/px halving down to 0.12501594254032242, origin at the top-left corner of ČÚZK's grid), used
 * by the offline map, WMS and XYZ layers. WMTS layers use the tile grid their service's capabilities announce
 * (ČÚZK's jtsk:epsg:5514 starts two levels above at 2048.256 m/px: view zoom z is its matrix z + 2).
 * Data travel in EPSG:4326 ([lon, lat]). `toView` and `toLonLat` are the panel's conversion boundary: they take and
 * give the CRS-tagged tuples of `@panel/domain/map` (geometry.ts), so a view coordinate passed as `[lon, lat]`, or
 * a `[lon, lat]` passed as a view coordinate, does not compile once it is typed as either.
 */
import proj4 from 'proj4';
import { addEquivalentProjections, get as getProjection, transform } from 'ol/proj';
import { register } from 'ol/proj/proj4';
import { MAP_DATA_PROJECTION, MAP_VIEW_PROJECTION, MAP_VIEW_PROJECTION_ALIASES } from '@panel/domain/constants';
import {
  KROVAK_DATUM_VARIANTS,
  KROVAK_DEFINITION,
  krovakDefinition,
  type CrsTag,
  type LonLat,
  type ReadonlyLonLat,
  type SjtskXY,
} from '@panel/domain/map';

export { KROVAK_DEFINITION };

export const RESOLUTIONS: readonly number[] = Array.from({ length: 13 }, (_, i) => 512.0653006451606 / 2 ** i);

/** ČÚZK WMTS grid origin (top left) and extent: 4 × 4 tiles of 256 px at the first resolution. */
export const GRID_ORIGIN: Readonly<SjtskXY> = [-925000, -920000];
const GRID_SIZE = 256 * RESOLUTIONS[0] * 4;
export const GRID_EXTENT: [number, number, number, number] = [
  GRID_ORIGIN[0],
  GRID_ORIGIN[1] - GRID_SIZE,
  GRID_ORIGIN[0] + GRID_SIZE,
  GRID_ORIGIN[1],
];

let registered = false;

/**
 * proj4's own codes the panel never draws in: every UTM zone (EPSG:326xx, 327xx), UPS (5041, 5042) and NAD83
 * (4269). `register` makes a transform for every pair of proj4's codes: with them ~17,000, 300–385 ms of the
 * browser's main thread at each panel start; without them ~200. A UTM code a service might still announce is
 * made by OpenLayers itself when asked (its UTM transform factory).
 */
const UNUSED_PROJ4_CODES = /^EPSG:(32[67]\d\d|5041|5042|4269)$/;

/** The 3-parameter datum variant of the view projection (KROVAK_DATUM_VARIANTS). */
export const VIEW_PROJECTION_3P = 'EPSG:102067-3P';

/**
 * Registers EPSG:5514 once (idempotent; call before creating a view), with its ESRI alias 102067 as an
 * equivalent (no transform between them) and the 3-parameter datum variant as a projection of its own.
 */
export function registerProjection(): void {
  if (registered) return;
  proj4.defs(MAP_VIEW_PROJECTION, KROVAK_DEFINITION);
  for (const alias of MAP_VIEW_PROJECTION_ALIASES) proj4.defs(alias, KROVAK_DEFINITION);
  proj4.defs(VIEW_PROJECTION_3P, krovakDefinition(KROVAK_DATUM_VARIANTS.threeParameter));
  // CRS:84 (WGS84 lon/lat, a WMS 1.3.0 code) is known to OpenLayers but not to proj4, so `register` would
  // make no transform between it and EPSG:5514 and a CRS:84-only WMS layer would never be drawn
  for (const code of ['CRS:84', 'urn:ogc:def:crs:OGC:1.3:CRS84']) proj4.defs(code, proj4.defs('EPSG:4326'));
  const defs = proj4.defs as unknown as Record<string, unknown>;
  for (const code of Object.keys(defs)) if (UNUSED_PROJ4_CODES.test(code)) delete defs[code];
  register(proj4);
  const view = getProjection(MAP_VIEW_PROJECTION);
  view?.setExtent(GRID_EXTENT);
  const aliases = MAP_VIEW_PROJECTION_ALIASES.map((code) => getProjection(code)).filter((p) => p !== null);
  for (const alias of aliases) alias.setExtent(GRID_EXTENT);
  if (view) addEquivalentProjections([view, ...aliases]);
  registered = true;
}

/**
 * A coordinate of the view as OpenLayers hands it out (`number[]`): taken as S-JTSK, unless it is typed as WGS84.
 */
export type ViewCoordinate = readonly number[] & CrsTag<'S-JTSK'>;

/** [lon, lat] → S-JTSK [x, y] of the view. */
export function toView(lonLat: ReadonlyLonLat): SjtskXY {
  registerProjection();
  return transform([...lonLat], MAP_DATA_PROJECTION, MAP_VIEW_PROJECTION) as SjtskXY;
}

/** S-JTSK [x, y] of the view → [lon, lat]. */
export function toLonLat(xy: ViewCoordinate): LonLat {
  registerProjection();
  return transform([...xy], MAP_VIEW_PROJECTION, MAP_DATA_PROJECTION) as LonLat;
}
