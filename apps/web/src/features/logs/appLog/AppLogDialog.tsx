/**
 * 'Odeslání aplikačního logu' (001 §2; view Debug): 'Odeslat log' uploads the panel's state (stateLog.ts);
 * success shows 'Log byl odeslán'.
 */
import { useState, useSyncExternalStore } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { errorCount, subscribeErrors } from './errorStore';
import { NoDeviceError, sendStateLog } from './stateLog';
import { APPLOG_TEXTS as T } from './texts';
import { dialogPaper } from '../../../ui/dialogWidths';

type Phase = 'idle' | 'sending' | 'sent' | 'failed';

export function AppLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullWidth
      slotProps={dialogPaper('narrow')}
      aria-labelledby="applog-title"
    >
      {open && <AppLogBody onClose={onClose} />}
    </Dialog>
  );
}

function AppLogBody({ onClose }: { onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const errors = useSyncExternalStore(subscribeErrors, errorCount);

  const send = async () => {
    setPhase('sending');
    setFailure(null);
    try {
      await sendStateLog();
      setPhase('sent');
    } catch (e) {
      setFailure(
        e instanceof NoDeviceError
          ? T.noDevice
          : e instanceof Error && e.message
            ? `${T.failed} ${e.message}`
            : T.failed,
      );
      setPhase('failed');
    }
  };

  return (
    <>
      <DialogTitle id="applog-title">{T.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {T.intro}
          </Typography>
          <Typography variant="body2">{T.errors(errors)}</Typography>
          {phase === 'sent' && <Alert severity="success">{T.sent}</Alert>}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
        <Button variant="contained" startIcon={<SendIcon />} onClick={() => void send()} disabled={phase === 'sending'}>
          {T.send}
        </Button>
      </DialogActions>
    </>
  );
}
