/**
 * 'Historie akcí' (000 §2 event detail, issue 12 item 7): who did what and when on the event, from
 * GET /v2/events/{id}/history — readable by whoever may view the event. The raw journal with its data stays in
 * the view dialog's Debug button (view Debug).
 */
import { Alert, LinearProgress, List, ListItem, Typography } from '@mui/material';
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import { fetchHistory } from '../../../api/events';
import { useEventLoad } from '../useEventLoad';

export const HISTORY_EMPTY = 'Žádné záznamy'; // ours

/** The history rows of the event, loaded again whenever the event changes (its version moves). */
function useHistory(eventId: number | null, version: unknown) {
  const { data: rows, error } = useEventLoad(eventId, version, fetchHistory);
  return { rows, error };
}

export function HistoryTab({ eventId, version }: { eventId: number | null; version?: unknown }) {
  const { rows, error } = useHistory(eventId, version);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!rows) return <LinearProgress />;
  if (!rows.length) return <Typography variant="body2">{HISTORY_EMPTY}</Typography>;
  // the sidebar is narrow: one row per action — when, who and from where on the first line, what below
  return (
    <List dense aria-label="Historie akcí" data-testid="event-history" sx={{ py: 0 }}>
      {rows.map((r) => (
        <ListItem key={r.id} data-type={r.type} divider sx={{ display: 'block', px: 0.5 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {[formatDateTime(fromWireTime(r.date)) || r.date, r.user, r.device && `(${r.device})`]
              .filter(Boolean)
              .join(' ')}
          </Typography>
          <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
            {r.action}
          </Typography>
          {r.detail && (
            <Typography variant="body2" component="div" color="text.secondary">
              {r.detail}
            </Typography>
          )}
        </ListItem>
      ))}
    </List>
  );
}
