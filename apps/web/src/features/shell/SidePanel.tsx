import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { formatDate } from '@panel/domain/locale';
import { useUiStore } from '../../stores/uiStore';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { t } from '../../texts';
import { EventListPanel } from './EventListPanel';

/** The sidebar content: the active event, the event list or the calendar (later issues fill these in). */
export function SidePanel() {
  const sidebar = useUiStore((s) => s.sidebar);
  const open = useUiStore((s) => s.sidebarOpen);
  const calendarDate = useUiStore((s) => s.calendarDate);
  const closeSidebar = useUiStore((s) => s.closeSidebar);
  const discardLocalEvent = useUiStore((s) => s.discardLocalEvent);
  const setActiveEvent = useUiStore((s) => s.setActiveEvent);
  const active = useActiveEvent();
  if (!active && !open) return null;

  let heading: string;
  let body;
  if (active) {
    heading = active.kind === 'local' ? t.shell.newEvent : active.event.header?.title?.value || t.shell.titleEvent;
    body = (
      <Stack spacing={1} sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {active.event.header?.subtitle?.value || active.event.address || ''}
        </Typography>
        {active.kind === 'local' && (
          <Button size="small" variant="outlined" onClick={() => discardLocalEvent(active.event.uuid)}>
            {t.shell.no}
          </Button>
        )}
      </Stack>
    );
  } else if (sidebar === 'calendar') {
    heading = `${t.shell.calendar} ${formatDate(calendarDate)}`;
    body = null;
  } else {
    heading = t.shell.events;
    body = <EventListPanel />;
  }

  return (
    <Paper
      square
      elevation={2}
      sx={{ width: 340, flexShrink: 0, display: 'flex', flexDirection: 'column', minHeight: 0, zIndex: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography sx={{ flexGrow: 1, fontWeight: 600 }} noWrap>
          {heading}
        </Typography>
        <IconButton size="small" aria-label="Zavřít" onClick={() => (active ? setActiveEvent(null) : closeSidebar())}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ overflow: 'auto', flexGrow: 1 }}>{body}</Box>
    </Paper>
  );
}
