import { describe, expect, it } from 'vitest';
import { hasNearbyEvent, isNearby, isNearbyCandidate, zoomsToTargets } from './nearby';

// Praha hl.n. area; 0.009° of latitude ≈ 1 km; Brno ≈ 185 km; Ostrava ≈ 271 km
const here = { id: 1, parentId: null, targetLatitude: 50.0833, targetLongitude: 14.4353 };
const km1 = { id: 2, parentId: null, targetLatitude: 50.0923, targetLongitude: 14.4353 };
const far = { id: 3, parentId: null, targetLatitude: 49.8356, targetLongitude: 18.2906 };
const noTarget = { id: 4, parentId: null, targetLatitude: null, targetLongitude: null };

describe('nearby radius (2,500 m)', () => {
  it('isNearby: known and at most 2,500 m', () => {
    expect(isNearby(0)).toBe(true);
    expect(isNearby(2500)).toBe(true);
    expect(isNearby(2500.01)).toBe(false);
    expect(isNearby(null)).toBe(false);
  });

  it('a candidate is another event within the radius, not its child nor its parent', () => {
    expect(isNearbyCandidate(here, km1)).toBe(true);
    expect(isNearbyCandidate(here, far)).toBe(false);
    expect(isNearbyCandidate(here, noTarget)).toBe(false);
    expect(isNearbyCandidate(noTarget, here)).toBe(false);
    expect(isNearbyCandidate(here, here)).toBe(false);
    expect(isNearbyCandidate(here, { ...km1, parentId: here.id })).toBe(false);
    expect(isNearbyCandidate({ ...here, parentId: km1.id }, km1)).toBe(false);
    expect(isNearbyCandidate({ ...here, id: null }, km1)).toBe(false);
  });

  it('hasNearbyEvent: the create-from offer', () => {
    expect(hasNearbyEvent(here, [far, noTarget, km1])).toBe(true);
    expect(hasNearbyEvent(here, [here, far, noTarget])).toBe(false);
    expect(hasNearbyEvent(noTarget, [here, km1])).toBe(false);
    expect(hasNearbyEvent(here, [])).toBe(false);
  });
});

describe('zoomsToTargets (farthest pair ≤ 150 m)', () => {
  it('zooms for one point or close points, not for spread ones nor none', () => {
    expect(zoomsToTargets([])).toBe(false);
    expect(zoomsToTargets([[14.4353, 50.0833]])).toBe(true);
    // 0.0013° of latitude ≈ 145 m; 0.0014° ≈ 156 m
    expect(
      zoomsToTargets([
        [14.4353, 50.0833],
        [14.4353, 50.0846],
      ]),
    ).toBe(true);
    expect(
      zoomsToTargets([
        [14.4353, 50.0833],
        [14.4353, 50.0847],
      ]),
    ).toBe(false);
    expect(
      zoomsToTargets([
        [14.4353, 50.0833],
        [14.4353, 50.084],
        [14.4353, 50.0847],
      ]),
    ).toBe(false);
  });
});
