import type { Event } from '@panel/domain/sync';
import { findEventByUuid, useEntitiesStore } from './entitiesStore';
import { useUiStore, type LocalEvent } from './uiStore';

export type ActiveEvent = { kind: 'saved'; event: Event } | { kind: 'local'; event: LocalEvent } | null;

/** The active event: a saved one from the bundle or a new local one. */
export function useActiveEvent(): ActiveEvent {
  const uuid = useUiStore((s) => s.activeEventUuid);
  const local = useUiStore((s) => (uuid ? s.localEvents[uuid] : undefined));
  const saved = useEntitiesStore((s) => findEventByUuid(s, uuid));
  if (local) return { kind: 'local', event: local };
  if (saved) return { kind: 'saved', event: saved };
  return null;
}
