import { useMemo } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { DeviceView } from './features/auth/DeviceView';
import { LoadingView } from './features/auth/LoadingView';
import { LoginView } from './features/auth/LoginView';
import { MainPanel } from './features/shell/MainPanel';
import { useAppStore } from './stores/appStore';
import { useAuthStore } from './stores/authStore';
import { useSetupStore } from './stores/setupStore';
import { UpdatePrompt } from './pwa';
import { useRuntime } from './sync/useRuntime';
import { Toaster } from './ui/toasts';

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
  const theme = useMemo(
    () =>
      createTheme({
        palette: { mode: darkMode ? 'dark' : 'light', primary: { main: darkMode ? '#64b5f6' : '#1565c0' } },
        typography: { fontSize: 13 },
        components: { MuiTooltip: { defaultProps: { disableInteractive: true } } },
      }),
    [darkMode],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {shell === 'login' && <LoginView />}
      {shell === 'device' && <DeviceView />}
      {shell === 'loading' && <LoadingView />}
      {shell === 'panel' && <MainPanel />}
      <Toaster />
      <UpdatePrompt />
    </ThemeProvider>
  );
}
