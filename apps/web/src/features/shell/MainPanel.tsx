import { lazy, Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { DebugDialog, DevPanel } from '../devpanel';
import { EventViewDialog } from '../events/dialogs/EventViewDialog';
import { useUiStore } from '../../stores/uiStore';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { useIsMobile } from '../../ui/useIsMobile';
import { Header } from './Header';
import { SidePanel } from './SidePanel';
import { Sidebar } from './Sidebar';
import { SyncAlert } from './SyncAlert';

// OpenLayers and proj4 are a chunk of their own, loaded with the map
const MapPage = lazy(() => import('../map/MapPage'));

/** The main panel: header, sync alert, icon rail, sidebar panel and the map. */
export function MainPanel() {
  const page = useUiStore((s) => s.page);
  const sidebarOpen = useUiStore((s) => s.sidebarOpen);
  const active = useActiveEvent();
  const mobile = useIsMobile();
  // on a phone the sidebar and the map take turns: one map instance, in the event's 'Mapa' tab meanwhile
  const showMap = !mobile || (!active && !sidebarOpen);
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
            display: showMap ? 'block' : 'none',
            flexGrow: 1,
            minWidth: 0,
            position: 'relative',
            bgcolor: (theme) => (theme.palette.mode === 'dark' ? '#11151a' : '#e8ecef'),
          }}
        >
          {showMap && (
            <Suspense
              fallback={
                <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
                  <CircularProgress />
                </Box>
              }
            >
              <MapPage />
            </Suspense>
          )}
        </Box>
      </Box>
      {/* opened from the list, the head or the detail: mounted once, independent of the active event */}
      <EventViewDialog />
      <DevPanel />
      <DebugDialog />
    </Box>
  );
}
