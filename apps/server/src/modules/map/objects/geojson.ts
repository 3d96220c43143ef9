/**
 * Drawn objects are stored as one GeoJSON Feature in EPSG:4326 (001 §3 "Drawn feature: key, properties type
 * draw, title"): a LineString of at least 2 positions or a Polygon whose rings have at least 4 positions and are
 * closed. A bare geometry or a Feature is accepted; positions are [lon, lat] (a third value is dropped), rounded
 * to 8 decimals. Anything else is null (422).
 */
import { roundCoordinate } from '@panel/domain/map';

export interface DrawnFeature {
  type: 'Feature';
  geometry:
    { type: 'LineString'; coordinates: [number, number][] } | { type: 'Polygon'; coordinates: [number, number][][] };
  properties: { type: 'draw'; title: string | null };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function position(p: unknown): [number, number] | null {
  if (!Array.isArray(p) || p.length < 2) return null;
  const [lon, lat] = p;
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) return null;
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) return null;
  return [roundCoordinate(lon), roundCoordinate(lat)];
}

function positions(list: unknown, min: number): [number, number][] | null {
  if (!Array.isArray(list) || list.length < min || list.length > 10_000) return null;
  const out: [number, number][] = [];
  for (const p of list) {
    const pos = position(p);
    if (!pos) return null;
    out.push(pos);
  }
  return out;
}

export function normalizeGeojson(input: unknown, title: string | null): DrawnFeature | null {
  if (!isObject(input)) return null;
  const geometry = input.type === 'Feature' ? input.geometry : input;
  if (!isObject(geometry)) return null;
  if (geometry.type === 'LineString') {
    const line = positions(geometry.coordinates, 2);
    if (!line) return null;
    return {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: line },
      properties: { type: 'draw', title },
    };
  }
  if (geometry.type === 'Polygon') {
    if (!Array.isArray(geometry.coordinates) || geometry.coordinates.length < 1 || geometry.coordinates.length > 100) {
      return null;
    }
    const rings: [number, number][][] = [];
    for (const r of geometry.coordinates) {
      const ring = positions(r, 4);
      if (!ring) return null;
      const [first, last] = [ring[0], ring[ring.length - 1]];
      if (first[0] !== last[0] || first[1] !== last[1]) return null;
      rings.push(ring);
    }
    return { type: 'Feature', geometry: { type: 'Polygon', coordinates: rings }, properties: { type: 'draw', title } };
  }
  return null;
}
