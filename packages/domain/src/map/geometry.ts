/**
 * Geometry in one place (issue 16 item 4): the one WGS84 point type, the one S-JTSK point type, the one
 * great-circle distance and the one Křovák definition. Server and panel import these; nothing else declares them.
 *
 * Order is always longitude first (GeoJSON, RFC 7946; OpenLayers' EPSG:4326): a `LonLat` is `[lon, lat]`.
 */
import { z } from 'zod';

/**
 * A WGS84 point `[longitude, latitude]` in degrees (EPSG:4326), longitude first like GeoJSON. Not `readonly`:
 * it is also the GeoJSON position of wire answers (zod infers those mutable), and a readonly tuple is not
 * assignable to them. Functions that only read points take `Readonly<LonLat>`.
 */
export type LonLat = [lon: number, lat: number];

/**
 * A point of S-JTSK / Křovák East North (EPSG:5514) in metres: x = −westing (≈ −430 000 … −905 000), y = −southing
 * (≈ −935 000 … −1 230 000) inside the country. The "positive" Czech convention drops the signs.
 */
export interface SjtskPoint {
  x: number;
  y: number;
}

/** Mean Earth radius in metres (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres on the mean sphere between two WGS84 points (haversine). */
export function haversine(a: Readonly<LonLat>, b: Readonly<LonLat>): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * S-JTSK / Křovák East North (EPSG:5514) for proj4, with the 7-parameter datum shift towards WGS84 (the
 * 3-parameter one is 3–10 m off). The server converts with it, the panel's map registers it as its view.
 */
export const KROVAK_DEFINITION =
  '+proj=krovak +lat_0=49.5 +lon_0=24.83333333333333 +alpha=30.28813972222222 +k=0.9999 +x_0=0 +y_0=0 ' +
  '+ellps=bessel +towgs84=570.8,85.7,462.8,4.998,1.587,5.261,3.56 +units=m +no_defs';

/** A `[lon, lat]` position on the wire. */
export const lonLatSchema = z.tuple([z.number(), z.number()]);

/** A GeoJSON Point at a `[lon, lat]` position. */
export const pointGeometry = z.object({ type: z.literal('Point'), coordinates: lonLatSchema });

/** A GeoJSON LineString of `[lon, lat]` positions. */
export const lineStringGeometry = z.object({ type: z.literal('LineString'), coordinates: z.array(lonLatSchema) });
