/**
 * The image viewer's view as a pure value: zoom, a cumulative rotation and the screen-space mirror. The CSS
 * transform is `scale(sx, sy) rotate(r)`: rotation first, then the mirror in screen axes, so a flip always
 * mirrors what the user sees; while mirrored once, a clockwise turn on screen is a negative rotation.
 */
export interface ImageView {
  zoom: number;
  /** degrees, cumulative (not wrapped) so CSS transitions always turn the short, visible way */
  rotation: number;
  scaleX: 1 | -1;
  scaleY: 1 | -1;
}

export const ZOOM_STEP = 1.25;
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 8;

export const INITIAL_VIEW: ImageView = { zoom: 1, rotation: 0, scaleX: 1, scaleY: 1 };

export type ImageViewOp = 'zoomIn' | 'zoomOut' | 'rotate' | 'flipHorizontal' | 'flipVertical' | 'reset';

const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

export function applyImageOp(view: ImageView, op: ImageViewOp): ImageView {
  switch (op) {
    case 'zoomIn':
      return { ...view, zoom: clampZoom(view.zoom * ZOOM_STEP) };
    case 'zoomOut':
      return { ...view, zoom: clampZoom(view.zoom / ZOOM_STEP) };
    case 'rotate':
      // clockwise on screen: with an odd mirror the inner rotation runs the other way
      return { ...view, rotation: view.rotation + 90 * view.scaleX * view.scaleY };
    case 'flipHorizontal':
      return { ...view, scaleX: view.scaleX === 1 ? -1 : 1 };
    case 'flipVertical':
      return { ...view, scaleY: view.scaleY === 1 ? -1 : 1 };
    case 'reset':
      return INITIAL_VIEW;
  }
}

/** The rotation in 0, 90, 180, 270. */
export const quarterTurn = (view: Pick<ImageView, 'rotation'>) => (((view.rotation % 360) + 360) % 360) as number;

/** Whether the image lies on its side (width and height swap on screen). */
export const isSideways = (view: Pick<ImageView, 'rotation'>) => quarterTurn(view) % 180 === 90;

/** The CSS transform of the image (zoom is applied through its size, not here). */
export const imageTransform = (view: ImageView) => `scale(${view.scaleX}, ${view.scaleY}) rotate(${view.rotation}deg)`;

/**
 * The screen matrix [a, b, c, d] (x' = a·x + c·y, y' = b·x + d·y, y down) of the view, rounded: what the
 * user sees, for tests and for comparing views.
 */
export function screenMatrix(view: ImageView): [number, number, number, number] {
  const r = (quarterTurn(view) * Math.PI) / 180;
  const cos = Math.round(Math.cos(r));
  const sin = Math.round(Math.sin(r));
  // rotate(r) in CSS (y down, clockwise): [cos, sin, -sin, cos]; then scale(sx, sy)
  return [view.scaleX * cos, view.scaleY * sin, view.scaleX * -sin, view.scaleY * cos].map((v) => v + 0) as [
    number,
    number,
    number,
    number,
  ];
}

/**
 * The size of the unzoomed image fitted into the stage (never enlarged), given its natural size; for an image on
 * its side the stage's width and height are swapped.
 */
export function fitSize(
  natural: { width: number; height: number },
  stage: { width: number; height: number },
  sideways: boolean,
): { width: number; height: number } {
  const sw = sideways ? stage.height : stage.width;
  const sh = sideways ? stage.width : stage.height;
  const scale = Math.min(1, sw / natural.width, sh / natural.height);
  return { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) };
}
