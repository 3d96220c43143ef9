/**
 * Image viewer (001 §2): the large image with zoom, rotate, horizontal and vertical flip, reset, prev/next among
 * the message's images and download (the original file); the footer shows the coordinates (click copies) or
 * 'bez souřadnic'. The image is fitted to the stage; zooming grows it (drag or scroll to pan), the wheel zooms,
 * arrows switch images, + and − zoom.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, DialogContent, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DownloadIcon from '@mui/icons-material/Download';
import FlipIcon from '@mui/icons-material/Flip';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { texts } from '@panel/domain/locale';
import { mediaUrl } from '../../api/messages';
import { formatCoordinates } from './clipboard';
import { acquireMedia, releaseMedia, useMediaObjectUrl } from './mediaCache';
import { MESSAGE_TEXTS } from './texts';
import {
  INITIAL_VIEW,
  ZOOM_MAX,
  ZOOM_MIN,
  applyImageOp,
  fitSize,
  imageTransform,
  isSideways,
  type ImageView,
  type ImageViewOp,
} from './viewers/imageTransform';
import { originalMediaUrl } from './viewers/mediaUrls';
import { VIEWER_TEXTS } from './viewers/texts';
import { StageNote, ViewerActions, ViewerDialog } from './viewers/ViewerFrame';

export interface ImageViewerProps {
  eventId: number;
  images: string[];
  startIndex: number;
  latitude: number | null;
  longitude: number | null;
  onClose: () => void;
}

interface Size {
  width: number;
  height: number;
}

/** The stage's inner size, followed with a ResizeObserver (none in old browsers and jsdom: measured once). */
function useElementSize(ref: React.RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = el.clientWidth;
      const height = el.clientHeight;
      setSize((s) => (s && s.width === width && s.height === height ? s : width && height ? { width, height } : null));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** Downloads the original file (not the shown thumbnail): fetched with the session on the first click. */
function DownloadButton({ eventId, fileName }: { eventId: number; fileName: string }) {
  const url = originalMediaUrl(eventId, fileName);
  const [href, setHref] = useState<{ url: string; src: string } | null>(null);
  const anchor = useRef<HTMLAnchorElement | null>(null);
  const held = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (held.current) releaseMedia(held.current);
      held.current = null;
    },
    [url],
  );
  const ready = href?.url === url ? href.src : undefined;
  return (
    <Tooltip title={MESSAGE_TEXTS.download}>
      <IconButton
        ref={anchor}
        aria-label={MESSAGE_TEXTS.download}
        component="a"
        href={ready ?? url}
        download={fileName}
        data-testid="image-viewer-download"
        onClick={(e: React.MouseEvent) => {
          if (ready) return; // the browser saves the object URL
          e.preventDefault();
          if (held.current === url) return; // already on its way
          held.current = url;
          acquireMedia(url).then(
            (src) => {
              if (held.current !== url) return;
              setHref({ url, src });
              // the href is set on the next render: click again then
              requestAnimationFrame(() => anchor.current?.click());
            },
            (error: unknown) => {
              console.warn('[media] download failed', url, error);
              if (held.current === url) held.current = null;
            },
          );
        }}
      >
        <DownloadIcon />
      </IconButton>
    </Tooltip>
  );
}

export function ImageViewer({ eventId, images, startIndex, latitude, longitude, onClose }: ImageViewerProps) {
  const [index, setIndex] = useState(startIndex);
  const [view, setView] = useState<ImageView>(INITIAL_VIEW);
  const [natural, setNatural] = useState<(Size & { src: string }) | null>(null);
  const stageRef = useRef<HTMLDivElement | null>(null);
  const stage = useElementSize(stageRef);
  const drag = useRef<{ x: number; y: number; left: number; top: number; id: number } | null>(null);
  const fileName = images[index] ?? images[0];
  const { src, loading, error } = useMediaObjectUrl(mediaUrl(eventId, fileName, 'large'));
  const coordinates = formatCoordinates(latitude, longitude);
  const op = (o: ImageViewOp) => setView((v) => applyImageOp(v, o));
  const go = (step: number) => {
    if (images.length < 2) return;
    setIndex((i) => (i + step + images.length) % images.length);
    setView(INITIAL_VIEW);
  };

  const sideways = isSideways(view);
  const known = natural && natural.src === src && stage ? natural : null;
  const fitted = known && stage ? fitSize(known, stage, sideways) : null;
  const w = fitted ? fitted.width * view.zoom : 0;
  const h = fitted ? fitted.height * view.zoom : 0;

  const tool = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  // the wheel zooms (a native listener: React's wheel listener is passive and cannot keep the stage still)
  const hasImage = Boolean(src);
  useEffect(() => {
    const el = stageRef.current;
    if (!el || !hasImage) return;
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY === 0) return;
      e.preventDefault();
      setView((v) => applyImageOp(v, e.deltaY < 0 ? 'zoomIn' : 'zoomOut'));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [hasImage]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'ArrowRight') go(1);
    else if (e.key === '+' || e.key === '=') op('zoomIn');
    else if (e.key === '-') op('zoomOut');
  }

  return (
    <ViewerDialog onClose={onClose} onKeyDown={onKeyDown} testId="image-viewer">
      <Stack direction="row" sx={{ px: 1, pt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {tool(MESSAGE_TEXTS.zoomIn, <ZoomInIcon />, () => op('zoomIn'), view.zoom >= ZOOM_MAX)}
        {tool(MESSAGE_TEXTS.zoomOut, <ZoomOutIcon />, () => op('zoomOut'), view.zoom <= ZOOM_MIN)}
        {tool(MESSAGE_TEXTS.rotate, <RotateRightIcon />, () => op('rotate'))}
        {tool(VIEWER_TEXTS.flipHorizontal, <FlipIcon />, () => op('flipHorizontal'))}
        {tool(VIEWER_TEXTS.flipVertical, <FlipIcon sx={{ transform: 'rotate(90deg)' }} />, () => op('flipVertical'))}
        {tool(MESSAGE_TEXTS.reset, <RestartAltIcon />, () => setView(INITIAL_VIEW))}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 1 }} />
        {tool(MESSAGE_TEXTS.prev, <ChevronLeftIcon />, () => go(-1), images.length < 2)}
        {tool(MESSAGE_TEXTS.next, <ChevronRightIcon />, () => go(1), images.length < 2)}
        <DownloadButton eventId={eventId} fileName={fileName} />
        <Typography
          variant="caption"
          sx={{ ml: 'auto', mr: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          data-testid="image-viewer-caption"
        >
          {images.length > 1 ? `${index + 1} / ${images.length} · ` : ''}
          {fileName}
          {view.zoom !== 1 ? ` · ${Math.round(view.zoom * 100)} %` : ''}
        </Typography>
      </Stack>
      <DialogContent
        ref={stageRef}
        data-testid="image-viewer-stage"
        onPointerDown={(e) => {
          const el = stageRef.current;
          if (!el || e.button !== 0 || (el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)) return;
          drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop, id: e.pointerId };
          el.setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          const el = stageRef.current;
          const d = drag.current;
          if (!el || !d || d.id !== e.pointerId) return;
          el.scrollLeft = d.left - (e.clientX - d.x);
          el.scrollTop = d.top - (e.clientY - d.y);
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        sx={{
          height: '70vh',
          p: 0,
          overflow: 'auto',
          display: 'flex',
          bgcolor: 'grey.900',
          cursor: view.zoom > 1 ? 'grab' : 'default',
          '&:active': { cursor: view.zoom > 1 ? 'grabbing' : 'default' },
          userSelect: 'none',
        }}
      >
        {loading && <StageNote>{texts.media.loading}</StageNote>}
        {error && <StageNote>{texts.media.unavailable}</StageNote>}
        {src && (
          <Box
            // on its side the image takes the swapped box, so scrolling reaches every edge
            style={{
              width: fitted ? (sideways ? h : w) : '100%',
              height: fitted ? (sideways ? w : h) : '100%',
            }}
            sx={{ position: 'relative', m: 'auto', flex: 'none', transition: 'width 150ms, height 150ms' }}
          >
            <Box
              component="img"
              src={src}
              alt={fileName}
              draggable={false}
              data-testid="image-viewer-image"
              data-zoom={view.zoom}
              data-rotation={view.rotation}
              data-flip-x={view.scaleX === -1 ? 1 : 0}
              data-flip-y={view.scaleY === -1 ? 1 : 0}
              onLoad={(e) => {
                const img = e.currentTarget;
                if (img.naturalWidth && img.naturalHeight) {
                  setNatural({ width: img.naturalWidth, height: img.naturalHeight, src: img.currentSrc || img.src });
                }
              }}
              // the view changes often: inline style, not a new CSS class per state
              style={
                fitted
                  ? { width: w, height: h, transform: `translate(-50%, -50%) ${imageTransform(view)}` }
                  : { transform: `scale(${view.zoom}) ${imageTransform(view)}` }
              }
              sx={
                fitted
                  ? {
                      position: 'absolute',
                      left: '50%',
                      top: '50%',
                      maxWidth: 'none',
                      transition: 'transform 150ms, width 150ms, height 150ms',
                    }
                  : {
                      // before the size is known: fitted by CSS, zoom as a scale
                      position: 'absolute',
                      inset: 0,
                      m: 'auto',
                      maxWidth: '100%',
                      maxHeight: '100%',
                    }
              }
            />
          </Box>
        )}
      </DialogContent>
      <ViewerActions coordinates={coordinates} onClose={onClose} />
    </ViewerDialog>
  );
}
