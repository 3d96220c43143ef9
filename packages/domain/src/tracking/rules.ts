/**
 * Rules of live tracking (issue 14 items 4–5), pure so the server applies them and tests pin them with a fake
 * clock: the straight-line estimate, when an ETA is due again, and the geofence job transitions with dwell.
 */
import { JOB_STATUS } from '../constants/index';
import { haversine } from '../map/geometry';
import type { TrackCoordinate } from './types';

// ---- the estimate (no routing service)

/** Roads are longer than the straight line: 1.3 is the usual detour factor for roads in Central Europe. */
export const ESTIMATE_ROAD_FACTOR = 1.3;
/** A typical average speed of a fire engine on a mixed trip (towns and main roads), km/h. */
export const ESTIMATE_SPEED_KMH = 60;

const metres = (a: TrackCoordinate, b: TrackCoordinate) => haversine(a, b);

/** Straight line × road factor at the typical speed: metres and seconds. */
export function estimateTravel(from: TrackCoordinate, to: TrackCoordinate): { distance: number; duration: number } {
  const distance = metres(from, to) * ESTIMATE_ROAD_FACTOR;
  return { distance, duration: distance / ((ESTIMATE_SPEED_KMH * 1000) / 3600) };
}

/** Under an hour '{n} min', else 'HH:mm' (as the routing labels of 001 §3). */
export function travelDurationText(seconds: number): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** '{n,n} km' with a Czech decimal comma. */
export const travelDistanceText = (m: number) => `${(Math.max(0, m) / 1000).toFixed(1).replace('.', ',')} km`;

// ---- ETA recompute (throttle)

/**
 * Recompute when the vehicle has moved this far since the last computation. 200 m: at 50 km/h that is ~15 s of
 * driving, i.e. the ETA moves by about the resolution it is shown in (minutes); less would only spend routing
 * calls on GPS jitter (a standing vehicle's fixes wander by tens of metres), more would leave a wrong turn
 * unnoticed for too long.
 */
export const ETA_RECOMPUTE_METRES = 200;
/** …or when this long has passed (the 30 s), so a slow vehicle's ETA still counts down with traffic. */
export const ETA_RECOMPUTE_SECONDS = 30;
/** Job statuses whose vehicle is on its way to the event: 14–17 (at 18 it has arrived, the ETA is over). */
export const ETA_JOB_STATUSES: readonly number[] = [
  JOB_STATUS.DEPARTURE_ORDER,
  JOB_STATUS.ON_THE_WAY,
  JOB_STATUS.STATUS_16,
  JOB_STATUS.STATUS_17,
];

/** What the last ETA was computed from (stored with the vehicle). */
export interface EtaBasis {
  jobId: number;
  /** when it was computed (ms since epoch) */
  at: number;
  from: TrackCoordinate;
  to: TrackCoordinate;
}

/** Is an ETA due for this job at this position? A new job or a moved target always is. */
export function isEtaDue(
  basis: EtaBasis | null | undefined,
  job: { id: number },
  position: TrackCoordinate,
  target: TrackCoordinate,
  now: number,
): boolean {
  if (!basis || basis.jobId !== job.id) return true;
  if (metres(basis.to, target) > 1) return true;
  if (now - basis.at >= ETA_RECOMPUTE_SECONDS * 1000) return true;
  return metres(basis.from, position) >= ETA_RECOMPUTE_METRES;
}

// ---- geofence (beyond the spec; issue 14 item 5)

/** Within this of the target the vehicle is at the scene; within this of its base it is home (the 150 m). */
export const GEOFENCE_RADIUS_M = 150;
/**
 * Leaving needs more than the radius plus this hysteresis (so 200 m): a vehicle parked near the edge of the
 * circle, whose fixes wander by tens of metres, must not flip between 18 and 19.
 */
export const GEOFENCE_HYSTERESIS_M = 50;
/**
 * Dwell: at least 2 consecutive fixes on the same side, the first at least 20 s before the newest. Two fixes,
 * because one GPS fix can jump by 100 m and more (multipath between buildings, in rail cuttings); 20 s, because
 * a vehicle passing by at 54 km/h or faster crosses the 300 m wide circle in under 20 s, so driving past the
 * target on the road never counts as arriving. A tracker that reports every 30–60 s meets it with two fixes.
 */
export const GEOFENCE_DWELL_FIXES = 2;
export const GEOFENCE_DWELL_SECONDS = 20;
/** A fix less exact than this says nothing about a 150 m circle and is skipped. */
export const GEOFENCE_MAX_ACCURACY_M = 100;

export interface GeofenceFix {
  longitude: number;
  latitude: number;
  /** metres; null = unknown (taken as exact enough) */
  accuracy: number | null;
  recordedAt: Date;
}

export type GeofenceStatus = typeof JOB_STATUS.AT_SCENE | typeof JOB_STATUS.RETURNING | typeof JOB_STATUS.AT_BASE;

const usable = (f: GeofenceFix) =>
  Number.isFinite(f.longitude) &&
  Number.isFinite(f.latitude) &&
  (f.accuracy == null || f.accuracy <= GEOFENCE_MAX_ACCURACY_M);

/** The newest fixes for which `pred` holds, while it holds. */
function leadingRun(fixes: readonly GeofenceFix[], pred: (f: GeofenceFix) => boolean): number {
  let n = 0;
  while (n < fixes.length && pred(fixes[n])) n++;
  return n;
}

function dwells(fixes: readonly GeofenceFix[], n: number): boolean {
  if (n < GEOFENCE_DWELL_FIXES) return false;
  return fixes[0].recordedAt.getTime() - fixes[n - 1].recordedAt.getTime() >= GEOFENCE_DWELL_SECONDS * 1000;
}

/**
 * The status a job moves to by the vehicle's fixes, or null. `fixes`: the vehicle's fixes since the job was
 * made, newest first (a few dozen are plenty).
 * - 14–17 → 18 at the scene: it dwells within 150 m of the target.
 * - 18 → 19 on the way back: it dwells beyond 200 m, having been within 150 m just before (fixes in the
 *   150–200 m band between are ignored), so a job set to 18 by hand before the vehicle got there does not flip.
 * - 19 → 20 at base: it dwells within 150 m of its base.
 */
export function geofenceTransition(
  status: number,
  fixesNewestFirst: readonly GeofenceFix[],
  target: TrackCoordinate | null,
  base: TrackCoordinate | null,
): GeofenceStatus | null {
  const fixes = fixesNewestFirst.filter(usable);
  if (fixes.length === 0) return null;
  const from = (p: TrackCoordinate) => (f: GeofenceFix) => metres([f.longitude, f.latitude], p);
  if (ETA_JOB_STATUSES.includes(status)) {
    if (!target) return null;
    const d = from(target);
    return dwells(
      fixes,
      leadingRun(fixes, (f) => d(f) <= GEOFENCE_RADIUS_M),
    )
      ? JOB_STATUS.AT_SCENE
      : null;
  }
  if (status === JOB_STATUS.AT_SCENE) {
    if (!target) return null;
    const d = from(target);
    const out = leadingRun(fixes, (f) => d(f) > GEOFENCE_RADIUS_M + GEOFENCE_HYSTERESIS_M);
    if (!dwells(fixes, out)) return null;
    const rest = fixes.slice(out);
    const band = leadingRun(rest, (f) => d(f) > GEOFENCE_RADIUS_M);
    return band < rest.length ? JOB_STATUS.RETURNING : null;
  }
  if (status === JOB_STATUS.RETURNING) {
    if (!base) return null;
    const d = from(base);
    return dwells(
      fixes,
      leadingRun(fixes, (f) => d(f) <= GEOFENCE_RADIUS_M),
    )
      ? JOB_STATUS.AT_BASE
      : null;
  }
  return null;
}

// ---- tracks

/** The map's vehicle trails cover this many minutes (issue 14 item 6). */
export const TRAIL_MINUTES = 30;
