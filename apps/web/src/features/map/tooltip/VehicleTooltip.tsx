/**
 * The tooltip of vehicle, job and device markers (001 §2 event-job icon: title, content, optional media and
 * overview; the parts are read in vehicleTooltip.ts). A mouse hovering a marker shows it beside the pointer; it
 * stays while the mouse moves onto it (its link can be clicked) and goes 200 ms after the pointer leaves both.
 * A tap (touch) on a marker shows it across the map's width below or above the marker, readable on a phone,
 * until a tap elsewhere or its close button (a narrow map places a hover tooltip the same way). Panning the map hides a hover tooltip (its marker has moved away).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import type { Coordinate } from 'ol/coordinate';
import type { Pixel } from 'ol/pixel';
import { Overview } from '../../events/dialogs/Overview';
import { useMap } from '../MapContext';
import { ResourceIcon } from './ResourceIcon';
import { TOOLTIP_LAYERS, sameTarget, titleOf, tooltipTargetOf, type TooltipTarget } from './tooltipTarget';
import { useTooltipModel } from './useTooltipModel';
import { TOOLTIP_TEXTS, type VehicleTooltipModel } from './vehicleTooltip';

const HIDE_DELAY_MS = 200;
const WIDTH = 320;
const GAP = 16;
const CLOSE = 'Zavřít'; // ours

interface Shown {
  target: TooltipTarget;
  /** names of the other markers under the pointer */
  others: string[];
  pixel: Pixel;
  /** where on the map it was shown: a tap tooltip follows its marker when the map moves */
  coordinate: Coordinate;
  /** 'tap': across the map beside its marker, with a close button */
  mode: 'hover' | 'tap';
}

type MapPointerEvent = MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>;

export function VehicleTooltip() {
  const map = useMap();
  const [shown, setShown] = useState<Shown | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const model = useTooltipModel(shown?.target ?? null);
  // the shown tooltip's height: a hover tooltip is placed beside the pointer so that all of it fits the map
  const paper = useRef<HTMLDivElement | null>(null);
  const [height, setHeight] = useState(0);
  const visible = shown !== null && model !== null;
  useLayoutEffect(() => {
    const element = paper.current;
    if (!visible || !element) return;
    const measure = () => setHeight(element.offsetHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  const cancelHide = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };
  const hideSoon = () => {
    cancelHide();
    hideTimer.current = setTimeout(() => setShown((s) => (s?.mode === 'hover' ? null : s)), HIDE_DELAY_MS);
  };

  useEffect(() => {
    // the topmost marker; vehicles on one spot (all at the event's place) are named under it, none is hidden
    const targetAt = (pixel: Pixel): { target: TooltipTarget; others: string[] } | null => {
      const found: { target: TooltipTarget; title: string }[] = [];
      map.forEachFeatureAtPixel(
        pixel,
        (f) => {
          const target = tooltipTargetOf(f);
          if (target && !found.some((x) => sameTarget(x.target, target))) found.push({ target, title: titleOf(f) });
          return undefined;
        },
        { hitTolerance: 4, layerFilter: (layer) => TOOLTIP_LAYERS.includes(layer.get('name') as string) },
      );
      if (!found.length) return null;
      return {
        target: found[0].target,
        others: found
          .slice(1)
          .map((x) => x.title)
          .filter(Boolean),
      };
    };
    const pointerType = (e: MapPointerEvent) => (e.originalEvent as PointerEvent).pointerType;

    const onMove = (e: MapPointerEvent) => {
      if (e.dragging || pointerType(e) === 'touch') return;
      const hit = targetAt(e.pixel);
      if (!hit) {
        hideSoon();
        return;
      }
      cancelHide();
      setShown((s) =>
        s && sameTarget(s.target, hit.target) ? s : { ...hit, pixel: e.pixel, coordinate: e.coordinate, mode: 'hover' },
      );
    };
    const onTap = (e: MapPointerEvent) => {
      if (pointerType(e) === 'mouse') return;
      const hit = targetAt(e.pixel);
      setShown(hit ? { ...hit, pixel: e.pixel, coordinate: e.coordinate, mode: 'tap' } : null);
    };
    // a hover tooltip goes when the map moves (the pointer is no longer on its marker); a tap one follows it
    const onPan = () => setShown((s) => (s?.mode === 'hover' ? null : s));
    const onMoved = () =>
      setShown((s) => (s?.mode === 'tap' ? { ...s, pixel: map.getPixelFromCoordinate(s.coordinate) ?? s.pixel } : s));
    const viewport = map.getViewport();
    map.on('pointermove', onMove);
    map.on('singleclick', onTap);
    map.on('movestart', onPan);
    map.on('moveend', onMoved);
    viewport?.addEventListener('mouseleave', hideSoon);
    return () => {
      map.un('pointermove', onMove);
      map.un('singleclick', onTap);
      map.un('movestart', onPan);
      map.un('moveend', onMoved);
      viewport?.removeEventListener('mouseleave', hideSoon);
      cancelHide();
    };
    // hideSoon/cancelHide use only the ref and the state setter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  if (!shown || !model) return null;
  const [w, h] = map.getSize() ?? [0, 0];
  const [x, y] = shown.pixel;
  // the map's part inside the window (on a phone the map tab can be taller than the screen and scroll)
  const rect = map.getTargetElement()?.getBoundingClientRect();
  const visibleTop = rect ? Math.max(0, -rect.top) : 0;
  const visibleBottom = rect ? h - Math.max(0, rect.bottom - window.innerHeight) : h;
  const place =
    shown.mode === 'tap' || w < WIDTH + 2 * GAP
      ? // across the map, below or above the marker (whichever has more room): never over the marker itself
        (() => {
          const below = visibleBottom - (y + GAP) - 8;
          const above = y - GAP - 8 - visibleTop;
          return below >= above
            ? { left: 8, right: 8, top: y + GAP, maxHeight: Math.max(120, below) }
            : { left: 8, right: 8, bottom: h - y + GAP, maxHeight: Math.max(120, above) };
        })()
      : {
          // beside the pointer (right, else left), from just above it, moved up as far as it needs to fit
          left: x + GAP + WIDTH <= w ? x + GAP : Math.max(8, x - GAP - WIDTH),
          top: Math.max(8, Math.min(y - 2 * GAP, h - 8 - height)),
          width: WIDTH,
          maxHeight: h - 16,
        };
  return (
    <Paper
      ref={paper}
      elevation={6}
      role="tooltip"
      data-testid="vehicle-tooltip"
      data-mode={shown.mode}
      onMouseEnter={cancelHide}
      onMouseLeave={hideSoon}
      sx={{ position: 'absolute', zIndex: 'tooltip', overflow: 'auto', p: 1.25, ...place }}
    >
      <TooltipBody
        model={model}
        others={shown.others}
        onClose={shown.mode === 'tap' ? () => setShown(null) : undefined}
      />
    </Paper>
  );
}

interface BodyProps {
  model: VehicleTooltipModel;
  others: string[];
  onClose?: () => void;
}

function TooltipBody({ model, others, onClose }: BodyProps) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <ResourceIcon {...model.icon} />
        <Typography
          variant="subtitle2"
          component="h3"
          data-testid="vehicle-tooltip-title"
          sx={{ fontWeight: 700, flex: 1, minWidth: 0, lineHeight: 1.3 }}
        >
          {model.title}
        </Typography>
        {onClose && (
          <IconButton size="small" aria-label={CLOSE} onClick={onClose} sx={{ alignSelf: 'flex-start' }}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Box
        component="dl"
        data-testid="vehicle-tooltip-content"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 13 }}
      >
        {model.content.map((line, i) => (
          <Box key={`${line.label}-${i}`} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {line.label}
            </Box>
            <Box
              component="dd"
              sx={{
                m: 0,
                minWidth: 0,
                overflowWrap: 'anywhere',
                ...(line.warn ? { color: 'warning.dark', fontWeight: 600 } : {}),
              }}
            >
              {line.value}
            </Box>
          </Box>
        ))}
      </Box>
      {model.media && (
        <Box data-testid="vehicle-tooltip-media">
          {model.media.image && (
            <Box
              component="img"
              src={model.media.url}
              alt={model.media.name}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: 140, borderRadius: 1, mb: 0.5 }}
            />
          )}
          <Link href={model.media.url} target="_blank" rel="noopener noreferrer" variant="body2">
            {model.media.name}
          </Link>
        </Box>
      )}
      {model.overview && (
        <Box
          data-testid="vehicle-tooltip-overview"
          sx={{ borderTop: 1, borderColor: 'divider', pt: 0.75, fontSize: 13, '& p': { my: 0.5 } }}
        >
          <Overview source={model.overview} />
        </Box>
      )}
      {others.length > 0 && (
        <Typography
          variant="body2"
          data-testid="vehicle-tooltip-others"
          sx={{ borderTop: 1, borderColor: 'divider', pt: 0.75, fontSize: 13 }}
        >
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {TOOLTIP_TEXTS.alsoHere}:
          </Box>{' '}
          {others.join(', ')}
        </Typography>
      )}
    </Stack>
  );
}
