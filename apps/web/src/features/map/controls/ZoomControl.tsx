/** +/- with the current level (001 §2); the buttons turn auto-centre off (001 §4). */
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN } from '@panel/domain/constants';
import { useMap } from '../MapContext';
import { useMapStore } from '../mapStore';
import { useMapZoom } from '../useMapZoom';
import { MAP_TEXTS } from './texts';

export function ZoomControl() {
  const map = useMap();
  const zoom = useMapZoom();
  const step = (delta: number) => {
    useMapStore.getState().set({ autoCenter: false });
    const view = map.getView();
    const next = Math.min(MAP_ZOOM_MAX, Math.max(MAP_ZOOM_MIN, Math.round(view.getZoom() ?? zoom) + delta));
    view.animate({ zoom: next, duration: 250 });
  };
  return (
    <Paper
      elevation={3}
      sx={{ position: 'absolute', right: 12, bottom: 48, display: 'flex', flexDirection: 'column', zIndex: 2 }}
    >
      <Tooltip title={MAP_TEXTS.zoomIn} placement="left">
        <span>
          <IconButton
            size="small"
            aria-label={MAP_TEXTS.zoomIn}
            disabled={zoom >= MAP_ZOOM_MAX}
            onClick={() => step(1)}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Box sx={{ textAlign: 'center', borderTop: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="caption" data-testid="zoom-level" aria-label={MAP_TEXTS.zoomLevel(zoom)}>
          {zoom}
        </Typography>
      </Box>
      <Tooltip title={MAP_TEXTS.zoomOut} placement="left">
        <span>
          <IconButton
            size="small"
            aria-label={MAP_TEXTS.zoomOut}
            disabled={zoom <= MAP_ZOOM_MIN}
            onClick={() => step(-1)}
          >
            <RemoveIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
}
