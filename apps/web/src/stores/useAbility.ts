import { useMemo } from 'react';
import { buildAbility, type AppAbility } from '@panel/domain/auth';
import { useAuthStore } from './authStore';
import { useEntitiesStore } from './entitiesStore';
import { useActiveEvent } from './useActiveEvent';

/** CASL ability of the logged-in user: roles and groups, server permissions, active event roles. */
export function useAbility(): AppAbility {
  const user = useAuthStore((s) => s.user);
  const permissions = useEntitiesStore((s) => s.userPermissions);
  const eventRolesMap = useEntitiesStore((s) => s.eventRoles);
  const active = useActiveEvent();
  const activeEvent = active?.event;
  return useMemo(() => {
    const eventRoles = Object.values(eventRolesMap).map((r) => ({ id: r.id, permissions: r.permissions ?? [] }));
    return buildAbility({
      user: {
        id: user?.id ?? 0,
        baseId: user?.baseId ?? null,
        roles: user?.roles ?? [],
        groups: user?.groups ?? [],
      },
      permissions,
      activeEvent: activeEvent
        ? {
            id: activeEvent.id ?? 0,
            eventRoles: activeEvent.eventRoles,
            conversations: activeEvent.conversations,
          }
        : null,
      eventRoles,
    });
  }, [user, permissions, eventRolesMap, activeEvent]);
}
