/**
 * The debug tools' policy (000 §6): role admin manages Debug (the journal, the debug buttons, the debug push to a
 * device); group MNG never does. `view Debug` is read by `canDebug` (auth/ability.ts).
 */
import { isMngUser, ROLE_ADMIN, type AreaPolicy } from '../auth/permissions';

export const grantDebugRules: AreaPolicy = (can, { user }) => {
  if (!isMngUser(user) && user.roles.includes(ROLE_ADMIN)) can('manage', 'Debug');
};
