import { Box, CircularProgress } from '@mui/material';
import { DebugDialog, DevPanel } from '../logs/devPanel';
import { LazyMapPage } from '../map/LazyMapPage';
import { EventViewDialog } from '../events/dialogs/EventViewDialog';
import { useUiStore } from '../../stores/uiStore';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { useIsMobile } from '../../ui/useIsMobile';
import { Header } from './Header';
import { SidePanel } from './SidePanel';
import { Sidebar } from './Sidebar';
import { SyncAlert } from './SyncAlert';

const MAIN_TEXTS = { map: 'Mapa' } as const; // ours

/** The main panel: header, sync alert, icon rail, sidebar panel and the map. */
export function MainPanel() {
  const page = useUiStore((s) => s.page);
  const sidebarOpen = useUiStore((s) => s.sidebarOpen);
  const active = useActiveEvent();
  const mobile = useIsMobile();
  // on a phone the sidebar and the map take turns: one map instance, in the event's 'Mapa' tab meanwhile
  const showMap = !mobile || (!active && !sidebarOpen);
  return (
    // 100dvh: on a phone 100vh counts the browser's address bar too, and the bottom rail would fall under it
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Header />
      <SyncAlert />
      {/* on a phone the rail is a bar at the bottom (Sidebar sets its order), so the content gets the whole width */}
      <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: mobile ? 'column' : 'row', minHeight: 0 }}>
        <Sidebar />
        {/* the working area is the page's main landmark (axe landmark-one-main): the sidebar panel and the map */}
        <Box component="main" sx={{ flexGrow: 1, display: 'flex', minWidth: 0, minHeight: 0 }}>
          <SidePanel />
          <Box
            component="section"
            aria-label={MAIN_TEXTS.map}
            data-page={page}
            sx={{
              display: showMap ? 'block' : 'none',
              flexGrow: 1,
              minWidth: 0,
              position: 'relative',
              bgcolor: (theme) => (theme.palette.mode === 'dark' ? '#11151a' : '#e8ecef'),
            }}
          >
            {showMap && (
              <LazyMapPage
                fallback={
                  <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
                    <CircularProgress />
                  </Box>
                }
              />
            )}
          </Box>
        </Box>
      </Box>
      {/* opened from the list, the head or the detail: mounted once, independent of the active event */}
      <EventViewDialog />
      <DevPanel />
      <DebugDialog />
    </Box>
  );
}
