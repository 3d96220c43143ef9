import { Box, Typography } from '@mui/material';
import MapIcon from '@mui/icons-material/Map';
import { EventViewDialog } from '../events/dialogs/EventViewDialog';
import { useUiStore } from '../../stores/uiStore';
import { t } from '../../texts';
import { Header } from './Header';
import { SidePanel } from './SidePanel';
import { Sidebar } from './Sidebar';
import { SyncAlert } from './SyncAlert';

/** The main panel: header, sync alert, icon rail, sidebar panel and the page (map placeholder for now). */
export function MainPanel() {
  const page = useUiStore((s) => s.page);
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Header />
      <SyncAlert />
      <Box sx={{ flexGrow: 1, display: 'flex', minHeight: 0 }}>
        <Sidebar />
        <SidePanel />
        <Box
          component="main"
          data-page={page}
          sx={{
            flexGrow: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: (theme) => (theme.palette.mode === 'dark' ? '#11151a' : '#e8ecef'),
          }}
        >
          <Box sx={{ textAlign: 'center', color: 'text.disabled' }}>
            <MapIcon sx={{ fontSize: 64 }} />
            <Typography variant="h6">{page === 'map' ? t.shell.mapPlaceholder : t.shell.calendar}</Typography>
          </Box>
        </Box>
      </Box>
      {/* opened from the list, the head or the detail: mounted once, independent of the active event */}
      <EventViewDialog />
    </Box>
  );
}
