import { describe, expect, it } from 'vitest';
import { clampPanoramaFov, fromMapyCamera, mapyFovOutOfRange, toMapyCamera, wrapHeading } from './panorama';

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe("the panorama camera: ours (degrees, + up) and Mapy.com's (radians, + down)", () => {
  it('converts yaw from north, flips the pitch, clamps the fov to 10–75° (001 §5) before asking', () => {
    const c = toMapyCamera({ yaw: 90, pitch: 30, fov: 60 });
    close(c.yaw, Math.PI / 2); // east, as Mapy.com's docs: π/2 looks east
    close(c.pitch, -Math.PI / 6); // looking up is negative there
    close(c.fov, Math.PI / 3);
    close(toMapyCamera({ yaw: -90 }).yaw, (3 * Math.PI) / 2);
    close(toMapyCamera({ fov: 120 }).fov, (75 * Math.PI) / 180);
    close(toMapyCamera({ fov: 2 }).fov, (10 * Math.PI) / 180);
    close(toMapyCamera({ pitch: 200 }).pitch, -Math.PI / 2);
  });

  it('reads their camera back; round trip keeps the view', () => {
    const view = { yaw: 271.5, pitch: -12, fov: 42 };
    const back = fromMapyCamera(toMapyCamera(view));
    close(back.yaw, view.yaw);
    close(back.pitch, view.pitch);
    close(back.fov, view.fov);
    // their documented default fov 1.2 rad ≈ 68.75° is within our limits, π/2 (90°) is not
    expect(mapyFovOutOfRange({ yaw: 0, pitch: 0, fov: 1.2 })).toBe(false);
    expect(mapyFovOutOfRange({ yaw: 0, pitch: 0, fov: Math.PI / 2 })).toBe(true);
    expect(mapyFovOutOfRange({ yaw: 0, pitch: 0, fov: Math.PI / 20 })).toBe(true);
  });

  it('wraps headings and defaults missing numbers', () => {
    expect([wrapHeading(-90), wrapHeading(725), wrapHeading(undefined), wrapHeading(Number.NaN)]).toEqual([
      270, 5, 0, 0,
    ]);
    expect([clampPanoramaFov(5), clampPanoramaFov(50), clampPanoramaFov(100), clampPanoramaFov(undefined)]).toEqual([
      10, 50, 75, 75,
    ]);
  });
});
