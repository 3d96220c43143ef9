/**
 * Rules the server applies to event writes beyond the form's (000 §5/§6), kept pure and shared so the panel
 * can ask the same questions.
 */
import { INACTIVE_STATES, TAG_ISPO, TAG_ISPO_QUEUE } from '../constants/index';
import { canChangeCategory, type RuleCategory, type RuleEvent, type RuleUser, type TagCodes } from './eventRules';

/**
 * Changing the category: own or central base (`canChangeCategory`), an active event, the category input not
 * readonly, and no ISPO/ISPO_QUEUE tag (eventCategoryId is one of ISPO_LOCKED_INPUTS). Unlike the other
 * attributes the central base may change it on events of other bases (000 §6 "Category change").
 */
export function canEditCategory(
  user: RuleUser,
  event: RuleEvent,
  category: RuleCategory | null | undefined,
  tagCodes: TagCodes = [],
): boolean {
  if (!canChangeCategory(user, event)) return false;
  if (event.eventStateId !== undefined && INACTIVE_STATES.includes(event.eventStateId)) return false;
  if (category?.inputs?.eventCategoryId?.readonly) return false;
  return !tagCodes.includes(TAG_ISPO) && !tagCodes.includes(TAG_ISPO_QUEUE);
}
