import { describe, expect, it } from 'vitest';
import { buildAbility } from '../auth/ability';
import { resourceTemplateIdOf } from '../vehicles/rules';
import { categoryGroupOf, isExcludedFromRecent } from './categoryRules';
import { canSetTrainNumber } from './rules';

describe('event-category groups (000 §9)', () => {
  it('1, 3, 11 are fire-rescue; 17 and 25 to 31 other; the rest none', () => {
    for (const id of [1, 3, 11]) expect(categoryGroupOf(id)).toBe('fireRescue');
    for (const id of [17, 25, 26, 27, 28, 29, 30, 31]) expect(categoryGroupOf(id)).toBe('other');
    for (const id of [2, 5, 9, 12, 24, 32]) expect(categoryGroupOf(id)).toBeNull();
  });

  it('only 9 and 12 are excluded from recent', () => {
    expect([9, 12].every(isExcludedFromRecent)).toBe(true);
    expect([1, 5, 11, 17, 25].some(isExcludedFromRecent)).toBe(false);
  });
});

describe('resource templates (000 §3, 001 §3)', () => {
  it('type 1 always uses template 1; other types their own', () => {
    expect(resourceTemplateIdOf(1, 4)).toBe(1);
    expect(resourceTemplateIdOf(1, undefined)).toBe(1);
    expect(resourceTemplateIdOf(2, 4)).toBe(4);
    expect(resourceTemplateIdOf(2, undefined)).toBeUndefined();
  });
});

describe('train number from the debug tools (001 §2)', () => {
  const admin = buildAbility({
    user: { id: 1, baseId: 2, roles: ['admin'], groups: [] },
    permissions: [],
    activeEvent: null,
    eventRoles: [],
  });
  const unit = buildAbility({
    user: { id: 2, baseId: 4, roles: [], groups: [] },
    permissions: [],
    activeEvent: null,
    eventRoles: [],
  });

  it('view Debug may change data.trainNumber, and only it', () => {
    expect(canSetTrainNumber(admin, { note: 'x' }, { note: 'x', trainNumber: '47731' })).toBe(true);
    expect(canSetTrainNumber(admin, { trainNumber: '1' }, { trainNumber: null })).toBe(true);
    expect(canSetTrainNumber(admin, null, { trainNumber: '1' })).toBe(true);
    expect(canSetTrainNumber(admin, { note: 'x' }, { note: 'y', trainNumber: '1' })).toBe(false);
    expect(canSetTrainNumber(admin, {}, { other: 1 })).toBe(false);
    expect(canSetTrainNumber(unit, {}, { trainNumber: '1' })).toBe(false);
  });
});
