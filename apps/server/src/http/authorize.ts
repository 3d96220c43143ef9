/**
 * The one authorization verb of the server: every route and command asks `authorize(who, action, subject)`, which
 * refuses with the project's 403; code that must branch rather than refuse (filters, optional parts of an answer)
 * asks `allows`. What an action on a subject means is the domain's: each area's `policy.ts` in `packages/domain`,
 * composed into the user's CASL ability by `buildAbility` (`@panel/domain/auth`). Answers of 404 for another
 * base's record are the areas' visibility rules, asked before or after this verb, not this verb.
 */
import type { Action, AppAbility, Subject } from '@panel/domain/auth';
import { forbidden } from '../errors.js';

/** Who asks: the request's `auth` (or a command's), carrying the user's ability; none → nothing is allowed. */
export type Authorized = { ability?: AppAbility | null } | null | undefined;

/** Whether `who` may do `action` on `subject`. */
export const allows = (who: Authorized, action: Action, subject: Subject): boolean =>
  who?.ability?.can(action, subject) ?? false;

/** Throws 403 unless `who` may do `action` on `subject`. */
export function authorize(who: Authorized, action: Action, subject: Subject): void {
  if (!allows(who, action, subject)) throw forbidden();
}
