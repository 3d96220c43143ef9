/** The rule inputs of the form's attribute checks: the user, the event as the rules see it, its tags. */
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { ruleTagsOf } from './formModel';
import type { AnyEvent } from './useEventForm';

export function useAttributeRules(event: AnyEvent) {
  const user = useAuthStore((s) => s.user);
  const tags = useEntitiesStore((s) => s.tags);
  const ruleUser = { baseId: user?.baseId ?? null, groups: user?.groups ?? [], roles: user?.roles ?? [] };
  // an unsaved event belongs to the user's base
  const ruleEvent = { ...event, baseId: event.id == null ? (user?.baseId ?? null) : (event.baseId ?? null) };
  const ruleTags = ruleTagsOf(event, tags);
  return { ruleUser, ruleEvent, ruleTags };
}
