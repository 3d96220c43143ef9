import { Alert, Box, Button, Snackbar } from '@mui/material';
import { webPushTexts } from '@panel/domain/webPush';
import { useIsMobile } from '../../ui/useIsMobile';
import { allowWebPush, declineWebPush } from './webPushService';
import { useWebPushStore } from './webPushStore';

/**
 * The one question after device confirmation (issue 25 item 2): may the panel notify while closed? A snackbar,
 * never a modal: the dispatcher's work goes on under it. Under the header in the middle: on a desk that is over
 * the map, clear of the event panel's message form (bottom left, which it covered at 1366×768) and of the map's
 * toolbar; on a phone it covers neither the bottom navigation nor the map's controls. Below dialogs (z-index under
 * MUI's modal 1300): an open dialog stays usable, the question waits behind it. Answered once per browser.
 */
export function WebPushPrompt() {
  const ask = useWebPushStore((s) => s.ask);
  const mobile = useIsMobile();
  return (
    <Snackbar
      open={ask}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ zIndex: 1250, top: mobile ? 56 : 72 }}
    >
      <Alert severity="info" variant="filled" data-testid="web-push-prompt" sx={{ maxWidth: 460 }}>
        <strong>{webPushTexts.askTitle}</strong>
        <br />
        {webPushTexts.askBody}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          <Button color="inherit" size="small" onClick={declineWebPush}>
            {webPushTexts.later}
          </Button>
          <Button color="inherit" size="small" variant="outlined" onClick={() => void allowWebPush()}>
            {webPushTexts.allow}
          </Button>
        </Box>
      </Alert>
    </Snackbar>
  );
}
