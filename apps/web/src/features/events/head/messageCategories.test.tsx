/**
 * The message-category catalogue of the bundle (000 §3 "categoryId, color, unreadClass"; issue 24 item 19) names
 * the chat tabs and colours the head's unread counts; a category missing from it falls back to the mirror.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { buildAbility } from '@panel/domain/auth';
import type { MessageCategory } from '@panel/domain/sync';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { makeEvent } from '../../../test/factories';
import { renderUi, resetStores } from '../../../test/utils';
import { findMergeTarget } from '../actions/useSaveEvent';
import { detailTabs } from '../detail/eventTabs';
import { event, loadBundle, loginUnitUser, resetListStores } from '../list/testFixtures';
import { EventHead } from './EventHead';
import { messageCategoryStyle } from './headColors';

const catalogue: Record<number, MessageCategory> = {
  1: { id: 1, categoryId: 1, name: 'Výjezdová', color: '#6a1b9a', unreadClass: 'unread-field' },
  3: { id: 3, categoryId: 3, name: 'Velitelská', color: '#ad1457', unreadClass: null },
};

beforeEach(() => {
  resetStores();
  resetListStores();
  loginUnitUser(3);
});

describe('message categories from the catalogue', () => {
  it('the catalogue row wins; a missing category falls back to the mirror, then to a grey "Chat n"', () => {
    expect(messageCategoryStyle(1, catalogue)).toEqual({
      name: 'Výjezdová',
      color: '#6a1b9a',
      unreadClass: 'unread-field',
    });
    expect(messageCategoryStyle(2, catalogue)).toEqual({ name: 'Dispečerský', color: '#2e7d32', unreadClass: null });
    expect(messageCategoryStyle(9, catalogue)).toEqual({ name: 'Chat 9', color: '#757575', unreadClass: null });
  });

  it('names the chat tabs event-messages-{categoryId} by the catalogue', () => {
    const ability = buildAbility({
      user: { id: 1, baseId: 2, roles: [], groups: [] },
      permissions: [],
      activeEvent: null,
      eventRoles: [],
    });
    const e = makeEvent(4, {
      conversations: [
        { id: 1, messageCategoryId: 3, type: 3 },
        { id: 2, messageCategoryId: 1, type: 1 },
      ],
    });
    const tabs = detailTabs(e, { id: 5, tabs: ['messages'] }, ability, null, false, catalogue);
    expect(tabs.filter((t) => t.kind === 'messages').map((t) => [t.id, t.label])).toEqual([
      ['event-messages-1', 'Výjezdová'],
      ['event-messages-3', 'Velitelská'],
    ]);
  });

  it("colours the head's unread count with the category colour and its unreadClass", () => {
    loadBundle();
    useEntitiesStore.getState().applyBundle({ messageCategories: Object.values(catalogue) });
    renderUi(<EventHead event={event(1, { messages: { total: 3, unread: { '1': 2 } } })} />);
    const count = screen.getByTestId('unread-1');
    expect(count).toHaveTextContent('2');
    expect(count).toHaveClass('unread-field');
    expect(count).toHaveAttribute('title', 'Výjezdová: 2 nepřečtených');
    expect(getComputedStyle(count).backgroundColor).toBe('rgb(106, 27, 154)');
  });
});

describe('event-category groups (000 §9)', () => {
  it('the merge dialog never offers an event of the "excluded from recent" categories 9 and 12', () => {
    const here = { targetLatitude: 50.0875, targetLongitude: 14.4213 };
    const fresh = makeEvent(0, { uuid: 'new', ...here });
    const chat = makeEvent(1, { eventCategoryId: 9, ...here });
    const support = makeEvent(2, { eventCategoryId: 12, ...here });
    expect(findMergeTarget(fresh, [chat, support])).toBeNull();
    const fire = makeEvent(3, { eventCategoryId: 1, ...here });
    expect(findMergeTarget(fresh, [chat, fire, support])?.target.id).toBe(3);
  });
});
