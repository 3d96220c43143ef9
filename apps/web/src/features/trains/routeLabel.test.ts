import { describe, expect, it } from 'vitest';
import { LineString } from 'ol/geom';
import { ROUTE_LABEL_CLEARANCE, routeLabelPlacement } from './features';

/** The label's box in px around where it is drawn (about 90 × 17 px for '12 min · 8,4 km'). */
const labelBox = (x: number, y: number) => ({ left: x - 45, right: x + 45, top: y - 8.5, bottom: y + 8.5 });

/** Whether the box reaches into the marker's circle of ROUTE_LABEL_CLEARANCE px around (0, 0). */
const touchesMarker = (box: ReturnType<typeof labelBox>) => {
  const nx = Math.max(box.left, Math.min(0, box.right));
  const ny = Math.max(box.top, Math.min(0, box.bottom));
  return Math.hypot(nx, ny) < ROUTE_LABEL_CLEARANCE;
};

describe('the route label and the event marker (issue 24 item 7)', () => {
  it('a route ending at the event but 0 m long: the label above the marker, not under it', () => {
    const line = new LineString([
      [1000, 2000],
      [1000, 2000],
    ]);
    const { at, offsetY } = routeLabelPlacement(line, 2);
    expect(at).toEqual([1000, 2000]);
    // screen y grows downwards: offsetY moves the label up from the event
    expect(touchesMarker(labelBox(0, offsetY))).toBe(false);
  });

  it('a route a few px long on screen keeps the label clear of the marker as well', () => {
    const line = new LineString([
      [1060, 2000],
      [1000, 2000],
    ]);
    const resolution = 2; // 60 m = 30 px, the middle 15 px from the event
    const { at, offsetY } = routeLabelPlacement(line, resolution);
    const x = (at[0] - 1000) / resolution;
    const y = -(at[1] - 2000) / resolution + offsetY;
    expect(touchesMarker(labelBox(x, y))).toBe(false);
  });

  it('a long route: the label in its middle', () => {
    const line = new LineString([
      [0, 0],
      [10_000, 0],
    ]);
    expect(routeLabelPlacement(line, 10)).toEqual({ at: [5000, 0], offsetY: 0 });
  });
});
