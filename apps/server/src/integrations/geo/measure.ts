/**
 * Nearest points for short ranges (a few km) in a local metric plane. The point type and the distance are the
 * domain's (`@panel/domain/map` geometry.ts), re-exported for the server's many callers.
 */
import { EARTH_RADIUS_M as R, haversine, type LonLat } from '@panel/domain/map';

export { haversine, type LonLat };

const rad = (d: number) => (d * Math.PI) / 180;

/** An equirectangular plane around `origin` (metres east, north); good to centimetres over a few km. */
export function localPlane(origin: LonLat) {
  const kx = rad(1) * R * Math.cos(rad(origin[1]));
  const ky = rad(1) * R;
  return {
    toXY: (p: LonLat): [number, number] => [(p[0] - origin[0]) * kx, (p[1] - origin[1]) * ky],
    toLonLat: (xy: [number, number]): LonLat => [origin[0] + xy[0] / kx, origin[1] + xy[1] / ky],
  };
}

export interface PolylineHit {
  /** the nearest point on the polyline */
  point: LonLat;
  /** metres from the query point */
  distance: number;
  /** metres along the polyline from its first vertex to `point` */
  along: number;
  /** index of the segment holding `point` */
  segment: number;
  /** bearing of that segment in degrees (0 north, clockwise) */
  bearing: number;
}

/** The nearest point of a polyline to `p` (null for fewer than one vertex). */
export function nearestOnPolyline(p: LonLat, line: readonly LonLat[]): PolylineHit | null {
  if (line.length === 0) return null;
  const plane = localPlane(p);
  const pts = line.map((v) => plane.toXY(v));
  if (pts.length === 1) {
    return { point: line[0], distance: Math.hypot(pts[0][0], pts[0][1]), along: 0, segment: 0, bearing: 0 };
  }
  let best: PolylineHit | null = null;
  let along = 0;
  for (let i = 0; i < pts.length - 1; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[i + 1];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    const qx = ax + t * dx;
    const qy = ay + t * dy;
    const d = Math.hypot(qx, qy);
    const len = Math.sqrt(len2);
    if (!best || d < best.distance) {
      best = {
        point: plane.toLonLat([qx, qy]),
        distance: d,
        along: along + t * len,
        segment: i,
        bearing: ((((Math.atan2(dx, dy) * 180) / Math.PI) % 360) + 360) % 360,
      };
    }
    along += len;
  }
  return best;
}

/** A lon/lat box around `p` that holds every point within `metres`. */
export function boxAround(p: LonLat, metres: number) {
  const dLat = metres / (rad(1) * R);
  const dLon = metres / (rad(1) * R * Math.max(0.01, Math.cos(rad(p[1]))));
  return { minLon: p[0] - dLon, maxLon: p[0] + dLon, minLat: p[1] - dLat, maxLat: p[1] + dLat };
}

/** A small deterministic hash (FNV-1a, 32 bit) of a string, for made-up but stable demo values. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
