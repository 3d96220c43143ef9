import { describe, it, expect } from 'vitest';
import { abilityWith, withConversations } from '../auth/testing';
import { categoryWith } from '../events/testing';
import { canDraw, canSetTarget, canUseMapNotes } from './rules';

describe('map (001 §6)', () => {
  it('update Event allows target and destination items', () => {
    expect(canSetTarget(abilityWith('event.update'))).toBe(true);
    expect(canSetTarget(abilityWith())).toBe(false);
  });
  it('map notes need manage Message2, a saved event and a category type outside call/chat/monitor/support', () => {
    const a = withConversations(2);
    expect(canUseMapNotes(a, categoryWith([]), { id: 3 })).toBe(true);
    expect(canUseMapNotes(a, categoryWith([]), { id: null })).toBe(false);
    expect(canUseMapNotes(a, categoryWith([]), { id: 0 })).toBe(false);
    for (const type of ['call', 'chat', 'monitor', 'support'] as const) {
      expect(canUseMapNotes(a, categoryWith([], { type }), { id: 3 })).toBe(false);
    }
    expect(canUseMapNotes(a, categoryWith([], { type: 'data' }), { id: 3 })).toBe(true);
    expect(canUseMapNotes(withConversations(1), categoryWith([]), { id: 3 })).toBe(false);
  });
  it('drawing needs a saved event of the user base', () => {
    expect(canDraw({ baseId: 7 }, { id: 3, baseId: 7 })).toBe(true);
    expect(canDraw({ baseId: 7 }, { id: null, baseId: 7 })).toBe(false);
    expect(canDraw({ baseId: 2 }, { id: 3, baseId: 7 })).toBe(false);
  });
});
