import { useMemo } from 'react';
import { buildAbility, type AbilityInput, type AppAbility } from '@panel/domain/auth';
import { useAuthStore } from './authStore';
import { useEntitiesStore } from './entitiesStore';
import { useActiveEvent } from './useActiveEvent';

type AbilityEvent = NonNullable<AbilityInput['activeEvent']>;

/**
 * CASL ability of the logged-in user (roles and groups, server permissions, the event-role catalogue) with `event`
 * as the active event, or none. Memoized on the event's fields, not on the object, so that a caller may pass a
 * new object every render.
 */
export function useAbilityWith(event: AbilityEvent | null): AppAbility {
  const user = useAuthStore((s) => s.user);
  const permissions = useEntitiesStore((s) => s.userPermissions);
  const eventRolesMap = useEntitiesStore((s) => s.eventRoles);
  const present = event !== null;
  const id = event?.id ?? null;
  const roles = event?.eventRoles;
  const conversations = event?.conversations;
  return useMemo(
    () =>
      buildAbility({
        user: {
          id: user?.id ?? 0,
          baseId: user?.baseId ?? null,
          roles: user?.roles ?? [],
          groups: user?.groups ?? [],
        },
        permissions,
        activeEvent: present ? { id, eventRoles: roles, conversations } : null,
        eventRoles: Object.values(eventRolesMap).map((r) => ({ id: r.id, permissions: r.permissions ?? [] })),
      }),
    [user, permissions, eventRolesMap, present, id, roles, conversations],
  );
}

/** CASL ability of the logged-in user: roles and groups, server permissions, active event roles. */
export function useAbility(): AppAbility {
  const activeEvent = useActiveEvent()?.event;
  return useAbilityWith(
    activeEvent
      ? { id: activeEvent.id ?? 0, eventRoles: activeEvent.eventRoles, conversations: activeEvent.conversations }
      : null,
  );
}
