/**
 * Offline base-map data (docs/ARCHITECTURE.md "map": the default layers are drawn from data we own): the
 * country outline from `world-atlas` (countries-10m, id '203'), railway lines, railway points and places from our
 * database, as GeoJSON. Zoom levels are those of the 13-level S-JTSK grid of the panel's map (0–12).
 */
import { createRequire } from 'node:module';
import { and, between, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { feature } from 'topojson-client';
import type { BBox } from '@panel/domain/map';
import type { Database } from '../../../db/client.js';
import { places, railwayLines, railwayPoints } from '../../../db/schema/index.js';
import { RAILWAY_TYPE_SQL, railwayTypeCode } from '../search/search.js';

/**
 * Zoom levels of the 13-level S-JTSK grid: 0 is 512 m/px (the whole country), 3 is 64 m/px (a region), 4 is
 * 32 m/px (a district). From zoom 3 every active point shows; below it only stations.
 */
export const ALL_POINTS_FROM_ZOOM = 3;
/** Places: capitals and cities always, towns from 1, villages from 4. */
export const PLACE_KINDS_FROM_ZOOM: Record<string, number> = { capital: 0, city: 0, town: 1, village: 4 };
/** Most features one bbox answer carries. */
export const MAX_FEATURES = 5000;
export const CZECHIA_ID = '203';

const require = createRequire(import.meta.url);
let countryCache: unknown = null;

/** The outline of Czechia as a GeoJSON Feature (Polygon), from world-atlas countries-10m (loaded once). */
export function countryFeature(): unknown {
  if (countryCache) return countryCache;
  type Topology = Parameters<typeof feature>[0];
  type GeometryObject = Parameters<typeof feature>[1] & { id?: string | number };
  const topology = require('world-atlas/countries-10m.json') as Topology;
  const countries = topology.objects.countries as unknown as { geometries: GeometryObject[] };
  const geometry = countries.geometries.find((g) => String(g.id) === CZECHIA_ID);
  if (!geometry) throw new Error('world-atlas: Czechia (203) not found');
  countryCache = feature(topology, geometry);
  return countryCache;
}

/** Rows as a GeoJSON FeatureCollection: each row one feature, its id the row's id. */
function featureCollection<R extends { id: number }, G, P>(rows: R[], geometry: (r: R) => G, properties: (r: R) => P) {
  return {
    type: 'FeatureCollection' as const,
    features: rows.map((r) => ({
      type: 'Feature' as const,
      id: r.id,
      geometry: geometry(r),
      properties: properties(r),
    })),
  };
}

const point = (r: { longitude: number; latitude: number }) => ({
  type: 'Point' as const,
  coordinates: [r.longitude, r.latitude],
});

export async function railwayLinesCollection(db: Database) {
  const rows = await db
    .select({
      id: railwayLines.id,
      code: railwayLines.code,
      name: railwayLines.name,
      category: railwayLines.category,
      coordinates: railwayLines.coordinates,
    })
    .from(railwayLines)
    .orderBy(railwayLines.code);
  return featureCollection(
    rows,
    (r) => ({ type: 'LineString' as const, coordinates: r.coordinates }),
    (r) => ({ code: r.code, name: r.name, category: r.category }),
  );
}

/** Signature of the railway tables (count and newest change): part of the ETags, so an import shows at once. */
export async function railwaySignature(db: Database): Promise<string> {
  const [l] = await db
    .select({ n: sql<number>`count(*)`, at: sql<string | null>`max(${railwayLines.updatedAt})::text` })
    .from(railwayLines);
  const [p] = await db
    .select({ n: sql<number>`count(*)`, at: sql<string | null>`max(${railwayPoints.updatedAt})::text` })
    .from(railwayPoints);
  const [pl] = await db.select({ n: sql<number>`count(*)`, id: sql<number | null>`max(${places.id})` }).from(places);
  return `${l.n}/${l.at}/${p.n}/${p.at}/${pl.n}/${pl.id}`;
}

const inBox = (bbox: BBox, lon: AnyColumn, lat: AnyColumn) =>
  and(between(lon, bbox[0], bbox[2]), between(lat, bbox[1], bbox[3]));

export async function railwayPointsCollection(db: Database, bbox: BBox, zoom: number) {
  const stationsOnly = zoom < ALL_POINTS_FROM_ZOOM;
  const rows = await db
    .select({
      id: railwayPoints.id,
      code: railwayPoints.code,
      name: railwayPoints.name,
      kind: railwayPoints.kind,
      km: railwayPoints.km,
      longitude: railwayPoints.longitude,
      latitude: railwayPoints.latitude,
    })
    .from(railwayPoints)
    .where(
      and(
        eq(railwayPoints.active, true),
        inBox(bbox, railwayPoints.longitude, railwayPoints.latitude),
        stationsOnly
          ? eq(railwayPoints.kind, 'Železniční stanice')
          : sql`(${railwayPoints.kind} is null or ${railwayPoints.kind} not like 'Dopravní uzel%')
              and ${RAILWAY_TYPE_SQL} is not null`,
        // points without a place on the track (offices, customer centres) have no TUDU
        stationsOnly ? undefined : sql`(${railwayPoints.tudu} is not null or ${railwayPoints.source} = 'demo')`,
      ),
    )
    .orderBy(railwayPoints.id)
    .limit(MAX_FEATURES);
  return featureCollection(rows, point, (r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    kind: r.kind,
    type_code: railwayTypeCode(r.kind),
    km: r.km,
  }));
}

export async function placesCollection(db: Database, bbox: BBox, zoom: number) {
  const kinds = Object.entries(PLACE_KINDS_FROM_ZOOM)
    .filter(([, from]) => zoom >= from)
    .map(([k]) => k);
  const rows = await db
    .select({
      id: places.id,
      name: places.name,
      kind: places.kind,
      population: places.population,
      longitude: places.longitude,
      latitude: places.latitude,
    })
    .from(places)
    .where(and(inArray(places.kind, kinds), inBox(bbox, places.longitude, places.latitude)))
    .orderBy(sql`${places.population} desc nulls last`, places.name)
    .limit(MAX_FEATURES);
  return featureCollection(rows, point, (r) => ({ name: r.name, kind: r.kind, population: r.population }));
}
