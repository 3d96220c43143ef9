/** Test helpers: an ability from plain permission strings (category fixtures: events/testing.ts). Tests only. */
import { buildAbility } from './ability';
import type { AppAbility } from './permissions';

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
