/**
 * 360° panorama viewer (001 §2; type X55): the message's equirectangular JPEG drawn with WebGL. Dragging looks
 * around, the wheel and the buttons zoom (field of view 10–75°), arrows turn, + and − zoom. Without WebGL the
 * flat image is shown instead, scrollable, with an explanation.
 */
import { Box, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { PANORAMA_FOV } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { formatCoordinates } from '../clipboard';
import { useMediaObjectUrl } from '../mediaCache';
import { MESSAGE_TEXTS } from '../texts';
import { originalMediaUrl } from './mediaUrls';
import {
  INITIAL_PANORAMA,
  PANORAMA_TURN_STEP,
  PANORAMA_ZOOM_STEP,
  headingDegrees,
  turnView,
  zoomView,
  type PanoramaView,
} from './panoramaMath';
import { VIEWER_TEXTS } from './texts';
import { usePanoramaCanvas } from './usePanoramaCanvas';
import { StageNote, ViewerActions, ViewerDialog } from './ViewerFrame';

export interface PanoramaViewerProps {
  eventId: number;
  fileName: string;
  title?: string;
  latitude?: number | null;
  longitude?: number | null;
  onClose: () => void;
}

/** A small compass: the needle points to the image's north (heading 0) as the view turns. */
function Compass({ heading }: { heading: number }) {
  return (
    <Box component="svg" viewBox="-20 -20 40 40" aria-hidden sx={{ width: 40, height: 40, display: 'block' }}>
      <circle r="18" fill="rgba(0,0,0,0.55)" stroke="#fff" strokeWidth="1.5" />
      <g transform={`rotate(${-heading})`}>
        <path d="M0,-14 L4,0 L-4,0 Z" fill="#e53935" />
        <path d="M0,14 L4,0 L-4,0 Z" fill="#eee" />
      </g>
    </Box>
  );
}

export function PanoramaViewer({ eventId, fileName, title, latitude, longitude, onClose }: PanoramaViewerProps) {
  const { src, loading, error } = useMediaObjectUrl(originalMediaUrl(eventId, fileName));
  const { view, setView, gl, canvasRef, pointer, canvasSx } = usePanoramaCanvas(src, () => INITIAL_PANORAMA);
  const coordinates = formatCoordinates(latitude ?? null, longitude ?? null);

  function onKeyDown(e: React.KeyboardEvent) {
    const step = e.shiftKey ? PANORAMA_TURN_STEP * 3 : PANORAMA_TURN_STEP;
    const next: Record<string, (v: PanoramaView) => PanoramaView> = {
      ArrowLeft: (v) => turnView(v, -step),
      ArrowRight: (v) => turnView(v, step),
      ArrowUp: (v) => turnView(v, 0, step),
      ArrowDown: (v) => turnView(v, 0, -step),
      '+': (v) => zoomView(v, PANORAMA_ZOOM_STEP),
      '=': (v) => zoomView(v, PANORAMA_ZOOM_STEP),
      '-': (v) => zoomView(v, 1 / PANORAMA_ZOOM_STEP),
    };
    const change = next[e.key];
    if (!change) return;
    e.preventDefault();
    setView(change);
  }

  const tool = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled || gl !== 'ready'}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const heading = headingDegrees(view.yaw);

  return (
    <ViewerDialog onClose={onClose} maxWidth="xl" testId="panorama-viewer">
      <Stack direction="row" sx={{ px: 1, pt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ px: 1, fontWeight: 600 }}>
          {title ?? VIEWER_TEXTS.panorama}
        </Typography>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 1 }} />
        {tool(
          MESSAGE_TEXTS.zoomIn,
          <ZoomInIcon />,
          () => setView((v) => zoomView(v, PANORAMA_ZOOM_STEP)),
          view.fov <= PANORAMA_FOV.min,
        )}
        {tool(
          MESSAGE_TEXTS.zoomOut,
          <ZoomOutIcon />,
          () => setView((v) => zoomView(v, 1 / PANORAMA_ZOOM_STEP)),
          view.fov >= PANORAMA_FOV.max,
        )}
        {tool(VIEWER_TEXTS.lookLeft, <RotateLeftIcon />, () => setView((v) => turnView(v, -PANORAMA_TURN_STEP * 3)))}
        {tool(VIEWER_TEXTS.lookRight, <RotateRightIcon />, () => setView((v) => turnView(v, PANORAMA_TURN_STEP * 3)))}
        {tool(MESSAGE_TEXTS.reset, <RestartAltIcon />, () => setView(INITIAL_PANORAMA))}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto', mr: 1 }} noWrap>
          {fileName}
        </Typography>
      </Stack>
      <Box
        sx={{
          position: 'relative',
          height: '72vh',
          bgcolor: 'grey.900',
          overflow: 'hidden',
        }}
      >
        <Box
          component="canvas"
          ref={canvasRef}
          tabIndex={0}
          aria-label={VIEWER_TEXTS.panorama}
          data-testid="panorama-canvas"
          data-state={gl}
          data-yaw={Math.round(view.yaw)}
          data-pitch={Math.round(view.pitch)}
          data-fov={Math.round(view.fov)}
          onKeyDown={onKeyDown}
          {...pointer}
          sx={{ ...canvasSx, outline: 'none' }}
        />
        {gl === 'failed' && src && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
            <Typography
              variant="body2"
              role="status"
              data-testid="panorama-fallback"
              sx={{ px: 2, py: 1, color: '#fff', bgcolor: 'rgba(0,0,0,0.5)' }}
            >
              {VIEWER_TEXTS.panoramaNoWebgl}
            </Typography>
            <Box sx={{ flex: 1, minHeight: 0, overflowX: 'auto', overflowY: 'hidden' }}>
              <Box
                component="img"
                src={src}
                alt={fileName}
                data-testid="panorama-flat"
                sx={{ height: '100%', width: 'auto', maxWidth: 'none', display: 'block' }}
              />
            </Box>
          </Box>
        )}
        {(loading || (src && gl === 'pending')) && <StageNote absolute>{texts.media.loading}</StageNote>}
        {error && <StageNote absolute>{texts.media.unavailable}</StageNote>}
        {gl === 'ready' && (
          <Stack
            direction="row"
            spacing={1}
            sx={{
              position: 'absolute',
              left: 12,
              bottom: 12,
              alignItems: 'center',
              pointerEvents: 'none',
              color: '#fff',
            }}
          >
            <Compass heading={heading} />
            <Box sx={{ px: 1, py: 0.5, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.55)' }}>
              <Typography variant="caption" component="div" data-testid="panorama-heading">
                {VIEWER_TEXTS.heading} {heading}° · {Math.round(view.fov)}°
              </Typography>
              <Typography variant="caption" component="div" sx={{ opacity: 0.8 }}>
                {VIEWER_TEXTS.panoramaHint}
              </Typography>
            </Box>
          </Stack>
        )}
      </Box>
      <ViewerActions coordinates={coordinates} onClose={onClose} />
    </ViewerDialog>
  );
}
