/**
 * 'Určení kontaktu na velitele zásahu (VZ)' (000 §2, 001 §2; max width 640): the event's contacts, each with
 * 'Kontakt na VZ' or 'Odebrat z VZ', and the form 'Doplnit kontakt na VZ (v případě, že není v seznamu)'.
 * Confirming (a listed contact or the form) opens 'Kontakt na Velitele zásahu (VZ)' with 'Jméno velitele
 * zásahu' and Zpět / Nastavit; Nastavit saves the commander (000 §4). Unsetting saves at once.
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { COMMANDER_DIALOG_MAX_WIDTH } from '@panel/domain/constants';
import { formatPhone, normalizeContactNumber } from '@panel/domain/locale';
import { canSetCommander, contactFormErrors, isCommanderContact } from '@panel/domain/contacts';
import type { Event, EventContact } from '@panel/domain/sync';
import { newUuid } from '../../stores/uiStore';
import { createCommander, setCommander, unsetCommander } from './contactActions';
import { useEventAbility, useEventContacts, useResolverTypeId } from './contactModel';
import { contactTexts } from './contactTexts';
import { DirectoryField, useNameNumber } from './DirectoryField';

type Pending = { kind: 'existing'; contact: EventContact } | { kind: 'new'; number: string; name: string };

export function CommanderDialog({ event, onClose }: { event: Event; onClose: () => void }) {
  const contacts = useEventContacts(event.id);
  const ability = useEventAbility(event);
  const resolverTypeId = useResolverTypeId();
  const { name, number, field } = useNameNumber();
  const [numberError, setNumberError] = useState<string | undefined>();
  const [pending, setPending] = useState<Pending | null>(null);
  const [commanderName, setCommanderName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [uuid] = useState(newUuid);
  const allowed = canSetCommander(ability);

  const confirm = (p: Pending) => {
    setPending(p);
    setCommanderName(p.kind === 'existing' ? (p.contact.name ?? '') : p.name);
    setNameError(undefined);
  };

  const confirmNew = () => {
    const errors = contactFormErrors({ name: 'x', number });
    setNumberError(errors.number);
    if (errors.number) return;
    const n = normalizeContactNumber(number);
    const known = contacts.find((c) => c.number != null && normalizeContactNumber(c.number) === n);
    confirm(known ? { kind: 'existing', contact: known } : { kind: 'new', number: n, name });
  };

  const apply = async () => {
    if (!pending) return;
    if (pending.kind === 'new' && !commanderName.trim()) {
      setNameError(contactTexts.nameRequired);
      return;
    }
    setBusy(true);
    const outcome =
      pending.kind === 'existing'
        ? await setCommander(pending.contact, resolverTypeId, commanderName)
        : await createCommander(event, pending.number, commanderName.trim(), resolverTypeId, uuid);
    setBusy(false);
    if (outcome.ok) {
      setPending(null);
      onClose();
    } else {
      const byField = Object.fromEntries(outcome.errors.map((e) => [e.field, e.message]));
      if (byField.number) {
        setNumberError(byField.number);
        setPending(null);
      } else if (byField.name) setNameError(byField.name);
    }
  };

  const unset = async (contact: EventContact) => {
    setBusy(true);
    await unsetCommander(contact);
    setBusy(false);
  };

  return (
    <>
      <Dialog
        open={!pending}
        onClose={onClose}
        fullWidth
        slotProps={{ paper: { sx: { maxWidth: COMMANDER_DIALOG_MAX_WIDTH } } }}
        data-testid="commander-dialog"
        onClick={(e) => e.stopPropagation()}
      >
        <DialogTitle>{contactTexts.commanderDialogTitle}</DialogTitle>
        <DialogContent dividers>
          {contacts.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {contactTexts.empty}
            </Typography>
          ) : (
            <List dense disablePadding>
              {contacts.map((c) => {
                const commander = isCommanderContact(c, resolverTypeId);
                return (
                  <ListItem
                    key={c.id}
                    divider
                    data-testid="commander-candidate"
                    secondaryAction={
                      allowed && (
                        <Button
                          size="small"
                          variant={commander ? 'outlined' : 'contained'}
                          color={commander ? 'warning' : 'primary'}
                          disabled={busy}
                          onClick={() => (commander ? void unset(c) : confirm({ kind: 'existing', contact: c }))}
                        >
                          {commander ? contactTexts.unsetCommander : contactTexts.setCommander}
                        </Button>
                      )
                    }
                  >
                    <ListItemText
                      primary={[c.title, c.name].filter(Boolean).join(' – ') || '—'}
                      secondary={[c.contactTypeName, formatPhone(c.number)].filter(Boolean).join(' · ')}
                      sx={{ pr: 14 }}
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
          {allowed && (
            <Box
              component="form"
              noValidate
              sx={{ mt: 2 }}
              onSubmit={(e) => {
                e.preventDefault();
                confirmNew();
              }}
            >
              <Typography variant="subtitle2">{contactTexts.addCommanderForm}</Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                <DirectoryField {...field('number')} name="commanderNumber" error={numberError} />
                <DirectoryField {...field('name')} name="commanderName" />
                <Button type="submit" variant="contained" sx={{ mt: { sm: 1 }, flexShrink: 0 }}>
                  {contactTexts.setCommander}
                </Button>
              </Stack>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{contactTexts.back}</Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={Boolean(pending)}
        onClose={() => setPending(null)}
        maxWidth="xs"
        fullWidth
        data-testid="commander-name-dialog"
        onClick={(e) => e.stopPropagation()}
      >
        <DialogTitle>{contactTexts.commanderFormTitle}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary">
            {formatPhone(pending?.kind === 'existing' ? pending.contact.number : pending?.number)}
          </Typography>
          <TextField
            label={contactTexts.commanderNameLabel}
            name="commanderFullName"
            value={commanderName}
            onChange={(e) => setCommanderName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void apply();
            }}
            error={Boolean(nameError)}
            helperText={nameError || ' '}
            fullWidth
            margin="dense"
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{contactTexts.back}</Button>
          <Button variant="contained" onClick={() => void apply()} disabled={busy}>
            {contactTexts.set}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
