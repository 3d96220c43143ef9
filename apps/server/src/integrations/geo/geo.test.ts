/** Krovak conversions (7-parameter shift) and the short-range measures. */
import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import { KROVAK_DEFINITION as KROVAK_DEF, lonLat, sjtsk, type LonLat } from '@panel/domain/map';
import { fromSjtsk, normalizeSjtsk, toSjtsk } from './krovak.js';
import { boxAround, haversine, nearestOnPolyline } from './measure.js';

describe('krovak', () => {
  it('Praha hl.n. lands in the Prague S-JTSK square and back within a centimetre', () => {
    const { x, y } = toSjtsk(lonLat(14.4353, 50.0831));
    expect(x).toBeGreaterThan(-745_000);
    expect(x).toBeLessThan(-740_000);
    expect(y).toBeGreaterThan(-1_046_000);
    expect(y).toBeLessThan(-1_041_000);
    const [lon, lat] = fromSjtsk(sjtsk(x, y));
    expect(haversine([lon, lat], [14.4353, 50.0831])).toBeLessThan(0.01);
    // positive convention, either order
    expect(normalizeSjtsk(-x, -y)).toEqual({ x, y });
    expect(normalizeSjtsk(-y, -x)).toEqual({ x, y });
    expect(normalizeSjtsk(10, 20)).toBeNull();
  });

  it('uses the 7-parameter shift: the 3-parameter definition lands 1–20 m away', () => {
    const three = proj4(KROVAK_DEF.replace(/\+towgs84=\S+/, '+towgs84=589,76,480'));
    for (const p of [
      [18.0, 49.8],
      [12.5, 50.2],
      [14.43, 50.08],
    ] as [number, number][]) {
      const a = toSjtsk(lonLat(p[0], p[1]));
      const [bx, by] = three.forward(p);
      const d = Math.hypot(a.x - bx, a.y - by);
      expect(d, String(p)).toBeGreaterThan(1);
      expect(d, String(p)).toBeLessThan(20);
    }
  });

  it('takes only points that say their system (checked by tsc: each @ts-expect-error must be an error)', () => {
    const praha: LonLat = [14.4353, 50.0831];
    const s = toSjtsk(lonLat(praha[0], praha[1]));
    expect(haversine(fromSjtsk(s), praha)).toBeLessThan(0.01);
    // never called: the compiler refuses each mix-up (an unused @ts-expect-error fails the typecheck)
    const mixUps = () => [
      // @ts-expect-error a plain [lon, lat] (or [lat, lon]) tuple must be made a point with lonLat(lon, lat)
      toSjtsk(praha),
      // @ts-expect-error an S-JTSK point is not WGS84
      toSjtsk(s),
      // @ts-expect-error a WGS84 point is not S-JTSK
      fromSjtsk(lonLat(praha[0], praha[1])),
      // @ts-expect-error an {x, y} literal must be made a point with sjtsk(x, y)
      fromSjtsk({ x: s.x, y: s.y }),
    ];
    expect(mixUps).toBeTypeOf('function');
  });
});

describe('measure', () => {
  it('haversine: 0.01° of latitude ≈ 1112 m', () => {
    expect(haversine([15, 50], [15, 50.01])).toBeCloseTo(1111.95, 0);
  });

  it('nearest point on a polyline with its distance, position along and bearing', () => {
    const hit = nearestOnPolyline(
      [15.001, 50.005],
      [
        [15, 50],
        [15, 50.01],
        [15.01, 50.01],
      ],
    )!;
    expect(hit.point[0]).toBeCloseTo(15, 9);
    expect(hit.point[1]).toBeCloseTo(50.005, 9);
    expect(hit.distance).toBeCloseTo(haversine([15.001, 50.005], [15, 50.005]), 0);
    expect(hit.along).toBeCloseTo(556, 0);
    expect(hit.segment).toBe(0);
    expect(hit.bearing).toBeCloseTo(0, 5);
  });

  it('boxAround holds the radius', () => {
    const b = boxAround([15, 50], 1000);
    expect(haversine([15, 50], [b.maxLon, 50])).toBeCloseTo(1000, 0);
    expect(haversine([15, 50], [15, b.minLat])).toBeCloseTo(1000, 0);
  });
});
