import { describe, expect, it } from 'vitest';
import { MERGE_RADIUS, NEARBY_RADIUS } from '../constants/index';
import { distanceMeters, eventDistance } from './distance';

describe('distanceMeters', () => {
  it('is zero for the same point and symmetric', () => {
    expect(distanceMeters(50.1009, 14.4957, 50.1009, 14.4957)).toBe(0);
    const ab = distanceMeters(50.0755, 14.4378, 49.1951, 16.6068);
    const ba = distanceMeters(49.1951, 16.6068, 50.0755, 14.4378);
    expect(ab).toBeCloseTo(ba, 6);
  });

  it('measures known distances (Praha–Brno about 185 km, one degree of latitude about 111.2 km)', () => {
    expect(distanceMeters(50.0755, 14.4378, 49.1951, 16.6068) / 1000).toBeCloseTo(184.6, 0);
    expect(distanceMeters(50, 15, 51, 15)).toBeCloseTo(111_195, -1);
  });

  it('tells the nearby and merge radii apart', () => {
    // the demo crossing P7890 and its linked-events summary are about 45 m apart
    const d = distanceMeters(49.5649, 17.2535, 49.5652, 17.2531);
    expect(d).toBeGreaterThan(MERGE_RADIUS);
    expect(d).toBeLessThan(NEARBY_RADIUS);
    expect(d).toBeCloseTo(44.4, 0);
    // 0.0001° of latitude ≈ 11 m: within the merge radius
    expect(distanceMeters(50.1, 14.49, 50.1001, 14.49)).toBeLessThan(MERGE_RADIUS);
  });

  it('eventDistance is null without coordinates', () => {
    const a = { targetLatitude: 50.1, targetLongitude: 14.49 };
    expect(eventDistance(a, { targetLatitude: null, targetLongitude: 14.49 })).toBeNull();
    expect(eventDistance({}, a)).toBeNull();
    expect(eventDistance(a, a)).toBe(0);
  });
});
