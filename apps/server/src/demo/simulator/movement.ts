/**
 * The movement model of the living demo (issue 14 item 7), pure: no clock, no database, no randomness of its own
 * (a `Rand` is passed in), so a test drives it with a fake clock.
 *
 * - A trip is a polyline (the router's route when `ROUTING_URL` is set, else `plausiblePath`: a few intermediate
 *   points off the straight line, so a vehicle never teleports along a ruler) measured once.
 * - Speed depends on where on the trip the vehicle is: within `CITY_RADIUS_M` of either end it drives through a
 *   town at 30–50 km/h, in between on the open road at 70–90 km/h, each step with a little noise.
 * - A fix carries the position, speed, bearing and a GPS accuracy of 4–12 m; a vehicle standing still reports
 *   with a few metres of jitter, as a real receiver does.
 */
import { haversine, type LonLat } from '../../integrations/geo/measure.js';
import { prng } from '../../integrations/trains/random.js';

export type { LonLat };

/** [0, 1) — Math.random, or a seeded generator in tests */
export type Rand = () => number;

export const CITY_KMH: readonly [number, number] = [30, 50];
export const ROAD_KMH: readonly [number, number] = [70, 90];
/** the first and last few kilometres of a trip run through a town */
export const CITY_RADIUS_M = 2500;
/** a vehicle this close to where it is going is there */
export const ARRIVED_M = 30;

export const uniform = (rand: Rand, min: number, max: number) => min + (max - min) * rand();

export interface Trip {
  path: LonLat[];
  /** metres from the start to each vertex */
  cum: number[];
  length: number;
  /** metres done */
  done: number;
}

export function makeTrip(path: readonly LonLat[]): Trip {
  const pts = path.length >= 2 ? [...path] : [path[0], path[0]];
  const cum = [0];
  for (let i = 1; i < pts.length; i++) cum.push(cum[i - 1] + haversine(pts[i - 1], pts[i]));
  return { path: pts, cum, length: cum.at(-1)!, done: 0 };
}

/**
 * A plausible road between two points without a router: one vertex every ~1.5 km (2 to 12 of them), pushed off
 * the straight line by a smooth bend (up to ~12 % of the distance) plus a little zigzag, so the path is some
 * 10–30 % longer than the crow flies — about the road factor of the offline routing (1.3).
 */
export function plausiblePath(from: LonLat, to: LonLat): LonLat[] {
  const d = haversine(from, to);
  if (d < 200) return [from, to];
  // seeded by the pair of places: the same pair always gets the same roads
  const r = prng(`${from.join(',')}|${to.join(',')}`);
  const n = Math.max(2, Math.min(12, Math.round(d / 1500)));
  const kx = 111_320 * Math.cos((from[1] * Math.PI) / 180);
  const ky = 110_574;
  const dx = (to[0] - from[0]) * kx;
  const dy = (to[1] - from[1]) * ky;
  // unit normal of the straight line
  const nx = -dy / d;
  const ny = dx / d;
  const bend = (r() - 0.5) * 0.24 * d;
  const out: LonLat[] = [from];
  for (let i = 1; i <= n; i++) {
    const t = i / (n + 1);
    const off = bend * Math.sin(Math.PI * t) + (r() - 0.5) * 0.06 * d * Math.sin(Math.PI * t);
    out.push([from[0] + (dx * t + nx * off) / kx, from[1] + (dy * t + ny * off) / ky]);
  }
  out.push(to);
  return out;
}

export function pointOnTrip(trip: Trip, s: number): { point: LonLat; bearing: number } {
  const at = Math.max(0, Math.min(trip.length, s));
  let i = 1;
  while (i < trip.cum.length - 1 && trip.cum[i] < at) i++;
  const a = trip.path[i - 1];
  const b = trip.path[i];
  const seg = trip.cum[i] - trip.cum[i - 1];
  const t = seg > 0 ? (at - trip.cum[i - 1]) / seg : 1;
  return { point: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], bearing: bearingOf(a, b) };
}

export function bearingOf([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const f1 = (lat1 * Math.PI) / 180;
  const f2 = (lat2 * Math.PI) / 180;
  const dl = ((lon2 - lon1) * Math.PI) / 180;
  const y = Math.sin(dl) * Math.cos(f2);
  const x = Math.cos(f1) * Math.sin(f2) - Math.sin(f1) * Math.cos(f2) * Math.cos(dl);
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360);
}

/** Is this point of the trip in a town (near either end)? */
export const inTown = (trip: Trip, s: number) => s < CITY_RADIUS_M || trip.length - s < CITY_RADIUS_M;

/** The speed (km/h) at this point of the trip: the band's middle ± its half width, drawn per step. */
export function speedAt(trip: Trip, s: number, rand: Rand): number {
  const [lo, hi] = inTown(trip, s) ? CITY_KMH : ROAD_KMH;
  return uniform(rand, lo, hi);
}

export interface Step {
  trip: Trip;
  point: LonLat;
  bearing: number;
  /** km/h over this step (0 once arrived) */
  speedKmh: number;
  arrived: boolean;
}

/** Drives `seconds` along the trip. */
export function drive(trip: Trip, seconds: number, rand: Rand): Step {
  const speedKmh = speedAt(trip, trip.done, rand);
  const done = Math.min(trip.length, trip.done + (speedKmh / 3.6) * Math.max(0, seconds));
  const next = { ...trip, done };
  const { point, bearing } = pointOnTrip(next, done);
  const arrived = trip.length - done < 0.5;
  return { trip: next, point: arrived ? trip.path.at(-1)! : point, bearing, speedKmh: arrived ? 0 : speedKmh, arrived };
}

/** A standing receiver's fix: a few metres of scatter around the true point. */
export function jitter(point: LonLat, rand: Rand, metres = 6): LonLat {
  const kx = 111_320 * Math.cos((point[1] * Math.PI) / 180);
  const ky = 110_574;
  const angle = rand() * 2 * Math.PI;
  const r = rand() * metres;
  return [point[0] + (Math.cos(angle) * r) / kx, point[1] + (Math.sin(angle) * r) / ky];
}

export const gpsAccuracy = (rand: Rand) => Math.round(uniform(rand, 4, 12));

export const distance = haversine;
