import { describe, it, expect } from 'vitest';
import { abilityWith, mngAbility, udrpAbility } from '../auth/testing';
import { canChooseAnyUnit, canManageDevices } from './rules';

describe('devices (001 §6)', () => {
  it('manage Device allows device management', () => {
    expect(canManageDevices(abilityWith())).toBe(true);
    expect(canManageDevices(udrpAbility())).toBe(false);
  });
  it('device.all needs the central base to choose any unit', () => {
    expect(canChooseAnyUnit(abilityWith('device.all'), { baseId: 2 })).toBe(true);
    expect(canChooseAnyUnit(abilityWith('device.all'), { baseId: 7 })).toBe(false);
  });
  it('manage Device alone is not device.all', () => {
    expect(canChooseAnyUnit(abilityWith(), { baseId: 2 })).toBe(false);
    expect(canChooseAnyUnit(mngAbility('device.all'), { baseId: 2 })).toBe(true);
  });
});
