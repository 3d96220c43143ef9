/**
 * The short notice on the map while the map services do not answer and our offline map stands in (issue 15,
 * 001 §9 "an unavailable layer gives a warning"). The server writes the Czech text (settings.mapNotice) and
 * drops it when the services answer again; the user may close it for this notice. Layers whose tiles the
 * browser cannot load (neither directly nor through the tile proxy) are named in it too (`tileHealth`).
 */
import { useState } from 'react';
import { Alert } from '@mui/material';
import { useShallow } from 'zustand/react/shallow';
import { useEntitiesStore } from '../../../stores/entitiesStore';
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
  if (!notice || closed === notice) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      data-testid="map-notice"
      onClose={() => setClosed(notice)}
      sx={{
        position: 'absolute',
        left: '50%',
        // under the toolbar (top right), clear of the followed trains and coordinates at the bottom
        top: 64,
        transform: 'translateX(-50%)',
        zIndex: 2,
        width: 'max-content',
        maxWidth: 'min(640px, calc(100% - 24px))',
        py: 0,
        boxShadow: 3,
      }}
    >
      {notice}
    </Alert>
  );
}
