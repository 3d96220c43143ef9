/**
 * The map cut-out (001 §4, §9): every layer canvas of the map composed into one canvas (OpenLayers' export
 * recipe: each `.ol-layer canvas` drawn with its opacity and CSS transform), exported as JPEG quality 0.9.
 * A canvas tainted by tiles without CORS cannot be exported: that is a ScreenshotError with a Czech text.
 */
import type OlMap from 'ol/Map';
import { SCREENSHOT_JPEG_QUALITY } from '@panel/domain/constants';
import { SCREENSHOT_TEXTS } from './texts';

export class ScreenshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScreenshotError';
  }
}

/** The map background under transparent tiles (JPEG has no alpha). */
const BACKGROUND = '#dfe4e8';

/** The CSS `matrix(a, b, c, d, e, f)` of a canvas, or its CSS-size / pixel-size scale. */
export function canvasMatrix(canvas: HTMLCanvasElement): [number, number, number, number, number, number] {
  const match = /^matrix\(([^(]*)\)$/.exec(canvas.style.transform ?? '');
  if (match) {
    const values = match[1].split(',').map(Number);
    if (values.length === 6 && values.every(Number.isFinite)) {
      return values as [number, number, number, number, number, number];
    }
  }
  const sx = canvas.width ? (Number.parseFloat(canvas.style.width) || canvas.width) / canvas.width : 1;
  const sy = canvas.height ? (Number.parseFloat(canvas.style.height) || canvas.height) / canvas.height : 1;
  return [sx, 0, 0, sy, 0, 0];
}

/** Composes the rendered layer canvases of the map into one canvas of the map's size. */
export function composeMapCanvas(map: OlMap): HTMLCanvasElement {
  const [width, height] = map.getSize() ?? [0, 0];
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(width));
  out.height = Math.max(1, Math.round(height));
  const context = out.getContext('2d');
  if (!context) throw new ScreenshotError(SCREENSHOT_TEXTS.captureFailed);
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, out.width, out.height);
  const viewport = map.getViewport() as HTMLElement | undefined;
  const canvases = viewport
    ? [...viewport.querySelectorAll<HTMLCanvasElement>('.ol-layer canvas, canvas.ol-layer')]
    : [];
  canvases.forEach((canvas) => {
    if (!canvas.width || !canvas.height) return;
    const parent = canvas.parentElement;
    const opacity = parent?.style.opacity || canvas.style.opacity;
    context.globalAlpha = opacity === '' || opacity === undefined ? 1 : Number(opacity);
    context.setTransform(...canvasMatrix(canvas));
    const background = parent?.style.backgroundColor;
    if (background) {
      context.fillStyle = background;
      context.fillRect(0, 0, canvas.width, canvas.height);
    }
    context.drawImage(canvas, 0, 0);
  });
  context.globalAlpha = 1;
  context.setTransform(1, 0, 0, 1, 0, 0);
  return out;
}

const isSecurityError = (error: unknown) =>
  error instanceof DOMException
    ? error.name === 'SecurityError'
    : error instanceof Error && /taint|insecure|security/i.test(error.message);

/** The canvas as a JPEG blob; a tainted canvas → ScreenshotError with the CORS text. */
export function canvasToJpeg(canvas: HTMLCanvasElement, quality = SCREENSHOT_JPEG_QUALITY): Promise<Blob> {
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new ScreenshotError(SCREENSHOT_TEXTS.captureFailed))),
        'image/jpeg',
        quality,
      );
    } catch (error) {
      reject(new ScreenshotError(isSecurityError(error) ? SCREENSHOT_TEXTS.tainted : SCREENSHOT_TEXTS.captureFailed));
    }
  });
}

/** Resolves when the view stands still (a fit or zoom animation mid-way leaves the layers half drawn). */
function whenSettled(map: OlMap, timeout: number): Promise<void> {
  const view = map.getView();
  if (!view.getAnimating() && !view.getInteracting()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeout);
    function done() {
      clearTimeout(timer);
      map.un('moveend', done);
      resolve();
    }
    map.on('moveend', done);
  });
}

/** Waits for the view to settle and the layers to finish rendering, then captures the map as JPEG. */
export async function captureMap(map: OlMap): Promise<Blob> {
  await whenSettled(map, 3000);
  await new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    map.once('rendercomplete', finish);
    // rendercomplete waits for every tile: do not wait for a slow tile server forever
    setTimeout(finish, 3000);
    map.render();
  });
  return canvasToJpeg(composeMapCanvas(map));
}
