/**
 * Reads of our own geographic tables (railway.ts) shared by the offline providers: nearest place, nearest
 * address, railway points in a radius, and the railway lines (kept in memory per database, reloaded when the
 * table changes: one cheap `count, max(updated_at)` query per call).
 */
import { and, between, count, max, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addressPoints, places, railwayLines, railwayPoints } from '../../db/schema/index.js';
import { boxAround, haversine, nearestOnPolyline, type LonLat, type PolylineHit } from './measure.js';

export type PlaceRow = typeof places.$inferSelect;
export type AddressRow = typeof addressPoints.$inferSelect;
export type RailwayPointRow = typeof railwayPoints.$inferSelect;

/** squared approximate distance in SQL (degrees, longitude scaled by cos(lat)) for ORDER BY */
const approxDistance = (lon: AnyColumn, lat: AnyColumn, p: LonLat) => {
  const k = Math.cos((p[1] * Math.PI) / 180);
  return sql`((${lon} - ${p[0]}) * ${k}) * ((${lon} - ${p[0]}) * ${k}) + (${lat} - ${p[1]}) * (${lat} - ${p[1]})`;
};

/** The nearest named place (optionally only of some kinds), with its distance in metres. */
export async function nearestPlace(
  db: Database,
  p: LonLat,
  kinds?: string[],
): Promise<{ place: PlaceRow; distance: number } | null> {
  const where = kinds?.length ? sql`${places.kind} in ${kinds}` : undefined;
  const [row] = await db
    .select()
    .from(places)
    .where(where)
    .orderBy(approxDistance(places.longitude, places.latitude, p))
    .limit(1);
  return row ? { place: row, distance: haversine(p, [row.longitude, row.latitude]) } : null;
}

/** The nearest address point within `radius` metres. */
export async function nearestAddress(
  db: Database,
  p: LonLat,
  radius = 2000,
): Promise<{ address: AddressRow; distance: number } | null> {
  const b = boxAround(p, radius);
  const [row] = await db
    .select()
    .from(addressPoints)
    .where(
      and(between(addressPoints.longitude, b.minLon, b.maxLon), between(addressPoints.latitude, b.minLat, b.maxLat)),
    )
    .orderBy(approxDistance(addressPoints.longitude, addressPoints.latitude, p))
    .limit(1);
  if (!row) return null;
  const distance = haversine(p, [row.longitude, row.latitude]);
  return distance <= radius ? { address: row, distance } : null;
}

/** Railway points (active or not) within `radius` metres, nearest first, with their distance. */
export async function railwayPointsNear(
  db: Database,
  p: LonLat,
  radius: number,
): Promise<{ point: RailwayPointRow; distance: number }[]> {
  const b = boxAround(p, radius);
  const rows = await db
    .select()
    .from(railwayPoints)
    .where(
      and(between(railwayPoints.longitude, b.minLon, b.maxLon), between(railwayPoints.latitude, b.minLat, b.maxLat)),
    );
  return rows
    .map((point) => ({ point, distance: haversine(p, [point.longitude, point.latitude]) }))
    .filter((r) => r.distance <= radius)
    .sort((a, b2) => a.distance - b2.distance || a.point.id - b2.point.id);
}

export interface RailLine {
  id: number;
  code: string;
  name: string;
  category: string;
  coordinates: LonLat[];
  /** bounding box for a quick reject */
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

interface LineCache {
  stamp: string;
  lines: RailLine[];
}
const lineCaches = new WeakMap<object, LineCache>();

/** Every railway line with at least one vertex (cached per database until the table changes). */
export async function railLines(db: Database): Promise<RailLine[]> {
  const [s] = await db
    .select({ n: count(), at: max(railwayLines.updatedAt), id: max(railwayLines.id) })
    .from(railwayLines);
  const stamp = `${s?.n ?? 0}|${s?.at ? new Date(s.at).getTime() : 0}|${s?.id ?? 0}`;
  const cached = lineCaches.get(db);
  if (cached && cached.stamp === stamp) return cached.lines;
  const rows = await db.select().from(railwayLines);
  const lines: RailLine[] = [];
  for (const r of rows) {
    const coords = (Array.isArray(r.coordinates) ? r.coordinates : []).filter(
      (c): c is LonLat => Array.isArray(c) && Number.isFinite(c[0]) && Number.isFinite(c[1]),
    );
    if (!coords.length) continue;
    const lons = coords.map((c) => c[0]);
    const lats = coords.map((c) => c[1]);
    lines.push({
      id: r.id,
      code: r.code,
      name: r.name,
      category: r.category,
      coordinates: coords,
      minLon: Math.min(...lons),
      maxLon: Math.max(...lons),
      minLat: Math.min(...lats),
      maxLat: Math.max(...lats),
    });
  }
  lineCaches.set(db, { stamp, lines });
  return lines;
}

export interface LineHit extends PolylineHit {
  line: RailLine;
}

/** Lines passing within `radius` metres of `p`, nearest first, each with its nearest point. */
export async function linesNear(db: Database, p: LonLat, radius: number): Promise<LineHit[]> {
  const b = boxAround(p, radius);
  const hits: LineHit[] = [];
  for (const line of await railLines(db)) {
    if (line.maxLon < b.minLon || line.minLon > b.maxLon || line.maxLat < b.minLat || line.minLat > b.maxLat) continue;
    const hit = nearestOnPolyline(p, line.coordinates);
    if (hit && hit.distance <= radius) hits.push({ ...hit, line });
  }
  return hits.sort((a, b2) => a.distance - b2.distance || a.line.id - b2.line.id);
}

/** The nearest line to `p` searching outward up to `maxRadius` metres. */
export async function nearestLine(db: Database, p: LonLat, maxRadius = 50_000): Promise<LineHit | null> {
  for (const radius of [500, 5000, maxRadius]) {
    const [hit] = await linesNear(db, p, radius);
    if (hit) return hit;
  }
  return null;
}
