import { useState } from 'react';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { texts } from '@panel/domain/locale';
import { useAppStore } from '../stores/appStore';
import { usePwaStore } from './pwaStore';
import { applyUpdate } from './registerSw';

const RELOAD = 'Načíst znovu'; // ours (001 §2: 'with a reload button')
const CLOSE = 'Zavřít'; // ours

/**
 * The one update prompt (001 §2 'Je připravena aktualizace panelu' with a reload button): shown when the
 * version check saw a new build (appStore.newVersion) or a new service worker is waiting (pwaStore).
 */
export function UpdatePrompt() {
  const newVersion = useAppStore((s) => s.newVersion);
  const needRefresh = usePwaStore((s) => s.needRefresh);
  const dismissed = usePwaStore((s) => s.dismissed);
  const [busy, setBusy] = useState(false);
  const open = (newVersion || needRefresh) && !dismissed;
  return (
    // at the top, under the header: at the bottom it covered the map's coordinate bar and its error (issue 24
    // item 7), the followed trains and, on a phone, the bottom navigation
    <Snackbar open={open} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} sx={{ zIndex: 1500, top: 56 }}>
      <Alert
        severity="info"
        variant="filled"
        data-testid="update-prompt"
        action={
          <>
            <Button
              color="inherit"
              size="small"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void applyUpdate();
              }}
            >
              {RELOAD}
            </Button>
            <IconButton
              color="inherit"
              size="small"
              aria-label={CLOSE}
              onClick={() => usePwaStore.getState().set({ dismissed: true })}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {texts.shell.updateReady}
      </Alert>
    </Snackbar>
  );
}
