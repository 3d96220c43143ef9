/** The tracking rules with a fake clock: the ETA throttle and the geofence dwell (issue 14 items 4–5). */
import { describe, expect, it } from 'vitest';
import {
  estimateTravel,
  geofenceTransition,
  isEtaDue,
  travelDistanceText,
  travelDurationText,
  type GeofenceFix,
} from './rules';

const T: [number, number] = [14.5, 50.05];
const north = (m: number): [number, number] => [T[0], T[1] + m / 111_195];
const fix = (m: number, secondsAgo: number, accuracy: number | null = 5): GeofenceFix => {
  const [longitude, latitude] = north(m);
  return { longitude, latitude, accuracy, recordedAt: new Date(1_000_000_000 - secondsAgo * 1000) };
};

describe('ETA throttle', () => {
  const basis = { jobId: 1, at: 0, from: north(1000), to: T };
  it('due for a new job, a moved target, 30 s, 200 m; not otherwise', () => {
    expect(isEtaDue(null, { id: 1 }, north(1000), T, 0)).toBe(true);
    expect(isEtaDue(basis, { id: 2 }, north(1000), T, 1000)).toBe(true);
    expect(isEtaDue(basis, { id: 1 }, north(1000), north(50), 1000)).toBe(true);
    expect(isEtaDue(basis, { id: 1 }, north(850), T, 29_999)).toBe(false);
    expect(isEtaDue(basis, { id: 1 }, north(850), T, 30_000)).toBe(true);
    expect(isEtaDue(basis, { id: 1 }, north(799), T, 1000)).toBe(true);
  });
  it('estimate: straight line × 1.3 at 60 km/h, Czech labels', () => {
    const e = estimateTravel(north(0), north(10_000));
    expect(e.distance).toBeCloseTo(13_000, -1);
    expect(e.duration).toBeCloseTo(780, -1);
    expect(travelDistanceText(e.distance)).toBe('13,0 km');
    expect(travelDurationText(e.duration)).toBe('13 min');
    expect(travelDurationText(3900)).toBe('01:05');
  });
});

describe('geofence dwell', () => {
  it('14–17 → 18 only with 2 fixes inside over ≥ 20 s', () => {
    expect(geofenceTransition(15, [fix(10, 0)], T, null)).toBeNull();
    expect(geofenceTransition(15, [fix(10, 0), fix(20, 19)], T, null)).toBeNull();
    expect(geofenceTransition(15, [fix(10, 0), fix(20, 20)], T, null)).toBe(18);
    expect(geofenceTransition(14, [fix(10, 0), fix(20, 20)], null, null)).toBeNull();
    // an inexact fix is skipped, not counted inside
    expect(geofenceTransition(15, [fix(10, 0, 500), fix(20, 20, 500)], T, null)).toBeNull();
  });
  it('18 → 19 beyond 200 m after being inside (band fixes ignored); 19 → 20 at base', () => {
    expect(geofenceTransition(18, [fix(400, 0), fix(300, 25), fix(180, 40), fix(50, 60)], T, null)).toBe(19);
    expect(geofenceTransition(18, [fix(400, 0), fix(300, 25), fix(900, 60)], T, null)).toBeNull();
    expect(geofenceTransition(18, [fix(400, 0), fix(190, 25), fix(50, 60)], T, null)).toBeNull();
    expect(geofenceTransition(19, [fix(10, 0), fix(20, 30)], null, T)).toBe(20);
    expect(geofenceTransition(20, [fix(10, 0), fix(20, 30)], T, T)).toBeNull();
  });
});
