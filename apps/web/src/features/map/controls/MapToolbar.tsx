/**
 * The map toolbar (001 §2): place search, auto-centre, special rail vehicles, intervention zones, base map,
 * drone layer; and the measuring tools (distance, area, off — off clears; disabled while drawing).
 */
import { Divider, IconButton, Paper, Stack, ToggleButton, Tooltip } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import TrainIcon from '@mui/icons-material/Train';
import HexagonOutlinedIcon from '@mui/icons-material/HexagonOutlined';
import StraightenIcon from '@mui/icons-material/Straighten';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import LayersClearIcon from '@mui/icons-material/LayersClear';
import { useEditingStore } from '../editing/editingStore';
import { useMapStore, type MapState } from '../mapStore';
import { ScreenshotButton } from '../screenshot/ScreenshotButton';
import { BaseLayerPicker } from './BaseLayerPicker';
import { DroneControl } from './DroneControl';
import { MAP_TEXTS } from './texts';
import { belowNotice } from '../base/noticeInset';

type Flag = 'searchOpen' | 'autoCenter' | 'specialVehicles' | 'zones';

function FlagButton({ flag, label, icon }: { flag: Flag; label: string; icon: React.ReactNode }) {
  const on = useMapStore((s: MapState) => s[flag]);
  return (
    <Tooltip title={label}>
      <ToggleButton
        value={flag}
        size="small"
        selected={on}
        aria-label={label}
        onChange={() => useMapStore.getState().set({ [flag]: !on })}
        sx={{ border: 0, p: 0.75 }}
      >
        {icon}
      </ToggleButton>
    </Tooltip>
  );
}

type MeasureKind = Exclude<MapState['measure'], 'none'>;

/** A measuring tool: on picks it, on again turns measuring off; disabled while drawing (a span keeps its tooltip). */
function MeasureButton({
  kind,
  label,
  icon,
  drawing,
}: {
  kind: MeasureKind;
  label: string;
  icon: React.ReactNode;
  drawing: boolean;
}) {
  const measure = useMapStore((s) => s.measure);
  return (
    <Tooltip title={label}>
      <span>
        <ToggleButton
          value={kind}
          size="small"
          selected={measure === kind}
          disabled={drawing}
          aria-label={label}
          onChange={() => useMapStore.getState().set({ measure: measure === kind ? 'none' : kind })}
          sx={{ border: 0, p: 0.75 }}
        >
          {icon}
        </ToggleButton>
      </span>
    </Tooltip>
  );
}

export function MapToolbar({ drawing: drawingProp = false }: { drawing?: boolean }) {
  // the geo drawing status (001 §4): not 0 disables measuring (the drawing tool also resets it)
  const drawing = useEditingStore((s) => s.drawStatus !== 0) || drawingProp;
  const measure = useMapStore((s) => s.measure);
  const setMeasure = (m: MapState['measure']) => useMapStore.getState().set({ measure: m });
  return (
    <Paper
      elevation={3}
      data-testid="map-toolbar"
      sx={{
        position: 'absolute',
        top: belowNotice(12),
        right: 12,
        zIndex: 2,
        px: 0.5,
        py: 0.25,
        maxWidth: 'calc(100% - 24px)',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.25 }}>
        <FlagButton flag="searchOpen" label={MAP_TEXTS.search} icon={<SearchIcon fontSize="small" />} />
        <FlagButton flag="autoCenter" label={MAP_TEXTS.autoCenter} icon={<GpsFixedIcon fontSize="small" />} />
        <FlagButton flag="specialVehicles" label={MAP_TEXTS.specialVehicles} icon={<TrainIcon fontSize="small" />} />
        <FlagButton flag="zones" label={MAP_TEXTS.zones} icon={<HexagonOutlinedIcon fontSize="small" />} />
        <BaseLayerPicker />
        <DroneControl />
        <ScreenshotButton />
        <Divider orientation="vertical" flexItem />
        <MeasureButton
          kind="line"
          label={MAP_TEXTS.measureLine}
          icon={<StraightenIcon fontSize="small" />}
          drawing={drawing}
        />
        <MeasureButton
          kind="polygon"
          label={MAP_TEXTS.measureArea}
          icon={<PentagonOutlinedIcon fontSize="small" />}
          drawing={drawing}
        />
        <Tooltip title={MAP_TEXTS.measureOff}>
          <span>
            <IconButton
              size="small"
              aria-label={MAP_TEXTS.measureOff}
              disabled={measure === 'none'}
              onClick={() => setMeasure('none')}
            >
              <LayersClearIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
}
