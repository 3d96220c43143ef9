/**
 * Calls of the map editing (docs/API.md "Map notes and drawings (issue 6) — contract", "Map data, search and
 * trains"): notes, drawn objects and the reverse geocoder. Each write puts its answer into the entities store at
 * once and asks the sync engine for a delta (the push confirms it).
 */
import type { z } from 'zod';
import {
  parseReverseAnswer,
  reverseQuery,
  type createGeoSchema,
  type createNoteSchema,
  type GoodReverseAnswer,
  type ReverseRequest,
  type updateGeoSchema,
  type updateNoteSchema,
} from '@panel/domain/map';
import type { EventGeo, EventObject } from '@panel/domain/sync';
import { api } from '../../../api/client';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { syncEngine } from '../../sync/syncEngine';

const merged = <K extends 'eventObjects' | 'eventGeos'>(
  key: K,
  row: K extends 'eventObjects' ? EventObject : EventGeo,
) => {
  useEntitiesStore.getState().applyBundle({ [key]: [row] });
  syncEngine.refresh();
  return row;
};

/** The panel always sends its own uuid: a retry after a lost answer finds the saved row instead of a second one. */
type NewNoteBody = z.input<typeof createNoteSchema> & { uuid: string };
type NewGeoBody = z.input<typeof createGeoSchema> & { uuid: string };

const dropped = (key: 'eventObjects' | 'eventGeos', id: number) => {
  useEntitiesStore.getState().applyBundle({ removed: { [key]: [id] } });
  syncEngine.refresh();
};

export async function createNote(body: NewNoteBody): Promise<EventObject> {
  return merged('eventObjects', await api.post<EventObject>('/v2/event-objects', body));
}

export async function updateNote(id: number, body: z.input<typeof updateNoteSchema>): Promise<EventObject> {
  return merged('eventObjects', await api.put<EventObject>(`/v2/event-objects/${id}`, body));
}

export async function deleteNote(id: number): Promise<void> {
  await api.del(`/v2/event-objects/${id}`);
  dropped('eventObjects', id);
}

export async function createGeo(body: NewGeoBody): Promise<EventGeo> {
  return merged('eventGeos', await api.post<EventGeo>('/v2/event-geos', body));
}

export async function updateGeo(id: number, body: z.input<typeof updateGeoSchema>): Promise<EventGeo> {
  return merged('eventGeos', await api.put<EventGeo>(`/v2/event-geos/${id}`, body));
}

export async function deleteGeo(id: number): Promise<void> {
  await api.del(`/v2/event-geos/${id}`);
  dropped('eventGeos', id);
}

/**
 * GET /v2/search/reverse with the spec's fields (000 §7): the nearest address (or 'okolí …') and the unit.
 * The panel writes the event itself (one versioned PUT with the target), so updateEvent is false. Null when the
 * call failed or the answer breaks the rule of 000 §5 (address with a string title, numeric jpo_id); the caller
 * reports it.
 */
export async function reverseGeocode(request: ReverseRequest): Promise<GoodReverseAnswer | null> {
  try {
    const answer = await api.get<unknown>(`/v2/search/reverse?${reverseQuery({ ...request, updateEvent: false })}`);
    const good = parseReverseAnswer(answer);
    if (!good) console.warn('[map] reverse geocoding: bad answer', answer);
    return good;
  } catch (error) {
    console.warn('[map] reverse geocoding failed', error);
    return null;
  }
}
