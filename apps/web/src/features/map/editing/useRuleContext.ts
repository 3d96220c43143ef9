/** The parts of the menu context the editing rules need, from the stores (for components outside the menu). */
import { useAuthStore } from '../../../stores/authStore';
import { useAbility } from '../../../stores/useAbility';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import type { MapMenuContext } from '../contextMenu/menuTypes';

export type RuleContext = Pick<MapMenuContext, 'activeEvent' | 'ability' | 'user' | 'feature'>;

export function useRuleContext(): RuleContext {
  const activeEvent = useActiveEvent();
  const ability = useAbility();
  const user = useAuthStore((s) => s.user);
  return {
    activeEvent,
    ability,
    user: user ? { id: user.id, baseId: user.baseId, groups: user.groups ?? [], roles: user.roles ?? [] } : null,
    feature: null,
  };
}
