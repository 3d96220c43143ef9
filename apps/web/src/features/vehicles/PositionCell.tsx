/** A vehicle's position time: 'před 2 min', or the stale warning when older than 300 s (000 §9). */
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Tooltip } from '@mui/material';
import { formatDateTime } from '@panel/domain/locale';
import { useAppStore } from '../../stores/appStore';
import { vt } from './texts';
import type { PositionInfo } from './vehicleModel';

/** The app clock in 15 s steps: stale marks move without re-rendering tables every second. */
export function useVehicleClock(): number {
  return useAppStore((s) => Math.floor(s.secondDate / 15_000) * 15_000);
}

export function PositionCell({ position }: { position: PositionInfo }) {
  if (!position.at || position.ageSeconds === null) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {vt.noPosition}
      </Box>
    );
  }
  const title = formatDateTime(position.at);
  if (position.stale) {
    return (
      <Tooltip title={title}>
        <Box
          component="span"
          data-testid="position-stale"
          sx={{ color: 'warning.dark', display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          <WarningAmberIcon fontSize="inherit" />
          {vt.stale(position.ageSeconds)}
        </Box>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={title}>
      <Box component="span" data-testid="position-fresh" sx={{ color: 'success.dark' }}>
        {vt.fresh(position.ageSeconds)}
      </Box>
    </Tooltip>
  );
}
