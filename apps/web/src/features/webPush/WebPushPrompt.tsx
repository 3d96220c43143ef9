import { Alert, Box, Button, Snackbar } from '@mui/material';
import { webPushTexts } from '@panel/domain/webPush';
import { useIsMobile } from '../../ui/useIsMobile';
import { allowWebPush, declineWebPush } from './webPushService';
import { useWebPushStore } from './webPushStore';

/**
 * The one question after device confirmation (issue 25 item 2): may the panel notify while closed? A snackbar,
 * never a modal: the dispatcher's work goes on under it. Bottom left on a desk; on a phone under the header, where
 * it covers neither the bottom navigation nor the map's controls. The buttons sit under the text, so a phone's
 * width is left to the question. Answered once per browser.
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
