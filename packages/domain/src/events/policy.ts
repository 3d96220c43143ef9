/**
 * The events' policy (000 §6): who sees events (`Event`), their children (`EventChild`: tags, notes, history) and
 * their resources (`EventResources`: the vehicle tab), and their contacts (`EventContact`, seen by everybody).
 * Group MNG sees events and children only; role udrp sees none of them by role (its rights come from event roles).
 * Writes (`create`/`update`/`updateState Event`, `create EventContact`) come from event roles and permission
 * strings (auth/ability.ts), read per event by `mayUpdateEvent` and the write rules.
 */
import { CENTRAL_BASE_ID, INACTIVE_STATES } from '../constants/index';
import type { AppAbility, AreaPolicy, RuleUser } from '../auth/permissions';
import { isMngUser, ROLE_UDRP } from '../auth/permissions';

export const grantEventRules: AreaPolicy = (can, { user }) => {
  if (isMngUser(user)) can('view', ['Event', 'EventChild']);
  else if (!user.roles.includes(ROLE_UDRP)) can('view', ['Event', 'EventChild', 'EventResources']);
  can('view', 'EventContact');
};

/**
 * Update rights on a whole event (links, queue): update Event, the event still active, and the user's own base or
 * the central base.
 */
export function mayUpdateEvent(
  ability: AppAbility,
  user: RuleUser,
  event: { eventStateId: number; baseId: number | null },
): boolean {
  if (!ability.can('update', 'Event')) return false;
  if (INACTIVE_STATES.includes(event.eventStateId)) return false;
  return event.baseId === user.baseId || user.baseId === CENTRAL_BASE_ID;
}
