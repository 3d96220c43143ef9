import { describe, expect, it } from 'vitest';
import {
  INITIAL_VIEW,
  ZOOM_MAX,
  ZOOM_MIN,
  applyImageOp,
  fitSize,
  imageTransform,
  isSideways,
  screenMatrix,
  type ImageView,
  type ImageViewOp,
} from './imageTransform';

type M = [number, number, number, number];
/** a·b of 2×2 matrices in the [a, b, c, d] (column-major) form of screenMatrix */
const mul = (p: M, q: M): M =>
  [p[0] * q[0] + p[2] * q[1], p[1] * q[0] + p[3] * q[1], p[0] * q[2] + p[2] * q[3], p[1] * q[2] + p[3] * q[3]].map(
    (v) => v + 0,
  ) as M; // no -0
const ROT90: M = [0, 1, -1, 0]; // clockwise on screen (y down)
const FLIP_H: M = [-1, 0, 0, 1];
const FLIP_V: M = [1, 0, 0, -1];
const run = (ops: ImageViewOp[], from: ImageView = INITIAL_VIEW) => ops.reduce(applyImageOp, from);

describe('image view', () => {
  it('zooms by steps within the limits', () => {
    expect(run(['zoomIn']).zoom).toBe(1.25);
    expect(run(['zoomIn', 'zoomOut']).zoom).toBe(1);
    expect(run(Array(40).fill('zoomIn')).zoom).toBe(ZOOM_MAX);
    expect(run(Array(40).fill('zoomOut')).zoom).toBe(ZOOM_MIN);
  });

  it('every operation acts on what the user sees, whatever came before', () => {
    const sequences: ImageViewOp[][] = [
      [],
      ['rotate'],
      ['flipHorizontal'],
      ['flipVertical'],
      ['rotate', 'flipHorizontal'],
      ['flipHorizontal', 'rotate', 'rotate', 'flipVertical'],
      ['rotate', 'flipVertical', 'rotate'],
    ];
    for (const seq of sequences) {
      const before = run(seq);
      const m = screenMatrix(before);
      expect(screenMatrix(applyImageOp(before, 'rotate'))).toEqual(mul(ROT90, m));
      expect(screenMatrix(applyImageOp(before, 'flipHorizontal'))).toEqual(mul(FLIP_H, m));
      expect(screenMatrix(applyImageOp(before, 'flipVertical'))).toEqual(mul(FLIP_V, m));
    }
  });

  it('a flip twice is no flip; both flips are a half turn', () => {
    expect(screenMatrix(run(['flipHorizontal', 'flipHorizontal']))).toEqual(screenMatrix(INITIAL_VIEW));
    expect(screenMatrix(run(['flipHorizontal', 'flipVertical']))).toEqual(screenMatrix(run(['rotate', 'rotate'])));
  });

  it('rotation is cumulative so the CSS transition turns the short way', () => {
    expect(run(['rotate', 'rotate', 'rotate', 'rotate']).rotation).toBe(360);
    expect(run(['flipHorizontal', 'rotate']).rotation).toBe(-90);
  });

  it('reset clears zoom, rotation and flips', () => {
    expect(run(['zoomIn', 'rotate', 'flipHorizontal', 'flipVertical', 'reset'])).toEqual(INITIAL_VIEW);
  });

  it('the CSS transform mirrors after rotating', () => {
    expect(imageTransform(run(['rotate', 'flipHorizontal']))).toBe('scale(-1, 1) rotate(90deg)');
  });

  it('fits the image into the stage, swapped when on its side, never enlarged', () => {
    expect(fitSize({ width: 2000, height: 1000 }, { width: 1000, height: 800 }, false)).toEqual({
      width: 1000,
      height: 500,
    });
    expect(isSideways(run(['rotate']))).toBe(true);
    // on its side the image's width runs along the stage's height
    expect(fitSize({ width: 2000, height: 1000 }, { width: 1000, height: 800 }, true)).toEqual({
      width: 800,
      height: 400,
    });
    expect(fitSize({ width: 200, height: 100 }, { width: 1000, height: 800 }, false)).toEqual({
      width: 200,
      height: 100,
    });
  });
});
