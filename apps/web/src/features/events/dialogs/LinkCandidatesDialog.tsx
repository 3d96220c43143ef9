/**
 * Link candidates of an event (GET /v2/events/{id}/link, paged, nearest first) with distance and Připojit: the
 * server offers only active events within the nearby radius (2,500 m); an event without a target has none, and
 * the dialog says why rather than looking empty.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Pagination,
} from '@mui/material';
import { NEARBY_RADIUS } from '@panel/domain/constants';
import { formatDistance, texts } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import { fetchLinkCandidates } from '../../../api/events';
import { useEventLoad } from '../useEventLoad';
import { linkToParent } from './linkActions';
import { dialogPaper } from '../../../ui/dialogWidths';

export const LINK_TEXTS = {
  title: 'Připojit k události',
  empty: `Žádné události k připojení do ${formatDistance(NEARBY_RADIUS)}`,
  noTarget: 'Událost nemá zadané místo, nelze hledat události v okolí.',
  close: 'Zavřít',
}; // ours
const PER_PAGE = 10;

export function LinkCandidatesDialog({ event, open, onClose }: { event: Event; open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const { data, error } = useEventLoad(open ? event.id : null, page, (id) => fetchLinkCandidates(id, page, PER_PAGE));

  return (
    <Dialog open={open} onClose={onClose} maxWidth={false} fullWidth slotProps={dialogPaper('medium')}>
      <DialogTitle>{LINK_TEXTS.title}</DialogTitle>
      <DialogContent dividers>
        {!data && !error && <LinearProgress />}
        {error && <Alert severity="error">{error}</Alert>}
        {data && !data.items.length && (
          <Alert severity="info">
            {event.targetLatitude == null || event.targetLongitude == null ? LINK_TEXTS.noTarget : LINK_TEXTS.empty}
          </Alert>
        )}
        <List dense>
          {data?.items.map(({ event: other, distance }) => (
            <ListItem
              key={other.uuid}
              divider
              secondaryAction={
                <Button
                  size="small"
                  onClick={async () => {
                    if (await linkToParent(event, other)) onClose();
                  }}
                >
                  {texts.events.mergeAccept}
                </Button>
              }
            >
              <ListItemText
                primary={other.header?.title?.value || other.code || `#${other.id}`}
                secondary={[other.header?.subtitle?.value, distance != null ? formatDistance(distance) : null]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
        {data && data.pageCount > 1 && (
          <Pagination count={data.pageCount} page={page} onChange={(_, p) => setPage(p)} size="small" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{LINK_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
