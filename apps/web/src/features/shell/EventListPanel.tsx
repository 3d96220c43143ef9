import { List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { fromWireTime, formatClock, formatDate, formatDateTime } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import { selectActiveEvents, useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { t } from '../../texts';

/** Smart time: HH:mm:ss today, otherwise DD.MM.YYYY HH:mm. */
function smartTime(start: string | null): string {
  const d = fromWireTime(start);
  if (!d) return '';
  return formatDate(d) === formatDate(new Date()) ? formatClock(d) : formatDateTime(d);
}

/** A plain list of the active events (the events issue replaces it with the full list). */
export function EventListPanel() {
  const events = useEntitiesStore(selectActiveEvents);
  const activeUuid = useUiStore((s) => s.activeEventUuid);
  const setActiveEvent = useUiStore((s) => s.setActiveEvent);

  if (!events.length) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} variant="body2">
        {t.shell.noEvents}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={t.shell.events}>
      {events.map((event: Event) => (
        <ListItemButton
          key={event.uuid}
          divider
          selected={event.uuid === activeUuid}
          onClick={() => setActiveEvent(event.uuid)}
        >
          <ListItemText
            primary={event.header?.title?.value || event.subject || event.code || `#${event.id}`}
            secondary={[event.header?.subtitle?.value, smartTime(event.start)].filter(Boolean).join(' · ')}
            slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } }, secondary: { noWrap: true } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
