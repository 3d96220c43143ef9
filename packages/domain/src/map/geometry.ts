/**
 * Geometry in one place (issue 16): the WGS84 and S-JTSK point types, their constructors, the one great-circle
 * distance and the one Křovák definition. Server and panel import these; nothing else declares them.
 *
 * Order is always longitude first (GeoJSON, RFC 7946; OpenLayers' EPSG:4326): a `LonLat` is `[lon, lat]`.
 *
 * Why the types carry their reference system. WGS84 degrees and S-JTSK metres are both "two numbers", so passing
 * one where the other belongs, or latitude before longitude, type-checks with plain tuples and shows up only as a
 * marker in the wrong country. Each point type therefore carries a phantom tag (`crs`, a symbol that exists only
 * for the compiler; at run time a point is the plain array or object):
 * - `LonLat` (and `SjtskXY`, the S-JTSK tuple OpenLayers' view uses) carry it *optionally*. A plain `[number,
 *   number]` — a zod-inferred GeoJSON position of a wire answer, an OpenLayers coordinate — is accepted as what
 *   the parameter says (that is where it gets its system), but a value already typed as one system is refused
 *   where the other is asked for: `toView(toView(p))` or `toLonLat(lonLat(…))` in the panel, `haversine` of an
 *   S-JTSK tuple. Branding the wire schemas themselves would put a cast at every read of a GeoJSON position, and
 *   a cast proves nothing, so the wire stays plain.
 * - `Wgs84Point` and `SjtskPoint` carry it *required*: they are what the server's proj4 wrappers take and give
 *   (integrations/geo/krovak.ts). Such a point is made only by `lonLat(lon, lat)` / `sjtsk(x, y)`, which name the
 *   order at the call and check the range, or by a conversion; a bare tuple, a lat-first pair or an `{x, y}`
 *   literal cannot reach a conversion without saying which system it is in.
 * A `Wgs84Point` is a `LonLat` (it fits every GeoJSON position and every geometry helper), never the other way.
 * geometry.test.ts shows the mix-ups the compiler refuses.
 */
import { z } from 'zod';

/** The compiler-only tag of a point's coordinate reference system. */
declare const crs: unique symbol;
export type Crs = 'WGS84' | 'S-JTSK';
/** Optionally tagged: plain values are taken as `C`, values typed as another system are refused. */
export type CrsTag<C extends Crs> = { readonly [crs]?: C };
/** Required tag: only the constructors and conversions below make such values. */
type CrsProof<C extends Crs> = { readonly [crs]: C };

/**
 * A WGS84 point `[longitude, latitude]` in degrees (EPSG:4326), longitude first like GeoJSON. Not `readonly`:
 * it is also the GeoJSON position of wire answers (zod infers those mutable), and a readonly tuple is not
 * assignable to them. Functions that only read points take `ReadonlyLonLat`.
 */
export type LonLat = [lon: number, lat: number] & CrsTag<'WGS84'>;

/** What functions that only read a WGS84 point take (`Readonly<LonLat>` would not accept a readonly tuple). */
export type ReadonlyLonLat = readonly [lon: number, lat: number] & CrsTag<'WGS84'>;

/** A `LonLat` known to be WGS84: made by `lonLat(lon, lat)` or a conversion (what conversions take). */
export type Wgs84Point = LonLat & CrsProof<'WGS84'>;

/**
 * A point of S-JTSK / Křovák East North (EPSG:5514) in metres: x = −westing (≈ −430 000 … −905 000), y = −southing
 * (≈ −935 000 … −1 230 000) inside the country. The "positive" Czech convention (Y, X) drops the signs. Made by
 * `sjtsk(x, y)` or a conversion.
 */
export type SjtskPoint = { readonly x: number; readonly y: number } & CrsProof<'S-JTSK'>;

/** An S-JTSK coordinate `[x, y]` as OpenLayers holds it in the panel's view (EPSG:5514). */
export type SjtskXY = [x: number, y: number] & CrsTag<'S-JTSK'>;

/**
 * Where EPSG:5514 is used (its area of use, Czechia and Slovakia, with a margin that also holds the border points
 * of the railway register), in absolute metres. Degrees (|x| < 1000) and swapped or foreign pairs fall outside.
 */
export const SJTSK_AREA = { minX: 100_000, maxX: 1_100_000, minY: 700_000, maxY: 1_450_000 } as const;

/** True when (x, y), EPSG:5514 or the positive Czech convention, is an S-JTSK point of the area of use. */
export function isSjtsk(x: number, y: number): boolean {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  return ax >= SJTSK_AREA.minX && ax <= SJTSK_AREA.maxX && ay >= SJTSK_AREA.minY && ay <= SJTSK_AREA.maxY;
}

/**
 * A WGS84 point from longitude and latitude (in this order). Throws a RangeError for a value that is not a
 * finite degree (|lon| ≤ 180, |lat| ≤ 90): such a point is a caller's bug (metres, swapped arguments), not data.
 */
export function lonLat(lon: number, lat: number): Wgs84Point {
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) {
    throw new RangeError(`not a WGS84 [lon, lat]: [${lon}, ${lat}]`);
  }
  return [lon, lat] as Wgs84Point;
}

/**
 * An S-JTSK point from x and y (EPSG:5514 order; the positive Czech convention is accepted and negated). Throws
 * a RangeError outside `SJTSK_AREA` (degrees, swapped axes); input of unknown quality is checked with `isSjtsk`.
 */
export function sjtsk(x: number, y: number): SjtskPoint {
  if (!isSjtsk(x, y)) throw new RangeError(`not an S-JTSK point: {x: ${x}, y: ${y}}`);
  return { x: -Math.abs(x), y: -Math.abs(y) } as SjtskPoint;
}

/** Mean Earth radius in metres (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres on the mean sphere between two WGS84 points (haversine). */
export function haversine(a: ReadonlyLonLat, b: ReadonlyLonLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * S-JTSK / Křovák East North (EPSG:5514) for proj4, with the 7-parameter datum shift towards WGS84 (the
 * 3-parameter one is 3–10 m off). The server converts with it, the panel's map registers it as its view.
 */
/**
 * The datum shifts S-JTSK → WGS84 of the Krovak projection (001 §9 "102067 with datum variants"): the 7-parameter
 * one the view uses, and the 3-parameter one (3–10 m off) some services still compute with, registered as
 * `EPSG:102067-3P` so data that a service declares in it can be read.
 */
export const KROVAK_DATUM_VARIANTS = {
  sevenParameter: '+towgs84=570.8,85.7,462.8,4.998,1.587,5.261,3.56',
  threeParameter: '+towgs84=589,76,480',
} as const;

/** Krovak East North with a datum shift of KROVAK_DATUM_VARIANTS. */
export const krovakDefinition = (datum: string): string =>
  '+proj=krovak +lat_0=49.5 +lon_0=24.83333333333333 +alpha=30.28813972222222 +k=0.9999 +x_0=0 +y_0=0 ' +
  `+ellps=bessel ${datum} +units=m +no_defs`;

export const KROVAK_DEFINITION = krovakDefinition(KROVAK_DATUM_VARIANTS.sevenParameter);

/** A `[lon, lat]` position on the wire (infers a plain tuple, which every `LonLat` parameter takes). */
export const lonLatSchema = z.tuple([z.number(), z.number()]);

/** A GeoJSON Point at a `[lon, lat]` position. */
export const pointGeometry = z.object({ type: z.literal('Point'), coordinates: lonLatSchema });

/** A GeoJSON LineString of `[lon, lat]` positions. */
export const lineStringGeometry = z.object({ type: z.literal('LineString'), coordinates: z.array(lonLatSchema) });
