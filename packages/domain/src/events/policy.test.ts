import { describe, expect, it } from 'vitest';
import { buildAbility } from '../auth/ability';
import { grantsOf, policyUser } from '../auth/policyTesting';
import { grantEventRules, mayUpdateEvent } from './policy';

describe('events policy (000 §6)', () => {
  it('an ordinary user views events, their children and resources; everybody views contacts', () => {
    expect(grantsOf(grantEventRules, { user: policyUser() })).toEqual([
      'view Event',
      'view EventChild',
      'view EventContact',
      'view EventResources',
    ]);
  });
  it('group MNG views events and children, not resources', () => {
    const mng = policyUser({ groups: ['MNG'], roles: ['udrp'] });
    expect(grantsOf(grantEventRules, { user: mng })).toEqual(['view Event', 'view EventChild', 'view EventContact']);
  });
  it('role udrp views only contacts by role', () => {
    expect(grantsOf(grantEventRules, { user: policyUser({ roles: ['udrp'] }) })).toEqual(['view EventContact']);
  });
});

describe('mayUpdateEvent', () => {
  const updater = buildAbility({ user: policyUser(), permissions: ['event.update'], eventRoles: [] });
  const active = { eventStateId: 1, baseId: 7 };
  it('needs update Event, an active event and the own or the central base', () => {
    expect(mayUpdateEvent(updater, { baseId: 7 }, active)).toBe(true);
    expect(mayUpdateEvent(updater, { baseId: 8 }, active)).toBe(false);
    expect(mayUpdateEvent(updater, { baseId: 2 }, active)).toBe(true);
    expect(mayUpdateEvent(updater, { baseId: 7 }, { ...active, eventStateId: 3 })).toBe(false);
    const reader = buildAbility({ user: policyUser(), permissions: [], eventRoles: [] });
    expect(mayUpdateEvent(reader, { baseId: 7 }, active)).toBe(false);
  });
});
