/**
 * Constants of 001 §9 the map uses (issue 24 item 19): the drag throttle (500 ms) and the view projection's
 * ESRI alias 102067 with its datum variants.
 */
import { describe, expect, it, vi } from 'vitest';
import { get as getProjection, transform } from 'ol/proj';
import { MAP_DRAG_THROTTLE } from '@panel/domain/constants';
import { throttleDrag } from './dragThrottle';
import { registerProjection, toView, VIEW_PROJECTION_3P } from './projection';

describe('drag throttle', () => {
  it('runs at the first move, then at most once per 500 ms while the drag goes on', () => {
    expect(MAP_DRAG_THROTTLE).toBe(500);
    let t = 1000;
    const fn = vi.fn();
    const onDrag = throttleDrag(fn, MAP_DRAG_THROTTLE, () => t);
    onDrag();
    for (let i = 0; i < 20; i += 1) {
      t += 20;
      onDrag();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    t = 1500;
    onDrag();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('EPSG:102067 and its datum variants', () => {
  const praha: [number, number] = [14.435978, 50.08309];

  it('102067 (EPSG and ESRI names) is the view projection: the same coordinates, no shift', () => {
    registerProjection();
    const view = toView(praha);
    for (const code of ['EPSG:102067', 'ESRI:102067']) {
      expect(getProjection(code)?.getUnits()).toBe('m');
      const xy = transform(praha, 'EPSG:4326', code);
      expect(xy[0]).toBeCloseTo(view[0], 6);
      expect(xy[1]).toBeCloseTo(view[1], 6);
      expect(transform(xy, code, 'EPSG:5514')).toEqual(xy);
    }
  });

  it('the 3-parameter datum variant lies metres away from the 7-parameter one, not more', () => {
    registerProjection();
    const seven = toView(praha);
    const three = transform(praha, 'EPSG:4326', VIEW_PROJECTION_3P);
    const metres = Math.hypot(three[0] - seven[0], three[1] - seven[1]);
    expect(metres).toBeGreaterThan(0.5);
    expect(metres).toBeLessThan(15);
  });
});
