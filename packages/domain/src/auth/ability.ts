/**
 * Builds the CASL ability of 000 §6 from the user, the server permission strings and the active event.
 *
 * Reading of "Group MNG may only view Event, EventChild, Message, Message1, Message2": a user in group MNG gets
 * exactly those view rules plus the rules everybody gets (view EventContact) and whatever the user's own server
 * permission strings grant explicitly (bundle userPermissions: an administrator's deliberate grant). The other
 * sources — role admin (manage Debug), role udrp, the default grants, event roles (role 50 carries
 * event.update), conversation types and the no-active-event Message1/Message2 — add nothing for MNG.
 *
 * Event roles: the active event's `eventRoles`, or the default [50] when it has none or no event is active, so
 * rights such as create Event ('Příjem volání') can come from role 50 while nothing is selected.
 */
import { AbilityBuilder, createMongoAbility } from '@casl/ability';
import { CENTRAL_BASE_ID, DEFAULT_EVENT_ROLES } from '../constants/index';
import { grantDebugRules } from '../logs/policy';
import { grantDeviceRules } from '../devices/policy';
import { grantEventRules } from '../events/policy';
import { grantMessageRules } from '../messages/policy';
import {
  isMngUser,
  ROLE_ADMIN,
  type AbilityInput,
  type Action,
  type AppAbility,
  type AreaPolicy,
  type RuleUser,
  type Subject,
} from './permissions';

/**
 * What each area grants by the user's groups and roles and the active event, in that area's `policy.ts`; the
 * ability is their union plus the server permission strings and the event roles' grants (all `can`, no `cannot`:
 * the order of the rules does not change any answer).
 */
const AREA_POLICIES: readonly AreaPolicy[] = [grantDebugRules, grantDeviceRules, grantEventRules, grantMessageRules];

/** 'eventContact.create' → ['create', 'EventContact']; malformed → null. */
export function parsePermission(permission: string): [Action, Subject] | null {
  const match = /^([A-Za-z][A-Za-z0-9]*)\.([A-Za-z][A-Za-z0-9]*)$/.exec(permission.trim());
  if (!match) return null;
  const [, subject, action] = match;
  return [action, subject.charAt(0).toUpperCase() + subject.slice(1)];
}

/** Event-role ids that apply: the active event's, or the default [50]. */
export function effectiveEventRoles(activeEvent: AbilityInput['activeEvent']): number[] {
  const roles = activeEvent?.eventRoles;
  return roles && roles.length > 0 ? roles : [...DEFAULT_EVENT_ROLES];
}

export function buildAbility(input: AbilityInput): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const { user, activeEvent } = input;
  for (const policy of AREA_POLICIES) policy(can, { user, activeEvent });

  const grant = (permission: string) => {
    const parsed = parsePermission(permission);
    if (parsed) can(parsed[0], parsed[1]);
  };
  input.permissions.forEach(grant);

  // event roles (role 50 carries event.update) grant nothing to MNG
  if (!isMngUser(user)) {
    const roleIds = effectiveEventRoles(activeEvent);
    for (const role of input.eventRoles) {
      if (roleIds.includes(role.id)) role.permissions.forEach(grant);
    }
  }

  return build();
}

/** The user works at the central base (id 2), which the rules of every area treat as special (000 §6). */
export const isCentral = (user: RuleUser): boolean => user.baseId === CENTRAL_BASE_ID;

/** view Debug: journal and debug buttons, debug tools (role admin gets manage Debug: logs/policy.ts). */
export const canDebug = (ability: AppAbility): boolean => ability.can('view', 'Debug');

/**
 * A write on a row of another base's event needs the view right of that kind of row (issue 24 item 11): nobody
 * writes what 000 §6 does not let them see. Jobs are seen with view EventResources (the vehicle tab), map notes
 * with view Event. The own base keeps the reading of event role 50 (udrp may deploy on its own base's events);
 * role udrp, which views neither, cannot change another base's deployments or notes.
 */
export const canWriteRowsOf = (
  ability: AppAbility,
  user: RuleUser,
  event: { baseId: number | null },
  view: 'EventResources' | 'Event',
): boolean => (event.baseId !== null && event.baseId === user.baseId) || ability.can('view', view);

/**
 * Lifting the login throttle of an account (issue 24 item 9): role admin, or the server permission string
 * `user.unlock` an administrator grants to a shift leader.
 */
export const canUnlockLogins = (ability: AppAbility, user: Pick<RuleUser, 'roles'>): boolean =>
  (user.roles ?? []).includes(ROLE_ADMIN) || ability.can('unlock', 'User');
