/**
 * Save = create when the event has no id, else update with the version the edit started from (000 §4).
 * A new event whose target lies within 15 m of an active event first offers the merge dialog (000 §8, §9) to a
 * user who may link (group COIS);
 * a stale update (409) keeps the form as typed and opens the conflict dialog with what changed.
 */
import { useState } from 'react';
import { MERGE_RADIUS } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { eventDistance } from '@panel/domain/map';
import { EVENT_REFERENCE_FIELDS, canLink, isExcludedFromRecent } from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import { conflictOf } from '../../../api/events';
import { createEvent, linkEvents, updateEvent } from '../eventWrites';
import { useAuthStore } from '../../../stores/authStore';
import { selectActiveEvents, useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { toast } from '../../../ui/toasts';
import { editedPayload, toPayload } from '../form/formModel';
import type { AnyEvent, EventFormApi } from '../form/useEventForm';
import { errorText } from './errors';

export interface MergeOffer {
  target: Event;
  distance: number;
}

export interface Conflict {
  mine: Record<string, unknown>;
  theirs: Event;
}

/** The nearest active saved event within MERGE_RADIUS of the event's target, not a chat or support (000 §9). */
export function findMergeTarget(event: Partial<Event>, events: Event[]): MergeOffer | null {
  let best: MergeOffer | null = null;
  for (const other of events) {
    if (other.uuid === event.uuid || isExcludedFromRecent(other.eventCategoryId)) continue;
    const distance = eventDistance(event, other);
    if (distance !== null && distance <= MERGE_RADIUS && (!best || distance < best.distance)) {
      best = { target: other, distance };
    }
  }
  return best;
}

/** Fields of a local event that travel with the create besides the form's. */
const LOCAL_FIELDS = [
  'uuid',
  ...EVENT_REFERENCE_FIELDS,
  'start',
  'targetLatitude',
  'targetLongitude',
  'addressData',
] as const;

export function useSaveEvent(event: AnyEvent, api: EventFormApi) {
  const [merge, setMerge] = useState<MergeOffer | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  async function create(payload: Record<string, unknown>, linkTo?: Event) {
    const body: Record<string, unknown> = {};
    for (const f of LOCAL_FIELDS) if (event[f] !== undefined) body[f] = event[f];
    Object.assign(body, payload);
    try {
      const saved = await createEvent(body);
      toast.success(texts.events.created);
      const ui = useUiStore.getState();
      ui.discardLocalEvent(event.uuid);
      ui.setActiveEvent(saved.uuid);
      if (linkTo && saved.id != null && linkTo.id != null) {
        try {
          await linkEvents(saved.id, linkTo.id);
          toast.success(texts.events.linked);
        } catch (error) {
          toast.error(errorText(error));
        }
      }
    } catch (error) {
      toast.error(texts.events.createFailed(errorText(error)));
    }
  }

  async function update(payload: Record<string, unknown>, version: number | undefined) {
    if (event.id == null) return;
    try {
      const saved = await updateEvent(event.id, payload, version);
      api.load(saved);
      toast.success(texts.events.saved);
    } catch (error) {
      const theirs = conflictOf(error);
      if (theirs) setConflict({ mine: payload, theirs });
      else toast.error(texts.events.saveFailed(errorText(error)));
    }
  }

  async function save() {
    const values = await api.validate();
    if (!values) return;
    if (event.id != null) {
      const edited = editedPayload(values, api.loadedValues());
      // nothing changed: nothing to send, but the click is answered
      if (Object.keys(edited).length === 0) return void toast.info(texts.events.nothingToSave);
      return update(edited, api.baseVersion());
    }
    const payload = toPayload(values);
    // the merge links the new event, which the server allows only to group COIS (canLink): no offer otherwise
    const user = useAuthStore.getState().user;
    const mayLink = canLink({ baseId: user?.baseId ?? null, groups: user?.groups });
    const offer =
      declined === event.uuid || !mayLink
        ? null
        : findMergeTarget(event, selectActiveEvents(useEntitiesStore.getState()));
    if (offer) {
      setMerge(offer);
      return;
    }
    return create(payload);
  }

  return {
    save,
    merge,
    /** Připojit: create, then link the new event to the one nearby */
    acceptMerge: async () => {
      const offer = merge;
      setMerge(null);
      const values = await api.validate();
      if (offer && values) await create(toPayload(values), offer.target);
    },
    /** Zpět: back to the form; the next save creates without asking again */
    declineMerge: () => {
      setMerge(null);
      setDeclined(event.uuid);
    },
    conflict,
    /** 'Převzít jejich': load the server's event into the form */
    takeTheirs: () => {
      if (!conflict) return;
      useEntitiesStore.getState().upsertEvent(conflict.theirs);
      api.load(conflict.theirs);
      setConflict(null);
    },
    /** 'Přepsat': send mine again without a version */
    overwrite: async () => {
      const mine = conflict?.mine;
      setConflict(null);
      if (mine) await update(mine, undefined);
    },
    closeConflict: () => setConflict(null),
  };
}
