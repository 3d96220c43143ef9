/** Drone aerial layer: a checkbox and the choice of WMS layers read from GetCapabilities (001 §2, §7). */
import { useEffect, useState } from 'react';
import { Checkbox, FormControlLabel, MenuItem, Select, Stack, Tooltip } from '@mui/material';
import { texts } from '@panel/domain/locale';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { toast } from '../../../ui/toasts';
import { useMapStore } from '../mapStore';
import { fetchDroneLayers } from './droneCapabilities';
import { MAP_TEXTS } from './texts';

export function DroneControl() {
  const url = useEntitiesStore((s) => s.settings.mapLayers?.drone?.url ?? null);
  const on = useMapStore((s) => Boolean(s.overlays.drone));
  const layer = useMapStore((s) => s.droneLayer);
  const [layers, setLayers] = useState<{ name: string; title: string }[]>([]);

  useEffect(() => {
    if (!on || !url) return;
    let alive = true;
    fetchDroneLayers(url)
      .then((found) => {
        if (!alive) return;
        setLayers(found);
        const current = useMapStore.getState().droneLayer;
        if (found.length && !found.some((l) => l.name === current))
          useMapStore.getState().set({ droneLayer: found[0].name });
      })
      .catch((error: unknown) => {
        console.warn('[map] drone capabilities', error);
        if (alive) toast.error(texts.map.wmsCapabilitiesFailed);
      });
    return () => {
      alive = false;
    };
  }, [on, url]);

  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Tooltip title={url ? MAP_TEXTS.drone : texts.map.layerUnavailable}>
        <FormControlLabel
          sx={{ mr: 0.5, ml: 0 }}
          control={
            <Checkbox
              size="small"
              checked={on}
              onChange={(e) => {
                if (!url) {
                  toast.warning(texts.map.layerUnavailable);
                  return;
                }
                useMapStore.getState().setOverlay('drone', e.target.checked);
              }}
            />
          }
          label="Dron"
          slotProps={{ typography: { variant: 'caption' } }}
        />
      </Tooltip>
      {on && layers.length > 0 && (
        <Select
          size="small"
          variant="standard"
          value={layer ?? ''}
          aria-label={MAP_TEXTS.droneLayer}
          onChange={(e) => useMapStore.getState().set({ droneLayer: String(e.target.value) })}
          sx={{ fontSize: 12, maxWidth: 160 }}
        >
          {layers.map((l) => (
            <MenuItem key={l.name} value={l.name}>
              {l.title || l.name}
            </MenuItem>
          ))}
        </Select>
      )}
    </Stack>
  );
}
