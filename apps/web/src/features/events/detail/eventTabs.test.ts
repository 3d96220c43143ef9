import { describe, expect, it } from 'vitest';
import { buildAbility } from '@panel/domain/auth';
import { makeEvent } from '../../../test/factories';
import { detailTabs, dzinEventHref, openingTab } from './eventTabs';

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
    ]);
  });
});

describe('the tabs an event opens with (issue 12 item 6)', () => {
  const category = { id: 5, tabs: ['settings', 'contacts', 'history', 'messages', 'map'] };
  const mng = buildAbility({
    user: { id: 9, baseId: 3, roles: [], groups: ['MNG'] },
    permissions: [],
    activeEvent: null,
    eventRoles: [],
  });
  const conversations = [{ messageCategoryId: 2 }, { messageCategoryId: 1 }] as never;
  const withUnread = (unread: Record<string, number>) =>
    makeEvent(3, { eventCategoryId: 5, conversations, messages: { total: 5, unread } });

  it('puts the chat tabs first, by conversation number, whatever the category lists first', () => {
    const tabs = detailTabs(withUnread({}), category, ability);
    expect(tabs.map((t) => t.id)).toEqual(['event-messages-1', 'event-messages-2', 'settings', 'contacts', 'history']);
  });

  it('opens the lowest conversation with unread messages, else conversation 1, never Další nastavení', () => {
    expect(openingTab(detailTabs(withUnread({ '1': 0, '2': 4 }), category, ability))?.id).toBe('event-messages-2');
    expect(openingTab(detailTabs(withUnread({ '1': 1, '2': 4 }), category, ability))?.id).toBe('event-messages-1');
    expect(openingTab(detailTabs(withUnread({}), category, ability))?.id).toBe('event-messages-1');
  });

  it('opens Další nastavení only when the event has no conversation', () => {
    const plain = makeEvent(4, { eventCategoryId: 5, conversations: [] });
    expect(openingTab(detailTabs(plain, category, ability))?.id).toBe('settings');
  });

  it('keeps Další nastavení and Historie akcí on the desktop', () => {
    const phone = detailTabs(withUnread({}), category, ability, null, true).map((t) => t.id);
    expect(phone).toEqual(['event-messages-1', 'event-messages-2', 'contacts', 'map']);
    expect(
      openingTab(detailTabs(makeEvent(4, { conversations: [] }), { id: 5, tabs: ['settings'] }, ability, null, true)),
    ).toBeUndefined();
  });

  it('shows Historie akcí to a viewer without view Debug (MNG)', () => {
    expect(mng.can('view', 'Debug')).toBe(false);
    expect(detailTabs(withUnread({}), category, mng).map((t) => t.id)).toContain('history');
  });
});
