/** Forward a message (FWD_n): a copy as a new message to conversation n. */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { Message } from '@panel/domain/sync';
import { messageCategoryStyle } from '../events/head/headColors';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { forward } from './messageActions';
import { MESSAGE_TEXTS } from './texts';
import { dialogPaper } from '../../ui/dialogWidths';

export function ForwardDialog({
  message,
  messageCategoryId,
  onDone,
  onClose,
}: {
  message: Message;
  messageCategoryId: number;
  onDone: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const catalogue = useEntitiesStore((s) => s.messageCategories);
  const label = messageCategoryStyle(messageCategoryId, catalogue).name;
  return (
    <Dialog open onClose={onClose} maxWidth={false} fullWidth slotProps={dialogPaper('narrow')}>
      <DialogTitle>{MESSAGE_TEXTS.forwardTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {MESSAGE_TEXTS.forwardTo}: {label}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {message.content}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{MESSAGE_TEXTS.cancel}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const ok = await forward(message, messageCategoryId);
            setBusy(false);
            if (ok) onDone();
          }}
        >
          {MESSAGE_TEXTS.forward}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
