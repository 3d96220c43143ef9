/** Test helpers: an ability from plain permission strings, plus category fixtures. Used by tests only. */
import { buildAbility } from './ability';
import type { AppAbility } from './permissions';
import type { CategoryAction, CategoryInput, EventCategory } from '../sync/index';

/** An MNG-free user with just these server permission strings (plus the default grants). */
export const abilityWith = (...permissions: string[]): AppAbility =>
  buildAbility({
    user: { id: 1, baseId: 7, roles: [], groups: [] },
    permissions,
    activeEvent: { id: 1 },
    eventRoles: [],
  });

/** An ability with no rights at all beyond view for group MNG. */
export const mngAbility = (...permissions: string[]): AppAbility =>
  buildAbility({
    user: { id: 1, baseId: 7, roles: [], groups: ['MNG'] },
    permissions,
    activeEvent: null,
    eventRoles: [],
  });

/** A category input: an optional, editable field labelled 'x', first, ungrouped; `over` sets the rest. */
export const categoryInput = (over: Partial<CategoryInput> = {}): CategoryInput => ({
  label: 'x',
  title: null,
  required: 0,
  sort: 1,
  color: null,
  group: null,
  view: null,
  prepend: null,
  append: null,
  readonly: 0,
  ...over,
});

const action: CategoryAction = { label: 'x', tooltip: null, confirm: null, icon: null, class: null };

export const categoryWith = (
  actions: (keyof EventCategory['actions'])[],
  over: Partial<Pick<EventCategory, 'type' | 'code' | 'inputs' | 'id'>> = {},
): Partial<EventCategory> => ({
  id: 5,
  type: 'event',
  code: 'EVENT',
  inputs: {},
  actions: Object.fromEntries(actions.map((a) => [a, action])),
  ...over,
});

/** Role udrp: manage Message only. */
export const udrpAbility = (...permissions: string[]): AppAbility =>
  buildAbility({
    user: { id: 1, baseId: 7, roles: ['udrp'], groups: [] },
    permissions,
    activeEvent: null,
    eventRoles: [],
  });

/** An ordinary user whose active event (id 3) has conversations of these types. */
export const withConversations = (...types: number[]): AppAbility =>
  buildAbility({
    user: { id: 1, baseId: 7, roles: [], groups: [] },
    permissions: [],
    activeEvent: { id: 3, conversations: types.map((type) => ({ type })) },
    eventRoles: [],
  });
