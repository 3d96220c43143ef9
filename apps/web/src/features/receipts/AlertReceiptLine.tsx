/**
 * The receipt line of an alert card (issue 25): "doručeno 2/3 zařízení PHA, přijato: <name>" — the devices of
 * the alerted bases that have the alert, and who accepted it. A click opens the per-device list. Rendering the
 * card while the panel is visible reports the alert as shown on this device.
 */
import { useState } from 'react';
import { Link, Typography } from '@mui/material';
import { receiptTexts as t } from '@panel/domain/receipts';
import type { Event } from '@panel/domain/sync';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { ReceiptListDialog } from './ReceiptListDialog';
import { useReportShown } from './useReportShown';

export function AlertReceiptLine({ event }: { event: Event }) {
  const [open, setOpen] = useState(false);
  // an event not saved yet has no id and no receipts
  useReportShown('alert', event.id ?? null);
  const codes = useEntitiesStore((s) =>
    [...new Set([event.baseId, ...(event.eventToBase ?? [])])]
      .map((id) => (id == null ? undefined : s.bases[id]?.code))
      .filter(Boolean)
      .join(', '),
  );
  const r = event.alert?.receipts;
  const accepted = event.alert?.acceptedBy?.name;
  const parts = [
    r ? t.alertDelivered(r.delivered, r.expected, codes) : null,
    accepted ? t.acceptedBy(accepted) : r ? t.notAccepted : null,
  ].filter(Boolean);
  if (parts.length === 0 || event.id == null) return null;
  return (
    <>
      <Typography variant="caption" color="text.secondary" data-testid="alert-receipts">
        <Link
          component="button"
          type="button"
          color="inherit"
          underline="hover"
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
          sx={{ verticalAlign: 'baseline', fontSize: 'inherit', textAlign: 'left' }}
        >
          {parts.join(', ')}
        </Link>
      </Typography>
      {open && <ReceiptListDialog kind="alert" id={event.id} onClose={() => setOpen(false)} />}
    </>
  );
}
