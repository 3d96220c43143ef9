import { describe, expect, it } from 'vitest';
import { lonLat } from '@panel/domain/map';
import proj4 from 'proj4';
import { getTransform, transform } from 'ol/proj';
import { GRID_EXTENT, RESOLUTIONS, registerProjection, toLonLat, toView } from './projection';

describe('S-JTSK projection', () => {
  it('puts Praha hl. n. at its published S-JTSK position -741,832 / -1,043,638 within 1 m', () => {
    // SR70 publishes the station at N 50.083090, E 14.435978 and S-JTSK -741831.726 / -1043638.453
    // (the '14.4353 E' is that longitude rounded: 48 m further west)
    const [x, y] = toView([14.435978, 50.08309]);
    expect(Math.abs(x - -741831.726)).toBeLessThan(1);
    expect(Math.abs(y - -1043638.453)).toBeLessThan(1);
    const [lon, lat] = toLonLat([-741831.726, -1043638.453]);
    expect(Math.abs(lon - 14.435978) * 71_500).toBeLessThan(1); // metres per degree of longitude at 50° N
    expect(Math.abs(lat - 50.08309) * 111_200).toBeLessThan(1);
  });

  it('round-trips WGS84 → S-JTSK → WGS84 to a centimetre across the country', () => {
    for (const p of [
      [12.09059, 48.5518083],
      [22.558014, 52.90609],
      [18.2625, 49.8347],
      [14.4353, 50.0831],
    ] as [number, number][]) {
      const back = toLonLat(toView(p));
      expect(Math.abs(back[0] - p[0])).toBeLessThan(1e-7);
      expect(Math.abs(back[1] - p[1])).toBeLessThan(1e-7);
    }
  });

  it('has the 13 ČÚZK resolutions and a grid that covers the country', () => {
    expect(RESOLUTIONS).toHaveLength(13);
    expect(RESOLUTIONS[0]).toBe(512.0653006451606);
    expect(RESOLUTIONS[12]).toBeCloseTo(0.12501594254032242, 12);
    for (const corner of [
      [12.09, 50.25], // Aš
      [18.86, 49.52], // Bukovec
      [14.32, 51.06], // Lobendava
      [14.33, 48.55], // Vyšší Brod
    ] as [number, number][]) {
      const [x, y] = toView(corner);
      expect(x).toBeGreaterThan(GRID_EXTENT[0]);
      expect(x).toBeLessThan(GRID_EXTENT[2]);
      expect(y).toBeGreaterThan(GRID_EXTENT[1]);
      expect(y).toBeLessThan(GRID_EXTENT[3]);
    }
  });

  it('refuses a view coordinate as [lon, lat] and the other way round (checked by tsc)', () => {
    const view = toView(lonLat(14.4353, 50.0831));
    const back = toLonLat(view);
    expect(back[0]).toBeCloseTo(14.4353, 7);
    // never called: each mix-up must be a compile error (an unused @ts-expect-error fails the typecheck)
    const mixUps = () => [
      // @ts-expect-error an S-JTSK coordinate of the view is not [lon, lat]
      toView(view),
      // @ts-expect-error a [lon, lat] is not a coordinate of the view
      toLonLat(back),
      // @ts-expect-error nor is a point made by lonLat()
      toLonLat(lonLat(14.4353, 50.0831)),
    ];
    expect(mixUps).toBeTypeOf('function');
  });
});

describe('what OpenLayers is given to transform', () => {
  it('only the codes the panel draws in: a transform between each pair, none for proj4’s UTM zones', () => {
    registerProjection();
    const codes = Object.keys(proj4.defs);
    expect(codes.filter((code) => /^EPSG:32[67]\d\d$/.test(code))).toEqual([]);
    expect(codes.length).toBeLessThan(20);
    const drawnIn = ['EPSG:5514', 'EPSG:102067', 'EPSG:102067-3P', 'EPSG:4326', 'EPSG:3857', 'CRS:84'];
    for (const from of drawnIn) {
      for (const to of drawnIn) expect(getTransform(from, to), `${from} → ${to}`).toBeTruthy();
    }
  });

  it('still places a UTM coordinate a service might announce (OpenLayers makes that transform itself)', () => {
    registerProjection();
    // Praha hl. n. in UTM zone 33N (EPSG:32633), from its WGS84 position through proj4's own UTM definition
    const utm = proj4('+proj=utm +zone=33 +datum=WGS84 +units=m +no_defs', [14.435978, 50.08309]);
    const [x, y] = transform(utm, 'EPSG:32633', 'EPSG:5514');
    expect(Math.abs(x - -741831.726)).toBeLessThan(2);
    expect(Math.abs(y - -1043638.453)).toBeLessThan(2);
  });
});
