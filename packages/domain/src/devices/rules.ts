/** Device management rules (001 §6). */
import { isCentral } from '../auth/ability';
import type { AppAbility, RuleUser } from '../auth/permissions';

/** manage Device: device management. */
export const canManageDevices = (ability: AppAbility): boolean => ability.can('manage', 'Device');

/**
 * device.all needs the central base: then any unit can be chosen in the device overview. The grant must be the
 * explicit action 'all' — CASL's 'manage' (which every ordinary user has on Device) would otherwise match it.
 */
export const canChooseAnyUnit = (ability: AppAbility, user: RuleUser): boolean =>
  isCentral(user) &&
  ability.can('all', 'Device') &&
  ability.possibleRulesFor('all', 'Device').some((rule) => !rule.inverted && [rule.action].flat().includes('all'));
