import { describe, expect, it } from 'vitest';
import { CATEGORY_GROUPS, CLOSED_STATES, DELETED_STATE } from '@panel/domain/constants';
import { needsCommander } from './headModel';

const rescue = CATEGORY_GROUPS.fireRescue[0];

describe('needsCommander (the VZ warning chip)', () => {
  it('warns on an open rescue event without a commander', () => {
    expect(needsCommander({ eventCategoryId: rescue, eventStateId: 1 }, 0)).toBe(true);
    expect(needsCommander({ eventCategoryId: rescue, eventStateId: 1 }, 1)).toBe(false);
    expect(needsCommander({ eventCategoryId: rescue, eventStateId: 14 }, 0)).toBe(false);
  });

  it('does not stay on a closed or removed event', () => {
    for (const state of [...CLOSED_STATES, DELETED_STATE]) {
      expect(needsCommander({ eventCategoryId: rescue, eventStateId: state }, 0), `state ${state}`).toBe(false);
    }
  });
});
