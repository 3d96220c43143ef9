import { Suspense, useEffect, useMemo } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { DeviceView } from './features/auth/DeviceView';
import { LoadingView } from './features/auth/LoadingView';
import { LoginView } from './features/auth/LoginView';
import { InsecureContextNotice } from './features/shell/InsecureContextNotice';
import { useAppStore } from './stores/appStore';
import { useAuthStore } from './stores/authStore';
import { useSetupStore } from './stores/setupStore';
import { UpdatePrompt } from './pwa';
import { WebPushPrompt } from './features/webPush/WebPushPrompt';
import { useRuntime } from './features/shell/useRuntime';
import { panelTheme } from './ui/theme';
import { ChunkBoundary, lazyChunk } from './ui/lazyChunk';
import { Toaster } from './ui/toasts';
import { reportEventIdOf } from './features/incidentReport/route';

// The session's machinery and the main panel (event list, map, dialogs) load after login: the login screen
// needs none of it. They are fetched while the user types, so the panel opens without waiting for them.
const loadSessionRuntime = () => import('./features/sync/SessionRuntime');
const loadMainPanel = () => import('./features/shell/MainPanel').then((m) => ({ default: m.MainPanel }));
const SessionRuntime = lazyChunk(loadSessionRuntime);
const MainPanel = lazyChunk(loadMainPanel);
// the incident report's print tab (issue 26 item 3): its own chunk, loaded only at its address
const IncidentReportPage = lazyChunk(() => import('./features/incidentReport/IncidentReportPage'));

/** Starts fetching the after-login chunks (the browser keeps them; the lazy components then render at once). */
export function prefetchPanel(): void {
  void loadSessionRuntime().catch(() => undefined);
  void loadMainPanel().catch(() => undefined);
}

export type Shell = 'login' | 'device' | 'loading' | 'panel';

export function useShell(): Shell {
  const token = useAuthStore((s) => s.token);
  const deviceConfirmed = useAuthStore((s) => s.deviceConfirmed);
  const loaded = useAppStore((s) => s.loaded);
  if (!token) return 'login';
  if (!deviceConfirmed) return 'device';
  return loaded ? 'panel' : 'loading';
}

export function App() {
  useRuntime();
  const darkMode = useSetupStore((s) => s.darkMode);
  const shell = useShell();
  const theme = useMemo(() => panelTheme(darkMode), [darkMode]);
  const session = useAuthStore((s) => !!s.token && s.deviceConfirmed);
  // the report's tab shows the report alone: no sync, no socket, no panel (it reads one call)
  const reportId = useMemo(() => reportEventIdOf(window.location.pathname), []);
  useEffect(() => {
    if (shell !== 'login' && shell !== 'device') return;
    const timer = setTimeout(prefetchPanel, 500); // after the login screen has painted
    return () => clearTimeout(timer);
  }, [shell]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {session && reportId === null && (
        <ChunkBoundary>
          <Suspense fallback={null}>
            <SessionRuntime />
          </Suspense>
        </ChunkBoundary>
      )}
      {shell === 'login' && <LoginView />}
      {shell === 'device' && <DeviceView />}
      {session && reportId !== null && (
        <ChunkBoundary>
          <Suspense fallback={<LoadingView />}>
            <IncidentReportPage eventId={reportId} />
          </Suspense>
        </ChunkBoundary>
      )}
      {reportId === null && shell === 'loading' && <LoadingView />}
      {reportId === null && shell === 'panel' && (
        <ChunkBoundary>
          <Suspense fallback={<LoadingView />}>
            <MainPanel />
          </Suspense>
        </ChunkBoundary>
      )}
      <Toaster />
      <UpdatePrompt />
      {reportId === null && <WebPushPrompt />}
      <InsecureContextNotice />
    </ThemeProvider>
  );
}
