import { describe, expect, it } from 'vitest';
import { grantsOf, policyUser } from '../auth/policyTesting';
import { grantDebugRules } from './policy';

describe('debug policy (000 §6)', () => {
  it('role admin manages Debug, unless in group MNG', () => {
    expect(grantsOf(grantDebugRules, { user: policyUser({ roles: ['admin'] }) })).toEqual(['manage Debug']);
    expect(grantsOf(grantDebugRules, { user: policyUser({ roles: ['admin'], groups: ['MNG'] }) })).toEqual([]);
    expect(grantsOf(grantDebugRules, { user: policyUser() })).toEqual([]);
  });
});
