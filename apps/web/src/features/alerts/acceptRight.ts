/**
 * Who may accept an event's alert on this panel (issue 12 item 2): the domain's `canAcceptAlert` with the
 * ability the server checks the acceptance with — the user's roles, groups and permissions and the default event
 * role, outside any active event (an active event's roles must not widen or narrow another event's acceptance).
 * A user who may not (group MNG: view only) gets the alert as information: no 'Přijmout zprávu', no repeating.
 */
import { canAcceptAlert } from '@panel/domain/events';
import { buildAbility, type AppAbility } from '@panel/domain/auth';
import type { Event } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';

type AuthUser = ReturnType<typeof useAuthStore.getState>['user'];
type Entities = ReturnType<typeof useEntitiesStore.getState>;

let cached: { user: AuthUser; permissions: unknown; roles: unknown; ability: AppAbility } | null = null;

function abilityOf(user: AuthUser, permissions: Entities['userPermissions'], roles: Entities['eventRoles']) {
  if (cached && cached.user === user && cached.permissions === permissions && cached.roles === roles) {
    return cached.ability;
  }
  const ability = buildAbility({
    user: { id: user?.id ?? 0, baseId: user?.baseId ?? null, roles: user?.roles ?? [], groups: user?.groups ?? [] },
    permissions,
    activeEvent: null,
    eventRoles: Object.values(roles).map((r) => ({ id: r.id, permissions: r.permissions ?? [] })),
  });
  cached = { user, permissions, roles, ability };
  return ability;
}

function mayAccept(
  event: Pick<Event, 'baseId' | 'eventStateId' | 'eventToBase'>,
  user: AuthUser,
  permissions: Entities['userPermissions'],
  roles: Entities['eventRoles'],
): boolean {
  if (!user) return false;
  return canAcceptAlert(abilityOf(user, permissions, roles), user, event);
}

/** Whether this panel's user may accept the event's alert (outside React). */
export function mayAcceptEvent(event: Pick<Event, 'baseId' | 'eventStateId' | 'eventToBase'>): boolean {
  const { userPermissions, eventRoles } = useEntitiesStore.getState();
  return mayAccept(event, useAuthStore.getState().user, userPermissions, eventRoles);
}

/** The same, re-evaluated when the user, permissions or event roles change. */
export function useMayAcceptEvent(event: Pick<Event, 'baseId' | 'eventStateId' | 'eventToBase'> | null): boolean {
  const user = useAuthStore((s) => s.user);
  const permissions = useEntitiesStore((s) => s.userPermissions);
  const roles = useEntitiesStore((s) => s.eventRoles);
  return event ? mayAccept(event, user, permissions, roles) : false;
}
