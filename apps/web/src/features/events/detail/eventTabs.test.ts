import { describe, expect, it } from 'vitest';
import { buildAbility } from '@panel/domain/permissions';
import { makeEvent } from '../../../test/factories';
import { detailTabs, dzinEventHref } from './eventTabs';

const ability = buildAbility({
  user: { id: 1, baseId: 2, roles: [], groups: [] },
  permissions: [],
  activeEvent: null,
  eventRoles: [],
});
const linked = makeEvent(7, { eventCategoryId: 17, code: 'LINK 2026/7' });
const category = { id: 17, tabs: ['settings', 'external'] };

describe('the external DŽIN tab of category 17', () => {
  it('exists only when the page template is configured', () => {
    expect(detailTabs(linked, category, ability).map((t) => t.id)).not.toContain('external');
    expect(detailTabs(linked, category, ability, 'https://dzin.example/u/{code}').map((t) => t.id)).toContain(
      'external',
    );
  });

  it('opens the template with the event code, encoded', () => {
    expect(dzinEventHref('https://dzin.example/u/{code}?src=panel', linked)).toBe(
      'https://dzin.example/u/LINK%202026%2F7?src=panel',
    );
  });
});
