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

describe('the map tab', () => {
  const event = makeEvent(3, { eventCategoryId: 5 });
  const withMap = { id: 5, tabs: ['map', 'contacts', 'settings'] };

  it('is a tab only on a phone-sized screen, where the map screen is hidden behind the sidebar', () => {
    expect(detailTabs(event, withMap, ability, null, false).map((t) => t.id)).toEqual(['contacts', 'settings']);
    const mobile = detailTabs(event, withMap, ability, null, true);
    expect(mobile.map((t) => [t.id, t.label])).toEqual([
      ['map', 'Mapa'],
      ['contacts', 'Telefonní seznam'],
      ['settings', 'Další nastavení'],
    ]);
  });
});
