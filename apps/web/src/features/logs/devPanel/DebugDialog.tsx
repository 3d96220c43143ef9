import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { DEBUG_EVENT } from '../../sync/realtime';
import { JsonView } from './JsonView';
import { dt } from './texts';
import { dialogPaper } from '../../../ui/dialogWidths';

export { DEBUG_EVENT };

/** Shows the payload of the last `debug` push. */
export function DebugDialog() {
  const [payload, setPayload] = useState<{ value: unknown } | null>(null);
  useEffect(() => {
    const onDebug = (event: Event) => setPayload({ value: (event as CustomEvent).detail });
    window.addEventListener(DEBUG_EVENT, onDebug);
    return () => window.removeEventListener(DEBUG_EVENT, onDebug);
  }, []);
  return (
    <Dialog
      open={!!payload}
      onClose={() => setPayload(null)}
      maxWidth={false}
      fullWidth
      slotProps={dialogPaper('wide')}
    >
      <DialogTitle>{dt.debugTitle}</DialogTitle>
      <DialogContent dividers>
        <JsonView testId="debug-payload" value={payload?.value} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setPayload(null)}>{dt.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
