/**
 * Receipt ticks on an own chat bubble (issue 25), as messengers show them: one tick sent, two ticks delivered
 * to every device that should have it, two coloured ticks read on at least one; a click opens the per-device
 * list. On a bubble of others it shows nothing and reports the message as shown on this device.
 */
import { useState, type MouseEvent } from 'react';
import { ButtonBase, Tooltip } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { receiptTexts as t, tickState } from '@panel/domain/receipts';
import type { Message } from '@panel/domain/sync';
import { ReceiptListDialog } from './ReceiptListDialog';
import { useReportShown } from './useReportShown';

const LABEL = { sent: t.sent, delivered: t.deliveredAll, read: t.readBySomeone } as const;

export function ReceiptTicks({ message, own, pending }: { message: Message; own: boolean; pending?: boolean }) {
  const [open, setOpen] = useState(false);
  useReportShown('message', own || pending ? null : message.id);
  if (!own || pending) return null;
  const state = tickState(message.receipts);
  const r = message.receipts;
  const label = r ? `${LABEL[state]} (${r.delivered}/${r.expected})` : LABEL[state];
  const Icon = state === 'sent' ? DoneIcon : DoneAllIcon;
  const openList = (e: MouseEvent) => {
    e.stopPropagation(); // the bubble's own click opens the context panel
    setOpen(true);
  };
  return (
    <>
      <Tooltip title={label}>
        <ButtonBase
          data-testid="receipt-ticks"
          data-state={state}
          aria-label={label}
          onClick={openList}
          onDoubleClick={(e) => e.stopPropagation()}
          sx={{ alignSelf: 'center', borderRadius: 1, px: 0.25, color: state === 'read' ? '#7fd3ff' : 'inherit' }}
        >
          <Icon sx={{ fontSize: 16 }} />
        </ButtonBase>
      </Tooltip>
      {open && <ReceiptListDialog kind="message" id={message.id} onClose={() => setOpen(false)} />}
    </>
  );
}
