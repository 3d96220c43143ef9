/** Panorama geometry: equirectangular mapping (north in the middle) and a north–south rail drawn as its curve. */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { azElToPixel, groundToPixel, PANORAMA_HEIGHT as H, PANORAMA_WIDTH as W, renderPanorama } from './render.js';
import { clampPanoramaFov as clampFov, wrapHeading as normalizeYaw } from '@panel/domain/map';

describe('panorama geometry', () => {
  it('north in the middle, west at a quarter, east at three quarters, south at the edges; horizon in the middle row', () => {
    expect(azElToPixel(0, 0)).toEqual([W / 2, H / 2]);
    expect(azElToPixel(270, 0)).toEqual([W / 4, H / 2]);
    expect(azElToPixel(90, 0)).toEqual([(3 * W) / 4, H / 2]);
    expect(azElToPixel(180, 90)).toEqual([0, 0]);
    expect(azElToPixel(0, -90)[1]).toBe(H);
  });

  it('a rail 4 m west: lowest due west (atan(1.7/4) below the horizon), rising toward both vanishing points', () => {
    const west = groundToPixel(-4, 0);
    expect(west[0]).toBeCloseTo(W / 4, 6);
    expect(west[1]).toBeCloseTo(H / 2 + ((Math.atan(1.7 / 4) * 180) / Math.PI / 180) * H, 6);
    const north = groundToPixel(-4, 200);
    const south = groundToPixel(-4, -200);
    expect(north[1]).toBeLessThan(west[1]);
    expect(north[0]).toBeGreaterThan(W / 4);
    expect(north[0]).toBeLessThan(W / 2);
    expect(south[0]).toBeLessThan(W / 4);
    expect(Math.abs(north[1] - south[1])).toBeLessThan(1e-6);
  });

  it('fov clamped to 10–75, yaw to 0–360', () => {
    expect([clampFov(5), clampFov(50), clampFov(100), clampFov(undefined)]).toEqual([10, 50, 75, 75]);
    expect([normalizeYaw(-90), normalizeYaw(725), normalizeYaw(undefined)]).toEqual([270, 5, 0]);
  });

  it('renders a 4096 × 2048 JPEG', async () => {
    const meta = await sharp(await renderPanorama({ station: 'Kolín' })).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 4096, height: 2048 });
  }, 20_000);
});
