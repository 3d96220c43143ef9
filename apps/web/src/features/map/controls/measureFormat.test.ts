import { describe, expect, it } from 'vitest';
import { LineString, Polygon } from 'ol/geom';
import { toView } from '../projection';
import { formatArea, formatLength } from './measureFormat';
import { measureLabel } from './MeasureTool';

describe('measuring', () => {
  it('formats lengths and areas the Czech way', () => {
    expect(formatLength(850.4)).toBe('850 m');
    expect(formatLength(1234)).toBe('1,2 km');
    expect(formatArea(850)).toBe('850 m²');
    expect(formatArea(12_500)).toBe('1,25 ha');
    expect(formatArea(3_420_000)).toBe('3,42 km²');
  });

  it('measures geodesic lengths in the S-JTSK view: Praha hl. n. → Pardubice hl. n. ≈ 96 km', () => {
    const line = new LineString([toView([14.435978, 50.08309]), toView([15.756, 50.0325])]);
    const km = Number(measureLabel(line).replace(' km', '').replace(',', '.'));
    expect(km).toBeGreaterThan(94);
    expect(km).toBeLessThan(96);
  });

  it('measures a 1 km × 1 km square of the grid as about 1 km² (Krovak scale distortion under 0.5 %)', () => {
    const [x, y] = toView([15, 50]);
    const square = new Polygon([
      [
        [x, y],
        [x + 1000, y],
        [x + 1000, y + 1000],
        [x, y + 1000],
        [x, y],
      ],
    ]);
    const label = measureLabel(square);
    const [value, unit] = label.split(' ');
    const km2 = Number(value.replace(',', '.')) / (unit === 'ha' ? 100 : 1);
    expect(km2).toBeGreaterThan(0.99);
    expect(km2).toBeLessThan(1.01);
  });
});

describe('external map link', () => {
  it('opens mapy.cz with x = longitude and y = latitude', async () => {
    const { externalMapUrl } = await import('./CoordinateBar');
    expect(externalMapUrl([14.435978, 50.08309])).toBe(
      'https://mapy.cz/zakladni?x=14.435978&y=50.083090&z=16&source=coor&id=14.435978%2C50.083090',
    );
  });
});
