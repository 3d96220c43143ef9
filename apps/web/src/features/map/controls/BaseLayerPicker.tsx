/**
 * Base-map picker (001 §2, §4): every base layer, disabled outside its zoom range; one not configured on this
 * server answers 'Litujeme, ale tato volba je momentálně nedostupná.'. Overlays (cadastre, traffic) below.
 */
import { useState } from 'react';
import {
  Checkbox,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Tooltip,
} from '@mui/material';
import LayersIcon from '@mui/icons-material/Layers';
import CheckIcon from '@mui/icons-material/Check';
import { texts } from '@panel/domain/locale';
import { BASE_LAYERS, OVERLAYS, effectiveBaseLayer, isConfigured, isInZoomRange } from '@panel/domain/map';
import { trackingTexts } from '@panel/domain/tracking';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { toast } from '../../../ui/toasts';
import { useMapStore } from '../mapStore';
import { useMapZoom } from '../useMapZoom';
import { MAP_TEXTS } from './texts';

export function BaseLayerPicker() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const config = useEntitiesStore((s) => s.settings.mapLayers ?? null);
  const chosen = useMapStore((s) => s.baseLayer);
  const overlays = useMapStore((s) => s.overlays);
  const trails = useMapStore((s) => s.trails);
  const jobTracks = useMapStore((s) => s.jobTracks);
  const zoom = useMapZoom();
  const effective = effectiveBaseLayer(chosen, zoom, config);

  return (
    <>
      <Tooltip title={MAP_TEXTS.baseLayer}>
        <IconButton aria-label={MAP_TEXTS.baseLayer} onClick={(e) => setAnchor(e.currentTarget)} size="small">
          <LayersIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <ListSubheader>{MAP_TEXTS.baseLayer}</ListSubheader>
        {BASE_LAYERS.map((layer) => {
          const configured = isConfigured(layer.id, config);
          return (
            <MenuItem
              key={layer.id}
              dense
              disabled={!isInZoomRange(layer.id, zoom)}
              selected={layer.id === effective}
              data-layer={layer.id}
              onClick={() => {
                if (!configured) {
                  toast.warning(texts.map.layerUnavailable);
                  return;
                }
                useMapStore.getState().setBaseLayer(layer.id);
                setAnchor(null);
              }}
            >
              <ListItemIcon>{layer.id === effective ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText
                primary={layer.label}
                secondary={configured ? `${layer.minZoom}–${layer.maxZoom}` : MAP_TEXTS.notConfigured}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <ListSubheader>{MAP_TEXTS.overlays}</ListSubheader>
        {OVERLAYS.filter((o) => o.id !== 'drone').map((overlay) => (
          <MenuItem
            key={overlay.id}
            dense
            onClick={() => {
              if (!config?.[overlay.id]) {
                toast.warning(texts.map.layerUnavailable);
                return;
              }
              useMapStore.getState().setOverlay(overlay.id, !overlays[overlay.id]);
            }}
          >
            <ListItemIcon>
              <Checkbox size="small" edge="start" checked={Boolean(overlays[overlay.id])} tabIndex={-1} />
            </ListItemIcon>
            <ListItemText
              primary={overlay.label}
              secondary={config?.[overlay.id] ? undefined : MAP_TEXTS.notConfigured}
            />
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader>{MAP_TEXTS.vehicles}</ListSubheader>
        {(
          [
            ['trails', trails, trackingTexts.trails],
            ['jobTracks', jobTracks, trackingTexts.tracks],
          ] as const
        ).map(([key, on, label]) => (
          <MenuItem
            key={key}
            dense
            role="menuitemcheckbox"
            aria-checked={on}
            data-switch={key}
            onClick={() => useMapStore.getState().set({ [key]: !on })}
          >
            <ListItemIcon>
              <Checkbox size="small" edge="start" checked={on} tabIndex={-1} />
            </ListItemIcon>
            <ListItemText primary={label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
