import { describe, expect, it } from 'vitest';
import { grantsOf, policyUser } from '../auth/policyTesting';
import { grantDeviceRules } from './policy';

describe('devices policy (001 §6)', () => {
  it('every user manages devices but group MNG and role udrp', () => {
    expect(grantsOf(grantDeviceRules, { user: policyUser() })).toEqual(['manage Device']);
    expect(grantsOf(grantDeviceRules, { user: policyUser({ roles: ['admin'] }) })).toEqual(['manage Device']);
    expect(grantsOf(grantDeviceRules, { user: policyUser({ roles: ['udrp'] }) })).toEqual([]);
    expect(grantsOf(grantDeviceRules, { user: policyUser({ groups: ['MNG'] }) })).toEqual([]);
  });
});
