/**
 * Event rules of 000 §5/§6: 'mine' = the event's baseId equals the user's; the central base (id 2) is special.
 * Tags are passed as resolved codes (`tagCodes`) so the rules stay pure.
 */
import { isCentral } from '../auth/ability';
import type { AppAbility, RuleUser } from '../auth/permissions';
import { ENDED_STATUS, FINAL_STATUS, INACTIVE_STATES, TAG_ISPO, TAG_ISPO_QUEUE } from '../constants/index';
import type { Event, EventCategory, EventJob } from '../sync/index';

export type RuleEvent = Pick<Event, 'baseId'> &
  Partial<Pick<Event, 'id' | 'parentId' | 'eventStateId' | 'eventStatusId'>>;
export type RuleCategory = Partial<Pick<EventCategory, 'actions' | 'inputs' | 'type' | 'code' | 'id'>>;
export type TagCodes = readonly string[];
/** A tag on the event with its settings (`options.locked` lists the inputs an ISPO tag locks). */
export type RuleTag = { code: string; options?: Record<string, unknown> | null };
export type RuleTags = readonly RuleTag[];

export const isMine = (event: RuleEvent, user: RuleUser): boolean =>
  event.baseId !== null && event.baseId !== undefined && event.baseId === user.baseId;

const hasAction = (category: RuleCategory | null | undefined, action: keyof EventCategory['actions']): boolean =>
  Boolean(category?.actions?.[action]);

const hasIspo = (tagCodes: TagCodes): boolean => tagCodes.includes(TAG_ISPO) || tagCodes.includes(TAG_ISPO_QUEUE);

export const canChangeCategory = (user: RuleUser, event: RuleEvent): boolean => isMine(event, user) || isCentral(user);

/** Close: the category has an update action and (own base or updateState Event). */
export const canCloseEvent = (
  ability: AppAbility,
  user: RuleUser,
  event: RuleEvent,
  category: RuleCategory | null | undefined,
): boolean => hasAction(category, 'update') && (isMine(event, user) || ability.can('updateState', 'Event'));

/** Remove: the category has a remove action, no ISPO tag, and (own base or updateState Event). */
export const canRemoveEvent = (
  ability: AppAbility,
  user: RuleUser,
  event: RuleEvent,
  category: RuleCategory | null | undefined,
  tagCodes: TagCodes = [],
): boolean =>
  hasAction(category, 'remove') &&
  !tagCodes.includes(TAG_ISPO) &&
  (isMine(event, user) || ability.can('updateState', 'Event'));

/**
 * Why the event cannot be ended (000 §4 "Ending an event sets eventStatusId 6"), or null when it can. Our reading
 * (the spec names the transition, not its rule; docs/READINGS.md "Events"): ending is the rescue event's
 * step before closing — the intervention is over, the event stays active for the report and is closed later.
 * - 'notEndable' (the transition itself, 422): a saved event, in an active state, not yet ended or closed
 *   (status 6 or 11), of a category of type 'event' with an update action (calls and chats only close);
 * - 'forbidden' (who, 403): the same people as closing — own base or updateState Event.
 */
export function endEventRefusal(
  ability: AppAbility,
  user: RuleUser,
  event: RuleEvent,
  category: RuleCategory | null | undefined,
): 'notEndable' | 'forbidden' | null {
  if (event.id === null || event.id === undefined) return 'notEndable';
  if (event.eventStateId !== undefined && INACTIVE_STATES.includes(event.eventStateId)) return 'notEndable';
  if (event.eventStatusId === ENDED_STATUS || event.eventStatusId === FINAL_STATUS) return 'notEndable';
  if (category?.type !== 'event' || !hasAction(category, 'update')) return 'notEndable';
  if (!isMine(event, user) && !ability.can('updateState', 'Event')) return 'forbidden';
  return null;
}

/** End: see `endEventRefusal`. */
export const canEndEvent = (
  ability: AppAbility,
  user: RuleUser,
  event: RuleEvent,
  category: RuleCategory | null | undefined,
): boolean => endEventRefusal(ability, user, event, category) === null;

/**
 * A change of eventStatusId other than ending (which `endEventRefusal` rules): status 11 only comes with
 * closing or removing (their transitions set it), and an ended event keeps status 6 until it is closed.
 * Returns 'finalOnlyByClose', 'endedStays' or null (allowed, then an attribute rule decides who).
 */
export function statusChangeRefusal(
  from: number,
  to: number,
  closingOrRemoving: boolean,
): 'finalOnlyByClose' | 'endedStays' | null {
  if (closingOrRemoving) return null;
  if (to === FINAL_STATUS) return 'finalOnlyByClose';
  if (from === ENDED_STATUS && to !== ENDED_STATUS) return 'endedStays';
  return null;
}

/** Send to queue is disabled when the event has tag ISPO_QUEUE or ISPO. */
export const canSendToQueue = (tagCodes: TagCodes = []): boolean => !hasIspo(tagCodes);

/** Create from this: the category has a create action and the event has no parent. */
export const canCreateFrom = (category: RuleCategory | null | undefined, event: RuleEvent): boolean =>
  hasAction(category, 'create') && (event.parentId === null || event.parentId === undefined);

/** Own or central base sees all units; others only those already chosen. */
export const canSeeAllUnits = (user: RuleUser, event: RuleEvent): boolean => isMine(event, user) || isCentral(user);

/**
 * A unit can be removed from eventToBase only if it is not the owner base, has no job on the event (jobs are the
 * event's jobs), and the user is central, owns the event, or is that unit.
 */
export const canRemoveUnit = (
  user: RuleUser,
  event: RuleEvent,
  baseId: number,
  jobs: readonly Pick<EventJob, 'baseId'>[],
): boolean =>
  baseId !== event.baseId &&
  !jobs.some((job) => job.baseId === baseId) &&
  (isCentral(user) || isMine(event, user) || user.baseId === baseId);

/** Tags starting with C_ are visible only to the central base. */
export const isTagVisible = (tag: { code: string }, user: RuleUser): boolean =>
  !tag.code.startsWith('C_') || isCentral(user);

/**
 * Inputs locked while the event carries ISPO or ISPO_QUEUE (the external system owns them): each tag's settings
 * say which (`options.locked: string[]`, edited with the tag catalogue), so a new lock needs no release. Only
 * these two tags lock (000 §5); a tag whose settings list nothing locks nothing.
 */
export function lockedInputs(tags: RuleTags): ReadonlySet<string> {
  const out = new Set<string>();
  for (const tag of tags) {
    if (tag.code !== TAG_ISPO && tag.code !== TAG_ISPO_QUEUE) continue;
    const locked = tag.options?.locked;
    if (!Array.isArray(locked)) continue;
    for (const field of locked) if (typeof field === 'string') out.add(field);
  }
  return out;
}

/**
 * Attribute editing (000 §5): own base (eventToBase also for others), not in an inactive state, the category
 * input not readonly (an attribute the category does not list is not readonly), and not an input the settings
 * of an ISPO/ISPO_QUEUE tag on the event lock (`lockedInputs`).
 */
export function canEditAttribute(
  user: RuleUser,
  event: RuleEvent,
  category: RuleCategory | null | undefined,
  attribute: string,
  tags: RuleTags = [],
): boolean {
  if (attribute !== 'eventToBase' && !isMine(event, user)) return false;
  if (event.eventStateId !== undefined && INACTIVE_STATES.includes(event.eventStateId)) return false;
  const input = category?.inputs?.[attribute];
  if (input && Boolean(input.readonly)) return false;
  if (lockedInputs(tags).has(attribute)) return false;
  return true;
}

/**
 * 001 §2 "Developer panel … set a train number on an event": the debug tools (view Debug) change `data.trainNumber`
 * of any event the user sees, whatever its base — when nothing else in `data` changes. Other `data` keys follow
 * `canEditAttribute` like every attribute.
 */
export function canSetTrainNumber(
  ability: AppAbility,
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): boolean {
  if (!ability.can('view', 'Debug')) return false;
  const a = { ...(before ?? {}) };
  const b = { ...(after ?? {}) };
  delete a.trainNumber;
  delete b.trainNumber;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** Removing a parent link applies only to DZIN-CALL events with a parentId. */
export const canRemoveParentLink = (event: RuleEvent, category: RuleCategory | null | undefined): boolean =>
  category?.code === 'DZIN-CALL' && event.parentId !== null && event.parentId !== undefined;

/**
 * Removing a link from a linked event: group COIS and a category of type 'event' (our reading of "non-excluded
 * event-type category"; other types — call, chat, support, data, monitor — are excluded).
 */
export const canUnlink = (user: RuleUser, category: RuleCategory | null | undefined): boolean =>
  Boolean(user.groups?.includes('COIS')) && category?.type === 'event';

/**
 * Linking an event to a parent (POST /v2/event-to-events, the merge dialog's 'Připojit', the link dialogs):
 * group COIS (001 §6 "Linking event menu item: … user in group COIS"). The server checks this on every link;
 * the category list of the map menu item is not given by the spec, so only the map item adds it.
 */
export const canLink = (user: RuleUser): boolean => Boolean(user.groups?.includes('COIS'));

/** Linking menu item on the map (001 §6): user in COIS and the category in the configured list. */
export const canLinkFromMap = (user: RuleUser, categoryId: number, allowedCategoryIds: readonly number[]): boolean =>
  canLink(user) && allowedCategoryIds.includes(categoryId);

/** view Event: Calendar button (callers hide it on mobile). */
export const canSeeCalendar = (ability: AppAbility): boolean => ability.can('view', 'Event');
/** create Event: 'Příjem volání'. */
export const canReceiveCall = (ability: AppAbility): boolean => ability.can('create', 'Event');
/** view EventResources: the vehicle tab. */
export const canSeeResources = (ability: AppAbility): boolean => ability.can('view', 'EventResources');
