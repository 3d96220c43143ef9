/** The debug view of a message (000 §2 context panel 'debug button', view Debug): its JSON, pretty printed. */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { texts } from '@panel/domain/locale';
import type { Message } from '@panel/domain/sync';
import { copyValue } from '../clipboard';
import { MESSAGE_TEXTS } from '../texts';
import { VIEWER_TEXTS } from './texts';

export const messageJson = (message: Message) => JSON.stringify(message, null, 2);

export function MessageDebugDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  const json = messageJson(message);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="message-debug-dialog">
      <DialogTitle>{VIEWER_TEXTS.debugTitle(message.id)}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Box
          component="pre"
          data-testid="message-debug-json"
          sx={{
            m: 0,
            p: 2,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace',
            fontSize: 12.5,
            lineHeight: 1.5,
            whiteSpace: 'pre',
            overflow: 'auto',
            maxHeight: '65vh',
            bgcolor: 'action.hover',
            userSelect: 'text',
          }}
        >
          {json}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copyValue(json)}>
          {texts.messages.copy}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {MESSAGE_TEXTS.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
