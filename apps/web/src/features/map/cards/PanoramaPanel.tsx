/**
 * The street-level panorama view over the map (001 §2): the 360° image drawn by the messages' WebGL renderer
 * (`createPanoramaRenderer`, `panoramaMath`), a close button and a chip with the capture date. The image is a
 * private route: fetched as a blob with the session headers (`useMediaObjectUrl`). Without WebGL the flat image.
 * With MAPY_API_KEY the view is Mapy.com's JS Panorama instead (`MapyPanoramaBody`), under the same chrome.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { texts } from '@panel/domain/locale';
import { useMediaObjectUrl } from '../../messages/mediaCache';
import {
  PANORAMA_ZOOM_STEP,
  dragView,
  headingDegrees,
  normalizeView,
  wheelZoomFactor,
  zoomView,
  type PanoramaView,
} from '../../messages/viewers/panoramaMath';
import { createPanoramaRenderer, type PanoramaRenderer } from '../../messages/viewers/panoramaRenderer';
import { formatWire } from './cardRules';
import { useCardsStore, type PanoramaState } from './cardsStore';
import { MapyPanoramaBody } from './MapyPanoramaBody';
import { PanoramaChrome } from './PanoramaChrome';
import { CARD_TEXTS } from './texts';

type GlState = 'pending' | 'ready' | 'failed';

type OfflinePanorama = Extract<PanoramaState, { provider: 'offline' }>;

function PanoramaBody({ panorama, onClose }: { panorama: OfflinePanorama; onClose: () => void }) {
  const { src, error } = useMediaObjectUrl(panorama.imageUrl);
  const [view, setView] = useState<PanoramaView>(() => normalizeView(panorama.view));
  const [gl, setGl] = useState<GlState>('pending');
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const renderer = useRef<PanoramaRenderer | null>(null);
  const viewRef = useRef(view);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  useLayoutEffect(() => {
    viewRef.current = view;
  }, [view]);

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
    return () => {
      alive = false;
      renderer.current?.dispose();
      renderer.current = null;
    };
  }, [src, canvas]);

  useEffect(() => {
    if (gl !== 'ready') return;
    const frame = requestAnimationFrame(() => renderer.current?.draw(view));
    return () => cancelAnimationFrame(frame);
  }, [view, gl]);

  useEffect(() => {
    if (!canvas || gl !== 'ready' || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => renderer.current?.draw(viewRef.current));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [canvas, gl]);

  useEffect(() => {
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setView((v) => zoomView(v, wheelZoomFactor(e.deltaY)));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [canvas]);

  const captured = formatWire(panorama.capturedAt);
  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, bgcolor: 'grey.900', overflow: 'hidden' }}>
      <Box
        component="canvas"
        ref={setCanvas}
        data-testid="map-panorama-canvas"
        data-state={gl}
        aria-label={CARD_TEXTS.panorama}
        onPointerDown={(e) => {
          if (e.button !== 0 || gl !== 'ready') return;
          drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
          e.currentTarget.setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d || d.id !== e.pointerId) return;
          const dx = e.clientX - d.x;
          const dy = e.clientY - d.y;
          d.x = e.clientX;
          d.y = e.clientY;
          const height = e.currentTarget.clientHeight;
          setView((v) => dragView(v, dx, dy, height));
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        sx={{
          display: gl === 'failed' ? 'none' : 'block',
          width: '100%',
          height: '100%',
          cursor: 'grab',
          '&:active': { cursor: 'grabbing' },
          touchAction: 'none',
        }}
      />
      {gl === 'failed' && src && (
        <Box sx={{ position: 'absolute', inset: 0, overflowX: 'auto' }}>
          <Box
            component="img"
            src={src}
            alt={CARD_TEXTS.panorama}
            sx={{ height: '100%', width: 'auto', maxWidth: 'none', display: 'block' }}
          />
        </Box>
      )}
      {(error || (gl === 'pending' && !src) || (src && gl === 'pending')) && (
        <Typography
          sx={{ position: 'absolute', inset: 0, m: 'auto', height: 'fit-content', textAlign: 'center', color: '#fff' }}
        >
          {error ? texts.media.unavailable : texts.media.loading}
        </Typography>
      )}
      <PanoramaChrome
        captured={captured}
        viewLabel={gl === 'ready' ? `${headingDegrees(view.yaw)}° · ${Math.round(view.fov)}°` : null}
        onZoomIn={() => setView((v) => zoomView(v, PANORAMA_ZOOM_STEP))}
        onZoomOut={() => setView((v) => zoomView(v, 1 / PANORAMA_ZOOM_STEP))}
        onClose={onClose}
      />
    </Box>
  );
}

/** The panel: right of the card column, below the toolbar, left of the zoom control. */
export function PanoramaPanel() {
  const panorama = useCardsStore((s) => s.panorama);
  const cardOpen = useCardsStore((s) => s.kind !== null);
  const close = useCardsStore((s) => s.closePanorama);
  if (!panorama) return null;
  return (
    <Paper
      elevation={6}
      data-testid="map-panorama"
      sx={{
        position: 'absolute',
        top: 64,
        bottom: 56,
        right: 64,
        left: { xs: 12, md: cardOpen ? 436 : 12 },
        zIndex: 2,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      {panorama.provider === 'mapy' ? (
        <MapyPanoramaBody key={panorama.origin.join(',')} panorama={panorama} onClose={close} />
      ) : (
        <PanoramaBody key={panorama.imageUrl} panorama={panorama} onClose={close} />
      )}
    </Paper>
  );
}
