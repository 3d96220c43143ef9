/**
 * Rules the server applies to event writes beyond the form's (000 §5/§6), kept pure and shared so the panel
 * can ask the same questions.
 */
import type { RuleUser } from '../auth/permissions';
import { INACTIVE_STATES } from '../constants/index';
import { canChangeCategory, lockedInputs, type RuleCategory, type RuleEvent, type RuleTags } from './rules';

/**
 * Changing the category: own or central base (`canChangeCategory`), an active event, the category input not
 * readonly, and not locked by the settings of an ISPO/ISPO_QUEUE tag (`lockedInputs`). Unlike the other
 * attributes the central base may change it on events of other bases (000 §6 "Category change").
 */
export function canEditCategory(
  user: RuleUser,
  event: RuleEvent,
  category: RuleCategory | null | undefined,
  tags: RuleTags = [],
): boolean {
  if (!canChangeCategory(user, event)) return false;
  if (event.eventStateId !== undefined && INACTIVE_STATES.includes(event.eventStateId)) return false;
  if (category?.inputs?.eventCategoryId?.readonly) return false;
  return !lockedInputs(tags).has('eventCategoryId');
}

/**
 * The event's references to catalogues and to its parent: the ids both the panel's create (with a local
 * event's fields) and the server's copy of the writable fields carry as they are.
 */
export const EVENT_REFERENCE_FIELDS = [
  'parentId',
  'eventStateId',
  'eventStatusId',
  'eventTypeId',
  'eventSourceId',
  'eventCategoryId',
  'eventTerrainId',
  'priorityId',
] as const;
