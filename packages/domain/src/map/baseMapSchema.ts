/**
 * The offline base-map layers (docs/API.md "Map data, search and trains (issue 6)"): GET /v2/map/country,
 * /v2/map/railway-lines, /v2/map/railway-points and /v2/map/places. Zoom levels are those of the panel's 13-level
 * S-JTSK grid (0 = 512 m/px, the whole country … 12).
 */
import { z } from 'zod';
import { lineStringGeometry, pointGeometry } from './geometry';
import { baseMapTexts } from './texts';

/** `[minLon, minLat, maxLon, maxLat]` in WGS84 degrees */
export type BBox = [minLon: number, minLat: number, maxLon: number, maxLat: number];

/** 'minLon,minLat,maxLon,maxLat' → BBox, or null when malformed / inverted / outside the globe. */
export function parseBbox(raw: unknown): BBox | null {
  if (typeof raw !== 'string') return null;
  const parts = raw.split(',').map((s) => (s.trim() === '' ? NaN : Number(s)));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [minLon, minLat, maxLon, maxLat] = parts;
  if (minLon < -180 || maxLon > 180 || minLat < -90 || maxLat > 90) return null;
  if (minLon >= maxLon || minLat >= maxLat) return null;
  // rounded outward to 1e-4° (~10 m): answers are cached per bbox, so panning by a pixel hits the cache
  const down = (v: number) => Math.floor(v * 1e4) / 1e4;
  const up = (v: number) => Math.ceil(v * 1e4) / 1e4;
  return [down(minLon), down(minLat), up(maxLon), up(maxLat)];
}

/** Zoom 0–12 of the panel's grid (fractions rounded down), or null. */
export function parseZoom(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const z = Number(raw);
  if (!Number.isFinite(z) || z < 0 || z > 12) return null;
  return Math.floor(z);
}

/** Both fields are checked, so a request wrong in both hears of both (422 `bbox`, then `zoom`). */
export const bboxZoomQuery = z.object({
  bbox: z
    .string({ error: baseMapTexts.bbox })
    .transform((raw, ctx) => parseBbox(raw) ?? (ctx.addIssue({ code: 'custom', message: baseMapTexts.bbox }), z.NEVER))
    .meta({ description: 'minLon,minLat,maxLon,maxLat (WGS84)', example: '14.2,49.9,14.7,50.2' }),
  zoom: z
    .string({ error: baseMapTexts.zoom })
    .transform((raw, ctx) => parseZoom(raw) ?? (ctx.addIssue({ code: 'custom', message: baseMapTexts.zoom }), z.NEVER))
    .meta({ description: 'zoom 0–12 of the panel grid; fractions are rounded down', example: '5' }),
});

/** the outline of Czechia (world-atlas countries-10m) as a GeoJSON Feature */
export const countryFeature = z
  .object({
    type: z.literal('Feature'),
    id: z.union([z.string(), z.number()]).optional(),
    properties: z.object({ name: z.string().optional() }).nullable(),
    geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.unknown()) }),
  })
  .meta({ id: 'CountryFeature' });

const collection = <F extends z.ZodType>(feature: F) =>
  z.object({ type: z.literal('FeatureCollection'), features: z.array(feature) });

/** one polyline per track section */
export const railwayLinesCollection = collection(
  z.object({
    type: z.literal('Feature'),
    id: z.number(),
    geometry: lineStringGeometry,
    properties: z.object({ code: z.string(), name: z.string(), category: z.string() }),
  }),
).meta({ id: 'RailwayLines' });

/** stations below zoom 3, every active operating point from it (at most 5,000) */
export const railwayPointsCollection = collection(
  z.object({
    type: z.literal('Feature'),
    id: z.number(),
    geometry: pointGeometry,
    properties: z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      kind: z.string().nullable(),
      type_code: z.string(),
      km: z.number().nullable(),
    }),
  }),
).meta({ id: 'RailwayPoints' });

/** capitals and cities always, towns from zoom 1, villages from 4 (at most 5,000, most populous first) */
export const placesCollection = collection(
  z.object({
    type: z.literal('Feature'),
    id: z.number(),
    geometry: pointGeometry,
    properties: z.object({ name: z.string(), kind: z.string(), population: z.number().nullable() }),
  }),
).meta({ id: 'Places' });

export type BboxZoomQuery = z.output<typeof bboxZoomQuery>;
export type RailwayLinesCollection = z.infer<typeof railwayLinesCollection>;
export type RailwayPointsCollection = z.infer<typeof railwayPointsCollection>;
export type PlacesCollection = z.infer<typeof placesCollection>;
