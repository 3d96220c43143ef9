import { useState } from 'react';
import { Alert, IconButton, Snackbar } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { t } from '../../texts';

/** sessionStorage key: the notice was closed in this tab, it is not shown again until the tab is closed */
export const INSECURE_NOTICE_KEY = 'panel.insecureNoticeClosed';

function closedBefore(): boolean {
  try {
    return sessionStorage.getItem(INSECURE_NOTICE_KEY) === '1';
  } catch {
    return false; // storage refused (private mode): show it, closing still hides it for this page
  }
}

/**
 * Opened over plain HTTP from another host (`http://server:8080` on a LAN), the browser gives the page no
 * microphone (`navigator.mediaDevices` is undefined), no camera, no clipboard and no service worker: the radio
 * and the updates would fail silently. The panel says so once, in Czech, and the user may close the notice.
 * `localhost`/`127.0.0.1` and HTTPS are secure contexts: nothing is shown. Behind the TLS proxy
 * (deploy/nginx/panel.conf) it never appears.
 */
export function InsecureContextNotice({ secure = window.isSecureContext }: { secure?: boolean }) {
  const [open, setOpen] = useState(() => !secure && !closedBefore());
  const close = () => {
    setOpen(false);
    try {
      sessionStorage.setItem(INSECURE_NOTICE_KEY, '1');
    } catch {
      // nothing to remember it in: closed for this page only
    }
  };
  return (
    <Snackbar open={open} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} sx={{ zIndex: 1500 }}>
      <Alert
        severity="warning"
        variant="filled"
        data-testid="insecure-context-notice"
        action={
          <IconButton color="inherit" size="small" aria-label={t.shell.close} onClick={close}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        {t.shell.insecureContext}
      </Alert>
    </Snackbar>
  );
}
