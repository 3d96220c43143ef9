/** Test helper for the area policies: the rules one policy grants, as `action subject` strings. */
import type { AbilityUser, AreaPolicy, PolicyInput } from './permissions';

export const policyUser = (over: Partial<AbilityUser> = {}): AbilityUser => ({
  id: 1,
  baseId: 7,
  roles: [],
  groups: [],
  ...over,
});

export function grantsOf(policy: AreaPolicy, input: PolicyInput): string[] {
  const granted: string[] = [];
  policy((action, subject) => {
    for (const a of [action].flat()) for (const s of [subject].flat()) granted.push(`${a} ${s}`);
  }, input);
  return granted.sort();
}
