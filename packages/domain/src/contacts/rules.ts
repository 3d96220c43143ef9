/** Contacts, commander and SMS rules (000 §4, §5, §6). */
import {
  COMMANDER_HIDDEN_STATE,
  COMMANDER_TITLE,
  CONTACT_TYPE,
  PHONE_LENGTH,
  RESOLVER_CONTACT_TYPE_IDS,
  SMS_MAX,
} from '../constants/index';
import { canOfferSms, isSendableNumber, normalizeContactNumber, stripCzPrefix } from '../locale/phone';
import type { AppAbility } from '../auth/permissions';
import type { RuleCategory } from '../events/rules';
import type { EventContact } from '../sync/index';
import { contactTexts, smsTexts } from './texts';

type ContactFlags = Partial<Pick<EventContact, 'custom' | 'persistent'>>;

/** create EventContact and a custom contact. */
export const canEditContact = (ability: AppAbility, contact: ContactFlags): boolean =>
  ability.can('create', 'EventContact') && Boolean(contact.custom);

/** Delete: custom and not persistent (and, like every contact edit, create EventContact). */
export const canDeleteContact = (ability: AppAbility, contact: ContactFlags): boolean =>
  ability.can('create', 'EventContact') && Boolean(contact.custom) && !contact.persistent;

/** Commander buttons and the send-contact button. */
export const canSetCommander = (ability: AppAbility): boolean => ability.can('create', 'EventContact');
export const canSendContact = canSetCommander;

/** The missing-commander warning: gated by create EventContact, hidden in state 14 and once a commander is set. */
export const showMissingCommander = (
  ability: AppAbility,
  event: { eventStateId: number },
  hasCommander: boolean,
): boolean => ability.can('create', 'EventContact') && event.eventStateId !== COMMANDER_HIDDEN_STATE && !hasCommander;

/**
 * A contact can be added to an event only if an event is active, its category type is 'event', the number is
 * sendable and not already among the event's numbers (compared after stripping 00420).
 */
export function canAddContactToEvent(
  activeEvent: object | null | undefined,
  category: RuleCategory | null | undefined,
  number: string | number | null | undefined,
  eventNumbers: readonly (string | null)[],
): boolean {
  if (!activeEvent || category?.type !== 'event' || !isSendableNumber(number)) return false;
  const n = stripCzPrefix(number);
  return !eventNumbers.some((existing) => existing !== null && stripCzPrefix(existing) === n);
}

// ---- contact form, commander and SMS rules (issue 5; 000 §4, §5, 001 §5)

export interface ContactFormErrors {
  name?: string;
  number?: string;
}

/**
 * The contact form rules (000 §5): name required ('Prosím vyplňte'); number required, digits only ('Toto pole
 * musí obsahovat jen číslice'), exactly 9 digits ('Vložte devítimístné telefonní číslo'). The number is read
 * as stored (`normalizeContactNumber`: spaces, 00420 and +420 are dropped first).
 */
export function contactFormErrors(input: { name?: string | null; number?: string | number | null }): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!String(input.name ?? '').trim()) errors.name = contactTexts.nameRequired;
  const number = normalizeContactNumber(input.number);
  if (!number) errors.number = contactTexts.nameRequired;
  else if (!/^\d+$/.test(number)) errors.number = contactTexts.digitsOnly;
  else if (number.length !== PHONE_LENGTH) errors.number = contactTexts.nineDigits;
  return errors;
}

/** The resolver (commander) type: the first of 22, 19, 2 that the catalogue holds. */
export function resolverTypeOf(typeIds: Iterable<number>): number {
  const known = new Set(typeIds);
  return RESOLVER_CONTACT_TYPE_IDS.find((id) => known.has(id)) ?? RESOLVER_CONTACT_TYPE_IDS[0];
}

type CommanderFields = Pick<EventContact, 'contactTypeId' | 'title'>;

/** A commander contact: of the resolver type or titled 'Velitel zásahu' (as the event head reads it). */
export const isCommanderContact = (contact: CommanderFields, resolverTypeId: number): boolean =>
  contact.contactTypeId === resolverTypeId || contact.title === COMMANDER_TITLE;

/** Setting the commander (000 §4): the resolver type, the title 'Velitel zásahu' and the commander's name. */
export function commanderSet(
  contact: Pick<EventContact, 'name'>,
  resolverTypeId: number,
  name?: string | null,
): { contactTypeId: number; title: string; name: string | null } {
  const given = name?.trim();
  return { contactTypeId: resolverTypeId, title: COMMANDER_TITLE, name: given || contact.name };
}

/** Unsetting the commander (000 §4): type 5 with a device id, otherwise 4; the title cleared. */
export function commanderUnset(contact: Pick<EventContact, 'deviceId'>): { contactTypeId: number; title: null } {
  return { contactTypeId: contact.deviceId != null ? CONTACT_TYPE.DEVICE : CONTACT_TYPE.DEFAULT, title: null };
}

/** Contacts table order (000 §2): priority descending, then sort, then id. */
export function sortContacts<T extends Pick<EventContact, 'priority' | 'sort' | 'id'>>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.priority - a.priority || a.sort - b.sort || a.id - b.id);
}

/** The SMS text rule (000 §5): required ('Zadejte text sms zprávy.'), at most 155 characters. */
export function smsTextError(text: string | null | undefined): string | null {
  const value = String(text ?? '').trim();
  if (!value) return smsTexts.textRequired;
  if (value.length > SMS_MAX) return smsTexts.tooLong;
  return null;
}

/** The SMS number rule: exactly 9 digits and a mobile number (starts with 6 or 7); null when fine. */
export function smsNumberError(number: string | number | null | undefined): string | null {
  const n = normalizeContactNumber(number);
  if (!/^\d{9}$/.test(n)) return contactTexts.nineDigits;
  if (!canOfferSms(n)) return smsTexts.notMobile;
  return null;
}
