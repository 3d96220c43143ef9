/** Drone aerial layer: a checkbox and the choice of WMS layers read from GetCapabilities (001 §2, §7). */
import { useEffect, useState } from 'react';
import { Checkbox, FormControlLabel, MenuItem, Select, Stack, Tooltip } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { texts } from '@panel/domain/locale';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { toast } from '../../../ui/toasts';
import { useMapStore } from '../mapStore';
import { chooseDroneCrs, fetchDroneLayers, type DroneLayerInfo } from './droneCapabilities';
import { useDroneStore } from './droneStore';
import { MAP_TEXTS } from './texts';

const NO_LAYERS: DroneLayerInfo[] = [];

export function DroneControl() {
  const url = useEntitiesStore((s) => s.settings.mapLayers?.drone?.url ?? null);
  const on = useMapStore((s) => Boolean(s.overlays.drone));
  const layer = useMapStore((s) => s.droneLayer);
  const found = useDroneStore((s) => s.layers);
  const layers = found ?? NO_LAYERS;
  const info = layers.find((l) => l.name === layer);
  const warning = info ? chooseDroneCrs(info.crs).warning : null;
  const [warned, setWarned] = useState<string | null>(null);

  useEffect(() => {
    if (!on || !url) return;
    let alive = true;
    fetchDroneLayers(url)
      .then((offered) => {
        if (!alive) return;
        useDroneStore.getState().setLayers(offered);
        const current = useMapStore.getState().droneLayer;
        if (offered.length && !offered.some((l) => l.name === current)) {
          useMapStore.getState().set({ droneLayer: offered[0].name });
        }
      })
      .catch((error: unknown) => {
        console.warn('[map] drone capabilities', error);
        if (alive) toast.error(texts.map.wmsCapabilitiesFailed);
      });
    return () => {
      alive = false;
    };
  }, [on, url]);

  // say once per layer that the service lacks EPSG:5514 (reprojected or not shown at all)
  useEffect(() => {
    if (!on || !warning || !info || warned === info.name) return;
    toast.warning(warning);
    setWarned(info.name);
  }, [on, warning, info, warned]);

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
      {on && warning && (
        <Tooltip title={warning}>
          <WarningAmberIcon color="warning" fontSize="small" data-testid="drone-crs-warning" aria-label={warning} />
        </Tooltip>
      )}
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
