/**
 * The short notice on the map while the map services do not answer and our offline map stands in (issue 15,
 * 001 §9 "an unavailable layer gives a warning"). The server writes the Czech text (settings.mapNotice) and
 * drops it when the services answer again; the user may close it for this notice. Layers whose tiles the
 * browser cannot load (neither directly nor through the tile proxy) are named in it too (`tileHealth`). A strip
 * across the map's top: its height moves the toolbar, cards and search down (noticeInset.ts), so nothing covers it.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '@mui/material';
import { useShallow } from 'zustand/react/shallow';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { NOTICE_HEIGHT_VAR } from './noticeInset';
import { failingLabels, useTileHealthStore } from './tileHealth';

/** The Czech notice of layers whose tiles cannot be loaded (issue 24 item 15). */
export function tilesNotice(labels: readonly string[]): string | null {
  if (!labels.length) return null;
  const names = labels.map((l) => `„${l}“`).join(', ');
  return labels.length === 1
    ? `Mapovou vrstvu ${names} se nepodařilo načíst.`
    : `Mapové vrstvy ${names} se nepodařilo načíst.`;
}

export function MapNotice() {
  const serverNotice = useEntitiesStore((s) => s.settings.mapNotice ?? null);
  const failing = useTileHealthStore(useShallow(failingLabels));
  const notice = [serverNotice, tilesNotice(failing)].filter(Boolean).join(' ') || null;
  const [closed, setClosed] = useState<string | null>(null);
  const shown = Boolean(notice) && closed !== notice;
  const ref = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const strip = ref.current;
    const host = strip?.parentElement;
    if (!shown || !strip || !host) return;
    const update = () => host.style.setProperty(NOTICE_HEIGHT_VAR, `${strip.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(strip);
    return () => {
      observer?.disconnect();
      host.style.removeProperty(NOTICE_HEIGHT_VAR);
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <Alert
      ref={ref}
      severity="warning"
      variant="filled"
      role="status"
      data-testid="map-notice"
      onClose={() => setClosed(notice)}
      sx={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 3,
        borderRadius: 0,
        py: 0,
        boxShadow: 3,
      }}
    >
      {notice}
    </Alert>
  );
}
