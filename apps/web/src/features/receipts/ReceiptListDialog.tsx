/**
 * The per-device list of a message or an alert (issue 25): each device that should have it, its base and the
 * times it was delivered, shown and read (accepted); a device that did not get it within 60 s is marked.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import { receiptTexts as t, type ReceiptKind, type ReceiptList } from '@panel/domain/receipts';
import { fetchReceiptList } from '../../api/receipts';
import { isAbortError } from '../../api/client';
import { dialogPaper } from '../../ui/dialogWidths';
import { useIsMobile } from '../../ui/useIsMobile';

const when = (wire: string | null) => (wire ? formatDateTime(fromWireTime(wire)) : '—');

export function ReceiptListDialog({ kind, id, onClose }: { kind: ReceiptKind; id: number; onClose: () => void }) {
  // a phone gets the whole screen: five columns do not fit a dialog's width there
  const fullScreen = useIsMobile();
  const [list, setList] = useState<ReceiptList | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchReceiptList(kind, id, controller.signal)
      .then(setList)
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailed(true);
      });
    return () => controller.abort();
  }, [kind, id]);

  return (
    // clicks inside stay here: through the portal they would reach the bubble or card that opened the list
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      fullWidth
      fullScreen={fullScreen}
      slotProps={dialogPaper('wide')}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
    >
      <DialogTitle>{kind === 'alert' ? t.alertListTitle : t.listTitle}</DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">{t.loadFailed}</Alert>}
        {!failed && !list && <CircularProgress size={24} aria-label={t.listTitle} />}
        {list && list.devices.length === 0 && <Typography>{t.noDevices}</Typography>}
        {list && list.devices.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="receipt-list">
              <TableHead>
                <TableRow>
                  <TableCell>{t.device}</TableCell>
                  <TableCell>{t.base}</TableCell>
                  <TableCell>{t.delivered}</TableCell>
                  <TableCell>{t.shown}</TableCell>
                  <TableCell>{kind === 'alert' ? t.accepted : t.read}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.devices.map((d) => (
                  <TableRow key={d.deviceId} data-device={d.code} data-missed={d.missed ? 1 : 0}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                        {d.code}
                      </Typography>
                      <Typography variant="caption">{d.name}</Typography>
                    </TableCell>
                    <TableCell>{d.baseName ?? '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {d.missed && !d.deliveredAt ? (
                        <Chip size="small" color="error" label={t.missed} />
                      ) : (
                        <>
                          {when(d.deliveredAt)}
                          {d.missed && <Chip size="small" color="warning" label={t.missed} sx={{ ml: 0.5 }} />}
                        </>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.shownAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.readAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
