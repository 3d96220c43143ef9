/**
 * The devices' policy (001 §6): every user manages devices except group MNG and role udrp. `device.all` (any unit
 * in the overview) comes only from a server permission string; see `canChooseAnyUnit` (rules.ts).
 */
import { isMngUser, ROLE_UDRP, type AreaPolicy } from '../auth/permissions';

export const grantDeviceRules: AreaPolicy = (can, { user }) => {
  if (!isMngUser(user) && !user.roles.includes(ROLE_UDRP)) can('manage', 'Device');
};
