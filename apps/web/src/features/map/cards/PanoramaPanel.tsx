/**
 * The street-level panorama view over the map (001 §2): the 360° image drawn by the messages' WebGL renderer
 * (`usePanoramaCanvas`, shared with the message viewer), a close button and a chip with the capture date. The image is a
 * private route: fetched as a blob with the session headers (`useMediaObjectUrl`). Without WebGL the flat image.
 * With MAPY_API_KEY the view is Mapy.com's JS Panorama instead (`MapyPanoramaBody`), under the same chrome.
 */
import { Box, Paper, Typography } from '@mui/material';
import { texts } from '@panel/domain/locale';
import { useMediaObjectUrl } from '../../messages/mediaCache';
import { PANORAMA_ZOOM_STEP, headingDegrees, normalizeView, zoomView } from '../../messages/viewers/panoramaMath';
import { usePanoramaCanvas } from '../../messages/viewers/usePanoramaCanvas';
import { formatWire } from './cardRules';
import { useCardsStore, type PanoramaState } from './cardsStore';
import { MapyPanoramaBody } from './MapyPanoramaBody';
import { PanoramaChrome } from './PanoramaChrome';
import { CARD_TEXTS } from './texts';

type OfflinePanorama = Extract<PanoramaState, { provider: 'offline' }>;

function PanoramaBody({ panorama, onClose }: { panorama: OfflinePanorama; onClose: () => void }) {
  const { src, error } = useMediaObjectUrl(panorama.imageUrl);
  const { view, setView, gl, canvasRef, pointer, canvasSx } = usePanoramaCanvas(src, () =>
    normalizeView(panorama.view),
  );

  const captured = formatWire(panorama.capturedAt);
  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, bgcolor: 'grey.900', overflow: 'hidden' }}>
      <Box
        component="canvas"
        ref={canvasRef}
        data-testid="map-panorama-canvas"
        data-state={gl}
        aria-label={CARD_TEXTS.panorama}
        {...pointer}
        sx={canvasSx}
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
