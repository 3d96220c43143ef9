import { describe, expect, it } from 'vitest';
import { grantsOf, policyUser } from '../auth/policyTesting';
import { grantMessageRules } from './policy';

describe('messages policy (000 §6)', () => {
  it('without an active event every user but MNG manages Message and conversations 1 and 2', () => {
    for (const roles of [[], ['udrp'], ['admin']]) {
      expect(grantsOf(grantMessageRules, { user: policyUser({ roles }), activeEvent: null })).toEqual([
        'manage Message',
        'manage Message1',
        'manage Message2',
      ]);
    }
  });
  it("with an active event: the event's conversations", () => {
    const activeEvent = { id: 5, conversations: [{ type: 3 }, { type: 1 }] };
    expect(grantsOf(grantMessageRules, { user: policyUser(), activeEvent })).toEqual([
      'manage Message',
      'manage Message1',
      'manage Message3',
    ]);
  });
  it('group MNG only views Message, Message1 and Message2, whatever the event', () => {
    const activeEvent = { id: 5, conversations: [{ type: 3 }] };
    expect(grantsOf(grantMessageRules, { user: policyUser({ groups: ['MNG'] }), activeEvent })).toEqual([
      'view Message',
      'view Message1',
      'view Message2',
    ]);
  });
});
