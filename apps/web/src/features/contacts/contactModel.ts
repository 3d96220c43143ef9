/**
 * What the contacts area reads from the stores: the event's contacts in table order, the ability with this
 * event as the active one (its event roles, 000 §6), the resolver (commander) type, and the insertion rule.
 */
import { useMemo } from 'react';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { AppAbility } from '@panel/domain/auth';
import { resolverTypeOf, sortContacts } from '@panel/domain/contacts';
import type { Event, EventContact } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useAbilityWith } from '../../stores/useAbility';
import { emptyList, selectContactsByEvent } from '../events/head/headModel';

/** The event's contacts sorted by priority descending (000 §2). */
export function useEventContacts(eventId: number | null | undefined): EventContact[] {
  const rows = useEntitiesStore((s) => (eventId != null ? selectContactsByEvent(s).get(eventId) : undefined));
  return useMemo(() => (rows ? sortContacts(rows) : emptyList<EventContact>()), [rows]);
}

/** The user's ability with this event's roles and conversations (as if it were the active event). */
export function useEventAbility(event: Pick<Event, 'id' | 'eventRoles' | 'conversations'> | null): AppAbility {
  return useAbilityWith({ id: event?.id ?? 0, eventRoles: event?.eventRoles, conversations: event?.conversations });
}

/** The resolver (commander) contact type of the catalogue: the first of 22, 19, 2. */
export function useResolverTypeId(): number {
  const types = useEntitiesStore((s) => s.contactTypes);
  return useMemo(() => resolverTypeOf(Object.keys(types).map(Number)), [types]);
}

/**
 * The header add button (000 §5 "addable"): create EventContact, a saved event that is not inactive and whose
 * category type is 'event'. (Sendable and not-a-duplicate are checked on the typed number when saving.)
 */
export function useCanInsertContact(event: Event, ability: AppAbility): boolean {
  const type = useEntitiesStore((s) => s.eventCategories[event.eventCategoryId]?.type);
  return (
    event.id != null &&
    ability.can('create', 'EventContact') &&
    type === 'event' &&
    !INACTIVE_STATES.includes(event.eventStateId)
  );
}

/** The sender of an SMS: the user's base uid, and the product path segment from the bundle settings. */
export function useSmsContext(): { baseUid: string | null; product: string } {
  const baseId = useAuthStore((s) => s.user?.baseId ?? null);
  const baseUid = useEntitiesStore((s) => {
    const base = baseId != null ? s.bases[baseId] : undefined;
    return base?.uid != null ? String(base.uid) : null;
  });
  const product = useEntitiesStore((s) => s.settings.product || 'hzs');
  return { baseUid, product };
}
