import { describe, expect, expectTypeOf, it } from 'vitest';
import { MERGE_RADIUS, NEARBY_RADIUS } from '../constants/index';
import {
  haversine,
  isSjtsk,
  lonLat,
  sjtsk,
  type LonLat,
  type SjtskPoint,
  type SjtskXY,
  type Wgs84Point,
} from './geometry';

describe('haversine', () => {
  it('is zero for the same point and symmetric', () => {
    expect(haversine([14.4957, 50.1009], [14.4957, 50.1009])).toBe(0);
    const ab = haversine([14.4378, 50.0755], [16.6068, 49.1951]);
    const ba = haversine([16.6068, 49.1951], [14.4378, 50.0755]);
    expect(ab).toBeCloseTo(ba, 6);
  });

  it('measures known distances (Praha–Brno about 185 km, one degree of latitude about 111.2 km)', () => {
    expect(haversine([14.4378, 50.0755], [16.6068, 49.1951]) / 1000).toBeCloseTo(184.6, 0);
    expect(haversine([15, 50], [15, 51])).toBeCloseTo(111_195, -1);
  });

  it('tells the nearby and merge radii apart', () => {
    // the demo crossing P7890 and its linked-events summary are about 45 m apart
    const d = haversine([17.2535, 49.5649], [17.2531, 49.5652]);
    expect(d).toBeGreaterThan(MERGE_RADIUS);
    expect(d).toBeLessThan(NEARBY_RADIUS);
    expect(d).toBeCloseTo(44.4, 0);
    // 0.0001° of latitude ≈ 11 m: within the merge radius
    expect(haversine([14.49, 50.1], [14.49, 50.1001])).toBeLessThan(MERGE_RADIUS);
  });
});

describe('lonLat and sjtsk', () => {
  it('lonLat keeps the order it names and refuses what is not a degree', () => {
    expect(lonLat(14.4353, 50.0831)).toEqual([14.4353, 50.0831]);
    expect(() => lonLat(-741_831, -1_043_638)).toThrow(RangeError);
    expect(() => lonLat(14, 91)).toThrow(RangeError);
    expect(() => lonLat(Number.NaN, 50)).toThrow(RangeError);
  });

  it('sjtsk gives EPSG:5514 (negative) from either sign convention and refuses degrees or swapped axes', () => {
    expect(sjtsk(-741_831.7, -1_043_638.5)).toEqual({ x: -741_831.7, y: -1_043_638.5 });
    expect(sjtsk(741_831.7, 1_043_638.5)).toEqual({ x: -741_831.7, y: -1_043_638.5 });
    expect(() => sjtsk(14.43, 50.08)).toThrow(RangeError);
    expect(() => sjtsk(-1_043_638, -1_500_000)).toThrow(RangeError);
    expect(isSjtsk(-741_831, -1_043_638)).toBe(true);
    expect(isSjtsk(50, 14)).toBe(false);
    expect(isSjtsk(Number.NaN, -1_043_638)).toBe(false);
  });
});

describe('coordinate types (checked by tsc: each @ts-expect-error fails the typecheck when the mix-up compiles)', () => {
  it('accepts plain wire tuples as LonLat, refuses an S-JTSK tuple', () => {
    const wire: [number, number] = [14.4353, 50.0831];
    const view = [-741_831, -1_043_638] as SjtskXY;
    expect(haversine(wire, lonLat(14.44, 50.08))).toBeGreaterThan(0);
    // @ts-expect-error an S-JTSK tuple is not a WGS84 point
    expect(haversine(view, wire)).toBeGreaterThan(0);
    // @ts-expect-error nor the other way round
    const back: SjtskXY = lonLat(14.44, 50.08);
    expect(back).toHaveLength(2);
    expectTypeOf<Wgs84Point>().toExtend<LonLat>();
    expectTypeOf<Wgs84Point>().toExtend<[number, number]>();
  });

  it('a point for a conversion is made by its constructor, not by a bare tuple or object', () => {
    // @ts-expect-error a bare (perhaps lat-first) tuple does not say it is WGS84
    const bare: Wgs84Point = [50.0831, 14.4353];
    // @ts-expect-error an {x, y} literal does not say it is S-JTSK
    const literal: SjtskPoint = { x: -741_831, y: -1_043_638 };
    expect([bare, literal]).toHaveLength(2);
    expectTypeOf(lonLat(14.44, 50.08)).toEqualTypeOf<Wgs84Point>();
    expectTypeOf(sjtsk(-741_831, -1_043_638)).toEqualTypeOf<SjtskPoint>();
    expectTypeOf<LonLat>().not.toExtend<Wgs84Point>();
    expectTypeOf<SjtskPoint>().not.toExtend<LonLat>();
  });
});
