import { Alert, Button, Snackbar } from '@mui/material';
import { webPushTexts } from '@panel/domain/webPush';
import { useIsMobile } from '../../ui/useIsMobile';
import { allowWebPush, declineWebPush } from './webPushService';
import { useWebPushStore } from './webPushStore';

/**
 * The one question after device confirmation (issue 25 item 2): may the panel notify while closed? A snackbar,
 * never a modal: the dispatcher's work goes on under it. Bottom left on a desk; on a phone under the header, where
 * it covers neither the bottom navigation nor the map's controls. Answered once per browser.
 */
export function WebPushPrompt() {
  const ask = useWebPushStore((s) => s.ask);
  const mobile = useIsMobile();
  return (
    <Snackbar
      open={ask}
      anchorOrigin={mobile ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'left' }}
      sx={{ zIndex: 1450, ...(mobile ? { top: 56 } : {}) }}
    >
      <Alert
        severity="info"
        variant="filled"
        data-testid="web-push-prompt"
        sx={{ maxWidth: 520, alignItems: 'center' }}
        action={
          <>
            <Button color="inherit" size="small" onClick={declineWebPush}>
              {webPushTexts.later}
            </Button>
            <Button color="inherit" size="small" variant="outlined" onClick={() => void allowWebPush()}>
              {webPushTexts.allow}
            </Button>
          </>
        }
      >
        <strong>{webPushTexts.askTitle}</strong>
        <br />
        {webPushTexts.askBody}
      </Alert>
    </Snackbar>
  );
}
