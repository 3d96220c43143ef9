/**
 * SMS dialog (000 §2, §5): the suggested text from GET /{product}/occurrence/info, a required text of at most
 * 155 characters with a counter, sent by POST /{product}/contact/sms → 'Sms byla odeslána' / 'Sms nebyla odeslána'.
 */
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { formatPhone } from '@panel/domain/locale';
import { smsTextError } from '@panel/domain/contacts';
import type { Event, EventContact } from '@panel/domain/sync';
import { fetchSuggestedSms } from '../../api/contacts';
import { sendSms } from './contactActions';
import { useSmsContext } from './contactModel';
import { smsTexts } from './contactTexts';

export interface SmsDialogProps {
  event: Pick<Event, 'id' | 'uid' | 'uuid'>;
  contact: Pick<EventContact, 'name' | 'number'>;
  onClose: () => void;
}

export function SmsDialog({ event, contact, onClose }: SmsDialogProps) {
  const { baseUid, product } = useSmsContext();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const eventKey = event.uid || (event.id != null ? String(event.id) : event.uuid);

  useEffect(() => {
    if (!baseUid) return;
    let live = true;
    fetchSuggestedSms(product, eventKey, baseUid)
      .then((sms) => {
        if (live) setText((current) => (current ? current : sms));
      })
      .catch((e: unknown) => console.debug('[contacts] suggested sms failed', e));
    return () => {
      live = false;
    };
  }, [product, eventKey, baseUid]);

  const send = async () => {
    const problem = smsTextError(text);
    setTouched(true);
    setError(problem);
    if (problem || !baseUid) return;
    setBusy(true);
    const ok = await sendSms(product, {
      baseId: baseUid,
      number: contact.number ?? '',
      content: text.trim(),
      eventId: event.id,
    });
    setBusy(false);
    if (ok) onClose();
  };

  const count = text.trim().length;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="sms-dialog">
      <DialogTitle>
        {smsTexts.dialogTitle}
        <Typography variant="body2" color="text.secondary">
          {[contact.name, formatPhone(contact.number)].filter(Boolean).join(' · ')}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <TextField
          label={smsTexts.textLabel}
          name="content"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (touched) setError(smsTextError(e.target.value));
          }}
          multiline
          minRows={3}
          maxRows={8}
          fullWidth
          margin="dense"
          autoFocus
          error={Boolean(error)}
          helperText={
            <span style={{ display: 'flex', justifyContent: 'space-between' }}>
              <span>{error ?? ' '}</span>
              <span data-testid="sms-counter">{smsTexts.counter(count, smsTexts.max)}</span>
            </span>
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{smsTexts.cancel}</Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy || !baseUid}>
          {smsTexts.send}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
