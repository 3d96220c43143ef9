/**
 * Contact writes with their notices: save ('Kontakt byl uložen'), delete, commander set/unset (000 §4), SMS
 * ('Sms byla odeslána' / 'Sms nebyla odeslána'). A 422 answer comes back as field errors for the form.
 */
import { commanderSet, commanderUnset } from '@panel/domain/contacts';
import type { EventContact } from '@panel/domain/sync';
import type { FieldError } from '@panel/domain/http';
import { ApiError, messageOf } from '../../api/client';
import * as contactsApi from '../../api/contacts';
import { toast } from '../../ui/toasts';
import { contactTexts, smsTexts } from './contactTexts';

export type SaveOutcome = { ok: true; contact: EventContact } | { ok: false; errors: FieldError[] };

function errorText(error: unknown): string {
  if (error instanceof ApiError) return messageOf(error.body) ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Saves; 'Kontakt byl uložen' on success; a 422 gives its field errors, other failures a toast. */
export async function saveContact(body: contactsApi.SaveContactBody): Promise<SaveOutcome> {
  try {
    const contact = await contactsApi.saveEventContact(body);
    toast.success(contactTexts.saved);
    return { ok: true, contact };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && Array.isArray(error.body)) {
      return { ok: false, errors: error.body as FieldError[] };
    }
    console.error('[contacts] save failed', error);
    toast.error(`${contactTexts.saveFailed}: ${errorText(error)}`);
    return { ok: false, errors: [] };
  }
}

export async function removeContact(contact: Pick<EventContact, 'id'>): Promise<boolean> {
  try {
    await contactsApi.removeEventContact(contact.id);
    toast.success(contactTexts.removed);
    return true;
  } catch (error) {
    console.error('[contacts] delete failed', error);
    toast.error(errorText(error));
    return false;
  }
}

/** Sets an existing contact as the commander: the resolver type, title 'Velitel zásahu', the name. */
export function setCommander(contact: EventContact, resolverTypeId: number, name?: string | null) {
  return saveContact({ id: contact.id, ...commanderSet(contact, resolverTypeId, name) });
}

/** Unsets the commander: type 5 with a device, else 4; the title cleared. */
export function unsetCommander(contact: EventContact) {
  return saveContact({ id: contact.id, ...commanderUnset(contact) });
}

/** A new contact that is the commander at once (the VZ dialog's 'Doplnit kontakt na VZ' form). */
export function createCommander(
  event: { id: number | null; uuid: string },
  number: string,
  name: string,
  resolverTypeId: number,
  uuid: string,
) {
  return saveContact({
    uuid,
    eventId: event.id,
    eventUuid: event.uuid,
    number,
    ...commanderSet({ name }, resolverTypeId, name),
  });
}

export async function sendSms(
  product: string,
  fields: { baseId: string; number: string; content: string; eventId?: number | null },
): Promise<boolean> {
  try {
    const answer = await contactsApi.sendSms(product, fields);
    if (Number(answer?.status) === 1) {
      toast.success(smsTexts.sent);
      return true;
    }
    console.warn('[contacts] sms refused', answer);
  } catch (error) {
    console.error('[contacts] sms failed', error);
  }
  toast.error(smsTexts.notSent);
  return false;
}
