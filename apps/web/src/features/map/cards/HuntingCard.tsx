/**
 * Hunting region card (001 §2, §3): name, kraj/okres/ORP, the hunting company and the region's contacts with
 * add (name + phone, the contact phone rules; POST /hunting-region/contact) and delete; each contact (and the
 * company phone) can be added to the active event's contacts as type 13 (docs/API.md "Hunting contact type 13").
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Divider,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { CONTACT_TYPE, INACTIVE_STATES } from '@panel/domain/constants';
import { formatPhone, isSendableNumber, normalizeContactNumber } from '@panel/domain/locale';
import { contactFormErrors, type ContactFormErrors } from '@panel/domain/contacts';
import { ApiError, messageOf } from '../../../api/client';
import { saveEventContact } from '../../../api/contacts';
import { deleteHuntingContact, saveHuntingContact, type HuntingContact } from '../../../api/mapServices';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { newUuid } from '../../../stores/uiStore';
import { useAbility } from '../../../stores/useAbility';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import { toast } from '../../../ui/toasts';
import { CardFrame } from './CardFrame';
import { useCardsStore } from './cardsStore';
import { CARD_TEXTS } from './texts';

/** 422 [{field, message}] of the hunting contact call → the form's errors (phone → number). */
function fieldErrors(error: unknown): ContactFormErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.body)) return null;
  const found: ContactFormErrors = {};
  for (const e of error.body as { field?: string; message?: string }[]) {
    if (e.field === 'name') found.name = e.message;
    else if (e.field === 'phone' || e.field === 'number') found.number = e.message;
  }
  return Object.keys(found).length ? found : null;
}

/** Whether a number can go to the active event now (001 §5): active, type event, sendable, not a duplicate. */
function useAddToEvent(): {
  visible: boolean;
  check: (phone: string) => string | null;
  add: (name: string, phone: string) => Promise<void>;
} {
  const ability = useAbility();
  const active = useActiveEvent();
  const event = active?.kind === 'saved' ? active.event : null;
  const categoryType = useEntitiesStore((s) => (event ? s.eventCategories[event.eventCategoryId]?.type : undefined));
  const contacts = useEntitiesStore((s) => s.eventContacts);
  const visible = Boolean(event && event.id != null && ability.can('create', 'EventContact'));
  const check = (phone: string): string | null => {
    if (!event || categoryType !== 'event' || INACTIVE_STATES.includes(event.eventStateId)) return '';
    const number = normalizeContactNumber(phone);
    if (!isSendableNumber(number)) return '';
    const taken = Object.values(contacts).some(
      (c) => c.eventId === event.id && normalizeContactNumber(c.number) === number,
    );
    return taken ? CARD_TEXTS.alreadyInEvent : null;
  };
  const add = async (name: string, phone: string) => {
    if (!event?.id) return;
    try {
      await saveEventContact({
        eventId: event.id,
        name,
        number: normalizeContactNumber(phone),
        contactTypeId: CONTACT_TYPE.HUNTING,
        uuid: newUuid(),
      });
      toast.success(CARD_TEXTS.addedToEvent);
    } catch (error) {
      console.warn('[cards] add hunting contact to event failed', error);
      const fields =
        error instanceof ApiError && Array.isArray(error.body) ? (error.body as { message?: string }[]) : [];
      toast.error(
        fields[0]?.message ??
          (error instanceof ApiError ? messageOf(error.body) : undefined) ??
          CARD_TEXTS.contactSaveFailed,
      );
    }
  };
  return { visible, check, add };
}

function AddToEventButton({
  name,
  phone,
  target,
}: {
  name: string;
  phone: string;
  target: ReturnType<typeof useAddToEvent>;
}) {
  const [busy, setBusy] = useState(false);
  if (!target.visible) return null;
  const problem = target.check(phone);
  return (
    <Tooltip title={problem || CARD_TEXTS.addToEvent}>
      <span>
        <IconButton
          size="small"
          edge="end"
          aria-label={CARD_TEXTS.addToEvent}
          disabled={problem !== null || busy}
          onClick={() => {
            setBusy(true);
            void target.add(name, phone).finally(() => setBusy(false));
          }}
        >
          <PersonAddIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

function ContactForm({
  regionId,
  onSaved,
  onCancel,
}: {
  regionId: string | number;
  onSaved: (c: HuntingContact) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const found = contactFormErrors({ name, number: phone });
    setErrors(found);
    if (found.name || found.number) return;
    setBusy(true);
    try {
      const answer = await saveHuntingContact({
        hunting_region_id: regionId,
        name: name.trim(),
        phone: normalizeContactNumber(phone),
      });
      if (answer?.type !== 'success' || !answer.contact) throw new Error(answer?.message ?? 'hunting contact refused');
      onSaved(answer.contact);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      else {
        console.warn('[cards] hunting contact save failed', error);
        toast.error((error instanceof ApiError && messageOf(error.body)) || CARD_TEXTS.contactSaveFailed);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      data-testid="hunting-contact-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ mt: 1 }}
    >
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          label={CARD_TEXTS.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
          autoFocus
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          label={CARD_TEXTS.phone}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={Boolean(errors.number)}
          helperText={errors.number}
          inputMode="tel"
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        <Button size="small" onClick={onCancel}>
          {CARD_TEXTS.cancel}
        </Button>
        <Button size="small" variant="contained" type="submit" disabled={busy}>
          {CARD_TEXTS.save}
        </Button>
      </Stack>
    </Box>
  );
}

export function HuntingCard() {
  const feature = useCardsStore((s) => s.hunting);
  const setContacts = useCardsStore((s) => s.setHuntingContacts);
  const [adding, setAdding] = useState(false);
  const target = useAddToEvent();
  // the server refuses contact writes without create EventContact (group MNG is view-only): no buttons then
  const mayWrite = useAbility().can('create', 'EventContact');
  const p = feature?.properties;
  const contacts = p?.contacts ?? [];
  const company = p?.huntingCompany;

  const remove = async (contact: HuntingContact) => {
    try {
      const answer = await deleteHuntingContact(contact.id);
      if (answer?.type !== 'success') throw new Error(answer?.message ?? 'delete refused');
      const now = useCardsStore.getState().hunting?.properties.contacts ?? [];
      setContacts(now.filter((c) => c.id !== contact.id));
    } catch (error) {
      console.warn('[cards] hunting contact delete failed', error);
      toast.error((error instanceof ApiError && messageOf(error.body)) || CARD_TEXTS.contactDeleteFailed);
    }
  };

  return (
    <CardFrame title={p?.name ? `${CARD_TEXTS.hunting}: ${p.name}` : CARD_TEXTS.hunting} testId="card-hunting">
      {p && (
        <>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} data-testid="hunting-name">
            {p.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              p.kraj && `${CARD_TEXTS.region}: ${p.kraj}`,
              p.okres && `${CARD_TEXTS.district}: ${p.okres}`,
              p.orp && `${CARD_TEXTS.orp}: ${p.orp}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {/* ÚHÚL's WMS gives the region's code and says where it comes from (server integrations/map/hunting/uhul.ts) */}
          {typeof p.code === 'string' && (
            <Typography variant="body2" data-testid="hunting-code">
              {CARD_TEXTS.huntingCode}: {p.code}
            </Typography>
          )}
          {typeof p.source === 'string' && (
            <Typography variant="caption" color="text.secondary" data-testid="hunting-source">
              {CARD_TEXTS.huntingSource}
            </Typography>
          )}
          {company && (
            <Box sx={{ mt: 1 }} data-testid="hunting-company">
              <Typography variant="caption" color="text.secondary">
                {CARD_TEXTS.company}
              </Typography>
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {company.name}
                  </Typography>
                  <Typography variant="body2">
                    {[company.address, company.postalCode].filter(Boolean).join(', ')}
                  </Typography>
                  {company.phone && (
                    <Link href={`tel:${company.phone}`} variant="body2" underline="hover">
                      {formatPhone(company.phone)}
                    </Link>
                  )}
                </Box>
                {company.phone && (
                  <AddToEventButton name={company.name ?? p.name} phone={company.phone} target={target} />
                )}
              </Stack>
            </Box>
          )}
          <Divider sx={{ my: 1 }} />
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {CARD_TEXTS.contacts}
            </Typography>
            {!adding && mayWrite && (
              <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
                {CARD_TEXTS.addContact}
              </Button>
            )}
          </Stack>
          {contacts.length === 0 && !adding && (
            <Typography variant="body2" color="text.secondary">
              {CARD_TEXTS.noContacts}
            </Typography>
          )}
          <List dense disablePadding data-testid="hunting-contacts">
            {contacts.map((c) => (
              <ListItem
                key={c.id}
                disableGutters
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <AddToEventButton name={c.name} phone={c.phone} target={target} />
                    {mayWrite && (
                      <Tooltip title={CARD_TEXTS.deleteContact}>
                        <IconButton
                          size="small"
                          edge="end"
                          aria-label={CARD_TEXTS.deleteContact}
                          onClick={() => void remove(c)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Stack>
                }
                sx={{ pr: 9 }}
              >
                <ListItemText primary={c.name} secondary={formatPhone(c.phone)} />
              </ListItem>
            ))}
          </List>
          {adding && (
            <ContactForm
              regionId={p.id}
              onCancel={() => setAdding(false)}
              onSaved={(contact) => {
                const now = useCardsStore.getState().hunting?.properties.contacts ?? [];
                setContacts([...now.filter((c) => c.id !== contact.id), contact]);
                setAdding(false);
              }}
            />
          )}
        </>
      )}
    </CardFrame>
  );
}
