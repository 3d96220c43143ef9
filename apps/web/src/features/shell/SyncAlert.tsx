import { Box, Typography } from '@mui/material';
import { formatClock, formatDate } from '@panel/domain/locale';
import { useAppStore } from '../../stores/appStore';
import { useSetupStore } from '../../stores/setupStore';
import { isStale } from '../sync/syncEngine';
import { t } from '../../texts';

/**
 * Red banner when the data are older than 5 refresh periods (001 §4). Only with auto refresh on: without it
 * the data legitimately change only on pushes.
 */
export function SyncAlert() {
  const second = useAppStore((s) => s.secondDate);
  const lastUpdate = useAppStore((s) => s.lastUpdate);
  const autoRefresh = useSetupStore((s) => s.autoRefresh);
  const period = useSetupStore((s) => s.autoRefreshPeriod);
  if (!autoRefresh || !isStale(second, lastUpdate, period)) return null;
  const time = `${formatDate(lastUpdate!)} ${formatClock(lastUpdate!)}`;
  return (
    <Box
      role="alert"
      sx={{
        bgcolor: 'error.main',
        color: 'error.contrastText',
        px: 2,
        py: 0.5,
        display: 'flex',
        gap: 2,
        alignItems: 'baseline',
        justifyContent: 'center',
      }}
    >
      <Typography sx={{ fontWeight: 700 }}>{t.shell.connectionFailure}</Typography>
      <Typography variant="body2">{t.shell.lastUpdate(time)}</Typography>
    </Box>
  );
}
