import { describe, expect, it } from 'vitest';
import { PANORAMA_FOV } from '@panel/domain/constants';
import {
  INITIAL_PANORAMA,
  clampFov,
  clampPitch,
  dragView,
  headingDegrees,
  rayToEquirect,
  turnView,
  wheelZoomFactor,
  wrapYaw,
  zoomView,
} from './panoramaMath';

describe('panorama math', () => {
  it('clamps the field of view to 10–75°', () => {
    expect(PANORAMA_FOV).toEqual({ min: 10, max: 75 });
    expect(clampFov(5)).toBe(10);
    expect(clampFov(90)).toBe(75);
    expect(clampFov(40)).toBe(40);
    expect(clampFov(Number.NaN)).toBe(INITIAL_PANORAMA.fov);
  });

  it('wraps the yaw into (-180, 180]', () => {
    expect(wrapYaw(0)).toBe(0);
    expect(wrapYaw(180)).toBe(180);
    expect(wrapYaw(-180)).toBe(180);
    expect(wrapYaw(190)).toBe(-170);
    expect(wrapYaw(-190)).toBe(170);
    expect(wrapYaw(720 + 45)).toBe(45);
    expect(wrapYaw(-725)).toBe(-5);
  });

  it('clamps the pitch to ±90°', () => {
    expect(clampPitch(95)).toBe(90);
    expect(clampPitch(-120)).toBe(-90);
    expect(clampPitch(30)).toBe(30);
  });

  it('dragging grabs the scene: right turns left, down looks up, by fov/height per pixel', () => {
    const v = { yaw: 0, pitch: 0, fov: 60 };
    const d = dragView(v, 100, 50, 600); // 0.1° per pixel
    expect(d.yaw).toBeCloseTo(-10);
    expect(d.pitch).toBeCloseTo(5);
    expect(dragView(v, 0, 10_000, 600).pitch).toBe(90);
    expect(dragView({ ...v, yaw: -175 }, 100, 0, 600).yaw).toBeCloseTo(175);
  });

  it('zooming changes the fov within limits; the wheel away zooms out', () => {
    expect(zoomView({ yaw: 0, pitch: 0, fov: 50 }, 1.25).fov).toBe(40);
    expect(zoomView({ yaw: 0, pitch: 0, fov: 12 }, 2).fov).toBe(10);
    expect(zoomView({ yaw: 0, pitch: 0, fov: 70 }, 0.5).fov).toBe(75);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
  });

  it('turns and shows the heading 0–359°', () => {
    expect(turnView(INITIAL_PANORAMA, -15).yaw).toBe(-15);
    expect(headingDegrees(-15)).toBe(345);
    expect(headingDegrees(180)).toBe(180);
    expect(headingDegrees(0.4)).toBe(0);
  });

  it('maps the view centre to the equirectangular point of yaw and pitch', () => {
    const at = (yaw: number, pitch: number) => rayToEquirect({ yaw, pitch, fov: 60 }, 0, 0, 16 / 9);
    expect(at(0, 0).u).toBeCloseTo(0.5);
    expect(at(0, 0).v).toBeCloseTo(0.5);
    expect(at(90, 0).u).toBeCloseTo(0.75); // east, right of north
    expect(at(-90, 0).u).toBeCloseTo(0.25);
    expect(at(0, 30).v).toBeCloseTo(0.5 - 30 / 180);
    expect(at(0, 90).v).toBeCloseTo(0);
  });

  it('the screen edges lie half the field of view away', () => {
    const view = { yaw: 0, pitch: 0, fov: 60 };
    // top edge centre: 30° up
    expect(rayToEquirect(view, 0, 1, 1).v).toBeCloseTo(0.5 - 30 / 180);
    // right edge centre of a square view: 30° right
    expect(rayToEquirect(view, 1, 0, 1).u).toBeCloseTo(0.5 + 30 / 360);
    // a wide view sees further sideways
    expect(rayToEquirect(view, 1, 0, 2).u).toBeGreaterThan(0.5 + 30 / 360);
  });
});
