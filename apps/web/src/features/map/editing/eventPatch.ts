/**
 * Saving a change of one event made on the map: a local (unsaved) event is changed in the UI store, a saved one
 * is PUT with the version it has in the store. Below both the map edits (eventEdits) and the address question
 * (addressChoice), which use each other's results, so neither imports the other in a circle.
 */
import { texts } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import { ApiError } from '../../../api/client';
import { updateEvent } from '../../events/eventWrites';
import { findEventByUuid, useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { toast } from '../../../ui/toasts';
import { errorText } from '../../events/actions/errors';

export type Patch = Partial<Event>;

/** The event by uuid as it is now: local first, then the bundle. */
export function currentEvent(uuid: string): (Partial<Event> & { uuid: string }) | null {
  const local = useUiStore.getState().localEvents[uuid];
  if (local) return local;
  return findEventByUuid(useEntitiesStore.getState(), uuid) ?? null;
}

/** Applies the patch to the event; true when it was stored. */
export async function saveEventPatch(uuid: string, patch: Patch): Promise<boolean> {
  const ui = useUiStore.getState();
  if (ui.localEvents[uuid]) {
    ui.updateLocalEvent(uuid, patch);
    return true;
  }
  const event = currentEvent(uuid);
  if (!event || event.id == null) return false;
  try {
    await updateEvent(event.id, patch, event.version);
    return true;
  } catch (error) {
    const changed = error instanceof ApiError && error.status === 409 ? (error.body as { changed?: string[] }) : null;
    const ours = Object.keys(patch);
    if (changed && !(changed.changed ?? ours).some((f) => ours.includes(f))) {
      try {
        await updateEvent(event.id, patch);
        return true;
      } catch (again) {
        toast.error(texts.events.saveFailed(errorText(again)));
        return false;
      }
    }
    toast.error(texts.events.saveFailed(errorText(error)));
    return false;
  }
}
