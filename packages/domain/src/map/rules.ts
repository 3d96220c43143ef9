/** Map rules (001 §6): the event-target items, map notes and cut-outs, drawing. */
import type { AppAbility, RuleUser } from '../auth/permissions';
import { isMine, type RuleCategory, type RuleEvent } from '../events/rules';

/** update Event: event-target and destination menu items, capture buttons on cadastre, rail and train cards. */
export const canSetTarget = (ability: AppAbility): boolean => ability.can('update', 'Event');

const NO_MAP_NOTES_TYPES: readonly string[] = ['call', 'chat', 'monitor', 'support'];

/** manage Message2, a category not of type call/chat/monitor/support, and a saved event: map cut-out and notes. */
export const canUseMapNotes = (
  ability: AppAbility,
  category: RuleCategory | null | undefined,
  event: Pick<RuleEvent, 'id'>,
): boolean =>
  ability.can('manage', 'Message2') && !NO_MAP_NOTES_TYPES.includes(category?.type ?? '') && (event.id ?? 0) > 0;

/** Drawing lines and polygons, editing a geo object: a saved event of the user's base. */
export const canDraw = (user: RuleUser, event: RuleEvent): boolean => (event.id ?? 0) > 0 && isMine(event, user);
