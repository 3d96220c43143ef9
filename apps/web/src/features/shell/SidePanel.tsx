import { Box, IconButton, Paper, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { formatDate } from '@panel/domain/locale';
import { useUiStore } from '../../stores/uiStore';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { t } from '../../texts';
import { useIsMobile } from '../../ui/useIsMobile';
import { CalendarPanel } from '../calendar/CalendarPanel';
import { EventDetailPanel } from '../events/detail/EventDetailPanel';
import { EventList } from '../events/list/EventList';

/** The sidebar content, in this order: the active event's detail, the calendar, or the event list. */
export function SidePanel() {
  const sidebar = useUiStore((s) => s.sidebar);
  const open = useUiStore((s) => s.sidebarOpen);
  const calendarDate = useUiStore((s) => s.calendarDate);
  const closeSidebar = useUiStore((s) => s.closeSidebar);
  const setActiveEvent = useUiStore((s) => s.setActiveEvent);
  const active = useActiveEvent();
  const mobile = useIsMobile();
  if (!active && !open) return null;

  let heading: string;
  let body;
  if (active) {
    heading = active.kind === 'local' ? t.shell.newEvent : active.event.header?.title?.value || t.shell.titleEvent;
    body = <EventDetailPanel />;
  } else if (sidebar === 'calendar') {
    heading = `${t.shell.calendar} ${formatDate(calendarDate)}`;
    body = <CalendarPanel />;
  } else {
    heading = t.shell.events;
    body = <EventList />;
  }

  return (
    <Paper
      square
      elevation={2}
      // on a phone the sidebar takes the whole width (the event's map is its 'Mapa' tab)
      sx={{
        width: mobile ? 'auto' : 360,
        flex: mobile ? 1 : undefined,
        flexShrink: 0,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        zIndex: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography sx={{ flexGrow: 1, fontWeight: 600 }} noWrap>
          {heading}
        </Typography>
        <IconButton size="small" aria-label="Zavřít" onClick={() => (active ? setActiveEvent(null) : closeSidebar())}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {active ? (
        // a column, so the detail fills the height and its chat ends at the panel's bottom edge (the message
        // box stays in view); only a head taller than the screen makes the panel scroll
        <Box sx={{ overflow: 'auto', flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{body}</Box>
      ) : (
        <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
          {body}
        </Box>
      )}
    </Paper>
  );
}
