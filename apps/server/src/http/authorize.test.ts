import { describe, expect, it } from 'vitest';
import { buildAbility } from '@panel/domain/auth';
import { isHttpError } from '../errors.js';
import { allows, authorize } from './authorize.js';

const who = (permissions: string[], groups: string[] = []) => ({
  ability: buildAbility({ user: { id: 1, baseId: 7, roles: [], groups }, permissions, eventRoles: [] }),
});

const refusal = (f: () => void): number | null => {
  try {
    f();
    return null;
  } catch (e) {
    return isHttpError(e) ? e.statusCode : -1;
  }
};

describe('authorize / allows', () => {
  it('passes what the ability grants and refuses the rest with 403', () => {
    const dispatcher = who(['event.create']);
    expect(refusal(() => authorize(dispatcher, 'create', 'Event'))).toBeNull();
    expect(refusal(() => authorize(dispatcher, 'update', 'Event'))).toBe(403);
    expect(refusal(() => authorize(who([], ['MNG']), 'manage', 'Device'))).toBe(403);
  });
  it('allows answers the same question without throwing', () => {
    expect(allows(who([]), 'view', 'Event')).toBe(true);
    expect(allows(who([], ['MNG']), 'view', 'EventResources')).toBe(false);
  });
  it('nobody (no session, no ability) is allowed nothing', () => {
    expect(allows(undefined, 'view', 'Event')).toBe(false);
    expect(allows({ ability: null }, 'view', 'Event')).toBe(false);
    expect(refusal(() => authorize(null, 'view', 'Event'))).toBe(403);
  });
});
