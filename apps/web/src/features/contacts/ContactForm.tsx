/**
 * The per-contact menu form (000 §2 Contacts): name and number (with the directory autocomplete), set or unset
 * as incident commander, SMS, delete, save — or create for a new contact. Rules of 000 §5 on submit
 * (`contactFormErrors`), the server's 422 answer shown at the fields.
 */
import { useState } from 'react';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { canOfferSms, isSendableNumber } from '@panel/domain/locale';
import {
  canDeleteContact,
  canEditContact,
  canSetCommander,
  contactFormErrors,
  isCommanderContact,
  type ContactFormErrors,
} from '@panel/domain/contacts';
import type { AppAbility } from '@panel/domain/auth';
import type { Event, EventContact } from '@panel/domain/sync';
import { newUuid } from '../../stores/uiStore';
import { removeContact, saveContact, setCommander, unsetCommander } from './contactActions';
import { contactTexts } from './contactTexts';
import { DirectoryField, useNameNumber } from './DirectoryField';

export interface ContactFormProps {
  event: Pick<Event, 'id' | 'uuid'>;
  /** null: a new contact */
  contact: EventContact | null;
  ability: AppAbility;
  resolverTypeId: number;
  onDone: () => void;
  onSms: (contact: EventContact) => void;
}

export function ContactForm({ event, contact, ability, resolverTypeId, onDone, onSms }: ContactFormProps) {
  const { name, number, field } = useNameNumber(contact?.name ?? '', contact?.number ?? '');
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [uuid] = useState(newUuid);
  const editable = contact ? canEditContact(ability, contact) : ability.can('create', 'EventContact');
  const commander = contact ? isCommanderContact(contact, resolverTypeId) : false;

  const run = async (fn: () => Promise<boolean>) => {
    setBusy(true);
    try {
      if (await fn()) onDone();
    } finally {
      setBusy(false);
    }
  };

  const submit = () =>
    run(async () => {
      const found = contactFormErrors({ name, number });
      setErrors(found);
      if (found.name || found.number) return false;
      const outcome = await saveContact(
        contact ? { id: contact.id, name, number } : { uuid, eventId: event.id, eventUuid: event.uuid, name, number },
      );
      if (!outcome.ok) {
        const byField = Object.fromEntries(outcome.errors.map((e) => [e.field, e.message])) as ContactFormErrors;
        setErrors({ name: byField.name, number: byField.number });
      }
      return outcome.ok;
    });

  return (
    <Box
      component="form"
      data-testid="contact-form"
      sx={{ p: 2, width: 320, maxWidth: '100%' }}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {contact ? contactTexts.edit : contactTexts.newContact}
      </Typography>
      <DirectoryField {...field('name')} name="name" error={errors.name} autoFocus disabled={!editable} />
      <DirectoryField {...field('number')} name="number" error={errors.number} disabled={!editable} />
      {contact && (
        <>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {canSetCommander(ability) && (
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                onClick={() =>
                  void run(
                    async () =>
                      (commander ? await unsetCommander(contact) : await setCommander(contact, resolverTypeId)).ok,
                  )
                }
              >
                {commander ? contactTexts.unsetCommander : contactTexts.setCommander}
              </Button>
            )}
            {canOfferSms(contact.number) && isSendableNumber(contact.number) && (
              <Button size="small" variant="outlined" disabled={busy} onClick={() => onSms(contact)}>
                {contactTexts.sms}
              </Button>
            )}
            {canDeleteContact(ability, contact) && (
              <Button
                size="small"
                color="error"
                variant="outlined"
                disabled={busy}
                onClick={() => void run(() => removeContact(contact))}
              >
                {contactTexts.remove}
              </Button>
            )}
          </Stack>
          <Divider sx={{ my: 1.5 }} />
        </>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        {editable && (
          <Button type="submit" variant="contained" size="small" disabled={busy}>
            {contact ? contactTexts.save : contactTexts.create}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
