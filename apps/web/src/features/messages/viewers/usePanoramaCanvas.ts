/**
 * The 360° panorama on a canvas, shared by the message viewer (`PanoramaViewer`, X55 photos) and the map's
 * street-level panel (`PanoramaPanel`): the image → a WebGL renderer (or 'failed' for the flat fallback, also
 * when the context is lost), one frame per view change, a redraw on resize, the wheel zooms, a drag looks around.
 * The callers draw their own chrome around it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { dragView, wheelZoomFactor, zoomView, type PanoramaView } from './panoramaMath';
import { createPanoramaRenderer, type PanoramaRenderer } from './panoramaRenderer';

export type PanoramaGlState = 'pending' | 'ready' | 'failed';

export function usePanoramaCanvas(src: string | null | undefined, initialView: () => PanoramaView) {
  const [view, setView] = useState<PanoramaView>(initialView);
  const [gl, setGl] = useState<PanoramaGlState>('pending');
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const renderer = useRef<PanoramaRenderer | null>(null);
  const viewRef = useRef(view);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  useLayoutEffect(() => {
    viewRef.current = view;
  }, [view]);

  // the image → a renderer on the canvas (or the flat fallback)
  useEffect(() => {
    if (!src || !canvas) return;
    let alive = true;
    const image = new Image();
    image.onload = () => {
      if (!alive) return;
      try {
        renderer.current = createPanoramaRenderer(canvas, image);
      } catch (e) {
        console.warn('[panorama] WebGL failed', e);
        renderer.current = null;
      }
      setGl(renderer.current ? 'ready' : 'failed');
      renderer.current?.draw(viewRef.current);
    };
    image.onerror = () => alive && setGl('failed');
    image.src = src;
    const lost = (e: Event) => {
      e.preventDefault();
      renderer.current = null;
      setGl('failed');
    };
    canvas.addEventListener('webglcontextlost', lost);
    return () => {
      alive = false;
      canvas.removeEventListener('webglcontextlost', lost);
      renderer.current?.dispose();
      renderer.current = null;
    };
  }, [src, canvas]);

  // every view change draws one frame (on the next animation frame, so fast drags draw once per frame)
  useEffect(() => {
    if (gl !== 'ready') return;
    const frame = requestAnimationFrame(() => renderer.current?.draw(view));
    return () => cancelAnimationFrame(frame);
  }, [view, gl]);

  // a resized dialog, panel or window draws again at the new size
  useEffect(() => {
    if (!canvas || gl !== 'ready' || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => renderer.current?.draw(viewRef.current));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [canvas, gl]);

  // the wheel zooms (native: React's wheel listener is passive and cannot stop the page scrolling)
  useEffect(() => {
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setView((v) => zoomView(v, wheelZoomFactor(e.deltaY)));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [canvas]);

  /** pointer handlers of the canvas: a left-button drag looks around (and focuses it for the keys) */
  const pointer = {
    onPointerDown: (e: PointerEvent<HTMLCanvasElement>) => {
      if (e.button !== 0 || gl !== 'ready') return;
      drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
      e.currentTarget.setPointerCapture?.(e.pointerId);
      e.currentTarget.focus();
    },
    onPointerMove: (e: PointerEvent<HTMLCanvasElement>) => {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      d.x = e.clientX;
      d.y = e.clientY;
      const height = e.currentTarget.clientHeight;
      setView((v) => dragView(v, dx, dy, height));
    },
    onPointerUp: () => (drag.current = null),
    onPointerCancel: () => (drag.current = null),
  };

  // the drag surface's look, the same in both callers: hidden for the flat fallback, a grab hand, no browser panning
  const canvasSx = {
    display: gl === 'failed' ? 'none' : 'block',
    width: '100%',
    height: '100%',
    cursor: 'grab',
    '&:active': { cursor: 'grabbing' },
    touchAction: 'none',
  };
  return { view, setView, gl, canvasRef: setCanvas, pointer, canvasSx };
}
