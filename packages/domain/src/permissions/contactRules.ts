/** Contacts, commander and deployment rules (000 §4, §5, §6). */
import { COMMANDER_HIDDEN_STATE } from '../constants/index';
import { isSendableNumber, stripCzPrefix } from '../locale/phone';
import type { EventContact, Resource } from '../sync/index';
import { isCentral, type RuleCategory, type RuleUser } from './eventRules';
import type { AppAbility } from './types';

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

/** create EventJob: add a deployment. */
export const canDeploy = (ability: AppAbility): boolean => ability.can('create', 'EventJob');

/** Ending a deployment: the user's base is the vehicle's base, or the central base. */
export const canEndJob = (user: RuleUser, resource: Pick<Resource, 'baseId'>): boolean =>
  user.baseId === resource.baseId || isCentral(user);
