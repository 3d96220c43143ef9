import { Box, Tooltip, Typography } from '@mui/material';
import { formatClock } from '@panel/domain/locale';
import { useAppStore } from '../../stores/appStore';
import { t } from '../../texts';

const statusColor = { connected: '#4caf50', connecting: '#ffb300', disconnected: '#f44336' } as const;

/**
 * HH:mm:ss of the second tick plus a dot with the realtime (pubsub) status. `compact` (a phone) keeps the dot
 * only: the phone shows the time itself, and the header's title needs the room.
 */
export function HeaderClock({ compact = false }: { compact?: boolean }) {
  const second = useAppStore((s) => s.secondDate);
  const status = useAppStore((s) => s.realtimeStatus);
  const online = useAppStore((s) => s.online);
  const error = useAppStore((s) => s.realtimeError);
  // the Czech status, with the English message of a failure's category beside it (001 §8)
  const label = error ? `${t.realtime[status]} (${error})` : t.realtime[status];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mx: compact ? 0.5 : 1 }}>
      <Tooltip title={online ? label : `${label} (offline)`}>
        <Box
          role="status"
          aria-label={label}
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: online ? statusColor[status] : 'grey.500' }}
        />
      </Tooltip>
      {!compact && (
        <Typography
          data-testid="header-clock"
          sx={{ fontFamily: 'monospace', fontSize: 15, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatClock(new Date(second))}
        </Typography>
      )}
    </Box>
  );
}
