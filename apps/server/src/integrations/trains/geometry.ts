/** Polyline helpers of the train simulation: lengths, the point at a distance, sub-lines, projection. */
import { haversine, type LonLat } from '@panel/domain/map';

export type { LonLat };

export interface MeasuredLine {
  coordinates: LonLat[];
  /** cumulative distance in metres at each vertex */
  cum: number[];
  length: number;
}

export function measure(coordinates: readonly (readonly [number, number])[]): MeasuredLine {
  const coords = coordinates.map(([lon, lat]) => [lon, lat] as LonLat);
  const cum = [0];
  for (let i = 1; i < coords.length; i++) {
    cum.push(cum[i - 1] + haversine(coords[i - 1], coords[i]));
  }
  return { coordinates: coords, cum, length: cum.at(-1) ?? 0 };
}

/** Index i of the segment [i, i+1] that holds distance s (binary search). */
function segmentAt(line: MeasuredLine, s: number): number {
  let lo = 0;
  let hi = line.cum.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (line.cum[mid] <= s) lo = mid;
    else hi = mid;
  }
  return lo;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** The point at distance s from the start (clamped) and the bearing of its segment in degrees from north. */
export function pointAt(line: MeasuredLine, s: number): { point: LonLat; bearing: number } {
  const c = line.coordinates;
  if (c.length === 1) return { point: c[0], bearing: 0 };
  const d = Math.min(Math.max(s, 0), line.length);
  const i = Math.min(segmentAt(line, d), c.length - 2);
  const seg = line.cum[i + 1] - line.cum[i];
  const t = seg > 0 ? (d - line.cum[i]) / seg : 0;
  const [lon1, lat1] = c[i];
  const [lon2, lat2] = c[i + 1];
  return {
    point: [round(lon1 + (lon2 - lon1) * t), round(lat1 + (lat2 - lat1) * t)],
    bearing: bearing(c[i], c[i + 1]),
  };
}

export function bearing([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const r = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * r) * Math.cos(lat2 * r);
  const x =
    Math.cos(lat1 * r) * Math.sin(lat2 * r) - Math.sin(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lon2 - lon1) * r);
  return Math.round(((Math.atan2(y, x) / r + 360) % 360) * 10) / 10;
}

/** The vertices between distances a < b, with the interpolated ends. */
export function sliceLine(line: MeasuredLine, a: number, b: number): LonLat[] {
  const from = Math.max(0, Math.min(a, b));
  const to = Math.min(line.length, Math.max(a, b));
  const out: LonLat[] = [pointAt(line, from).point];
  for (let i = 0; i < line.coordinates.length; i++) {
    if (line.cum[i] > from && line.cum[i] < to) out.push(line.coordinates[i]);
  }
  out.push(pointAt(line, to).point);
  return out;
}

/** Distance along the line of the point's projection and its distance from the line (metres), or null. */
export function project(
  line: MeasuredLine,
  lon: number,
  lat: number,
  maxMeters: number,
): { s: number; d: number } | null {
  const kx = 111_320 * Math.cos((lat * Math.PI) / 180);
  const ky = 110_574;
  let best: { s: number; d: number } | null = null;
  const c = line.coordinates;
  for (let i = 0; i < c.length - 1; i++) {
    const ax = (c[i][0] - lon) * kx;
    const ay = (c[i][1] - lat) * ky;
    const bx = (c[i + 1][0] - lon) * kx;
    const by = (c[i + 1][1] - lat) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const l2 = dx * dx + dy * dy;
    const t = l2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / l2)) : 0;
    const d = Math.hypot(ax + dx * t, ay + dy * t);
    if (d <= maxMeters && (!best || d < best.d)) {
      best = { s: line.cum[i] + (line.cum[i + 1] - line.cum[i]) * t, d };
    }
  }
  return best;
}
