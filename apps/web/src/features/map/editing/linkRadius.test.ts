/**
 * 000 §9 "link radius equals 6.884e-6 times the maximum distance" (issue 24 item 20): the radius circle of the
 * link flow, in degrees of the factor times the maximum distance (5000 m, twice the nearby radius), drawn in
 * metres at the event's latitude.
 */
import { describe, expect, it } from 'vitest';
import { LINK_RADIUS_FACTOR, NEARBY_RADIUS } from '@panel/domain/constants';
import { linkRadiusMetres } from './LinkOverlay';

describe('link radius', () => {
  it('is 6.884e-6 × 5000 m in degrees: 0.03442°, about 3832 m on the equator', () => {
    expect(LINK_RADIUS_FACTOR).toBe(6.884e-6);
    expect(2 * NEARBY_RADIUS).toBe(5000);
    expect(linkRadiusMetres(0)).toBeCloseTo(0.03442 * 111_320, 3);
    expect(linkRadiusMetres(0)).toBeCloseTo(3831.63, 1);
  });

  it('shrinks with the cosine of the latitude: about 2463 m at 50° N (Prague)', () => {
    expect(linkRadiusMetres(50)).toBeCloseTo(3831.63 * Math.cos((50 * Math.PI) / 180), 1);
    expect(Math.round(linkRadiusMetres(50))).toBe(2463);
  });

  it('follows the maximum distance it is given', () => {
    expect(linkRadiusMetres(0, 1000)).toBeCloseTo(linkRadiusMetres(0) / 5, 6);
  });
});
