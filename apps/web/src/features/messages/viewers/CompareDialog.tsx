/**
 * Image comparison dialog (000 §2, 001 §2; type X50): the message's first image 'Před' (before) and second 'Po'
 * (after) laid over each other; a divider shows 'Před' to its left and 'Po' to its right. The pointer drags the
 * divider (a click jumps there); the divider is a slider: arrows move it by 1 % (Shift 10 %), PageUp/PageDown by
 * 10 %, Home/End to the edges.
 */
import { useRef, useState } from 'react';
import { Box, DialogTitle, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { texts } from '@panel/domain/locale';
import { mediaUrl } from '../../../api/messages';
import { formatCoordinates } from '../clipboard';
import { useMediaObjectUrl } from '../mediaCache';
import { VIEWER_TEXTS } from './texts';
import { ViewerActions, ViewerDialog } from './ViewerFrame';

export interface CompareDialogProps {
  eventId: number;
  before: string;
  after: string;
  title?: string;
  latitude?: number | null;
  longitude?: number | null;
  onClose: () => void;
}

const clampPercent = (p: number) => Math.min(100, Math.max(0, Math.round(p * 10) / 10));

/** The new divider position for a key, or null when the key does not move it. */
export function sliderKey(position: number, key: string, shift = false): number | null {
  const step = shift ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampPercent(position - step);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampPercent(position + step);
    case 'PageDown':
      return clampPercent(position - 10);
    case 'PageUp':
      return clampPercent(position + 10);
    case 'Home':
      return 0;
    case 'End':
      return 100;
    default:
      return null;
  }
}

function Label({ text, side }: { text: string; side: 'left' | 'right' }) {
  return (
    <Typography
      variant="subtitle2"
      data-testid={`compare-label-${side}`}
      sx={{
        position: 'absolute',
        top: 12,
        [side]: 12,
        px: 1.25,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'rgba(0,0,0,0.6)',
        color: '#fff',
        pointerEvents: 'none',
        letterSpacing: 0.5,
      }}
    >
      {text}
    </Typography>
  );
}

export function CompareDialog({ eventId, before, after, title, latitude, longitude, onClose }: CompareDialogProps) {
  const a = useMediaObjectUrl(mediaUrl(eventId, before, 'large'));
  const b = useMediaObjectUrl(mediaUrl(eventId, after, 'large'));
  const [position, setPosition] = useState(50);
  const [ratio, setRatio] = useState<number | null>(null);
  const stage = useRef<HTMLDivElement | null>(null);
  const handle = useRef<HTMLDivElement | null>(null);
  const dragging = useRef<number | null>(null);
  const coordinates = formatCoordinates(latitude ?? null, longitude ?? null);
  const ready = Boolean(a.src && b.src);
  const r = ratio ?? 4 / 3;

  const moveTo = (clientX: number) => {
    const rect = stage.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return;
    setPosition(clampPercent(((clientX - rect.left) / rect.width) * 100));
  };

  return (
    <ViewerDialog onClose={onClose} testId="compare-dialog">
      <DialogTitle sx={{ pb: 1 }}>{title ?? VIEWER_TEXTS.compareTitle}</DialogTitle>
      <Box
        sx={{
          height: '70vh',
          bgcolor: 'grey.900',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          containerType: 'size',
          p: 2,
        }}
      >
        {(a.loading || b.loading) && <Typography sx={{ color: '#fff' }}>{texts.media.loading}</Typography>}
        {(a.error || b.error) && <Typography sx={{ color: '#fff' }}>{texts.media.unavailable}</Typography>}
        {ready && (
          <Box
            ref={stage}
            data-testid="compare-stage"
            onPointerDown={(e) => {
              if (e.button !== 0) return;
              dragging.current = e.pointerId;
              e.currentTarget.setPointerCapture?.(e.pointerId);
              moveTo(e.clientX);
              handle.current?.focus();
              e.preventDefault();
            }}
            onPointerMove={(e) => dragging.current === e.pointerId && moveTo(e.clientX)}
            onPointerUp={() => (dragging.current = null)}
            onPointerCancel={() => (dragging.current = null)}
            sx={{
              position: 'relative',
              // as large as fits, keeping the first image's proportions (the box is a size container)
              width: `min(100cqw, calc(100cqh * ${r}))`,
              height: `min(100cqh, calc(100cqw / ${r}))`,
              cursor: 'ew-resize',
              userSelect: 'none',
              touchAction: 'none',
            }}
          >
            <Box
              component="img"
              src={b.src ?? undefined}
              alt={`${VIEWER_TEXTS.after}: ${after}`}
              draggable={false}
              data-testid="compare-after"
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
            />
            <Box
              component="img"
              src={a.src ?? undefined}
              alt={`${VIEWER_TEXTS.before}: ${before}`}
              draggable={false}
              data-testid="compare-before"
              onLoad={(e) => {
                const img = e.currentTarget;
                if (img.naturalWidth && img.naturalHeight) setRatio(img.naturalWidth / img.naturalHeight);
              }}
              sx={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                objectFit: 'contain',
                clipPath: `inset(0 ${100 - position}% 0 0)`,
              }}
            />
            {position > 8 && <Label text={VIEWER_TEXTS.before} side="left" />}
            {position < 92 && <Label text={VIEWER_TEXTS.after} side="right" />}
            <Box
              ref={handle}
              role="slider"
              tabIndex={0}
              aria-label={VIEWER_TEXTS.compareSlider}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={position}
              aria-valuetext={`${VIEWER_TEXTS.before} ${Math.round(position)} %, ${VIEWER_TEXTS.after} ${Math.round(100 - position)} %`}
              aria-orientation="horizontal"
              data-testid="compare-divider"
              onKeyDown={(e) => {
                const next = sliderKey(position, e.key, e.shiftKey);
                if (next === null) return;
                e.preventDefault();
                setPosition(next);
              }}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${position}%`,
                // a 28 px wide grip centred on the divider line
                width: 28,
                ml: '-14px',
                outline: 'none',
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  left: 12.5,
                  width: 3,
                  bgcolor: '#fff',
                  boxShadow: '0 0 4px rgba(0,0,0,0.7)',
                },
                '&:focus-visible .compare-knob': { outline: '3px solid', outlineColor: 'secondary.main' },
              }}
            >
              <Box
                className="compare-knob"
                sx={{
                  position: 'absolute',
                  top: '50%',
                  left: '50%',
                  transform: 'translate(-50%, -50%)',
                  width: 36,
                  height: 36,
                  borderRadius: '50%',
                  bgcolor: '#fff',
                  color: 'grey.800',
                  display: 'grid',
                  placeItems: 'center',
                  boxShadow: 3,
                }}
              >
                <DragIndicatorIcon fontSize="small" sx={{ transform: 'rotate(90deg)' }} />
              </Box>
            </Box>
          </Box>
        )}
      </Box>
      <ViewerActions coordinates={coordinates} onClose={onClose} />
    </ViewerDialog>
  );
}
