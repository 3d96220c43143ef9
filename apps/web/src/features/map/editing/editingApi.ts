/**
 * Calls of the map editing (docs/API.md "Map notes and drawings (issue 6) — contract", "Map data, search and
 * trains"): notes, drawn objects and the reverse geocoder. Each write puts its answer into the entities store at
 * once and asks the sync engine for a delta (the push confirms it).
 */
import type { EventGeo, EventObject } from '@panel/domain/sync';
import { api } from '../../../api/client';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { syncEngine } from '../../../sync/useRuntime';

export interface ReverseAnswer {
  address: { title: string; type_code?: string; distance?: number; latitude?: number; longitude?: number } | null;
  jpo_name: string | null;
  jpo_id: number | null;
}

const merged = <K extends 'eventObjects' | 'eventGeos'>(
  key: K,
  row: K extends 'eventObjects' ? EventObject : EventGeo,
) => {
  useEntitiesStore.getState().applyBundle({ [key]: [row] });
  syncEngine.refresh();
  return row;
};

const dropped = (key: 'eventObjects' | 'eventGeos', id: number) => {
  useEntitiesStore.getState().applyBundle({ removed: { [key]: [id] } });
  syncEngine.refresh();
};

export async function createNote(body: {
  uuid: string;
  eventId: number;
  longitude: number;
  latitude: number;
  content: string;
}): Promise<EventObject> {
  return merged('eventObjects', await api.post<EventObject>('/v2/event-objects', body));
}

export async function updateNote(
  id: number,
  body: { content?: string; longitude?: number; latitude?: number },
): Promise<EventObject> {
  return merged('eventObjects', await api.put<EventObject>(`/v2/event-objects/${id}`, body));
}

export async function deleteNote(id: number): Promise<void> {
  await api.del(`/v2/event-objects/${id}`);
  dropped('eventObjects', id);
}

export async function createGeo(body: {
  uuid: string;
  eventId: number;
  geojson: unknown;
  title: string | null;
}): Promise<EventGeo> {
  return merged('eventGeos', await api.post<EventGeo>('/v2/event-geos', body));
}

export async function updateGeo(id: number, body: { geojson?: unknown; title?: string | null }): Promise<EventGeo> {
  return merged('eventGeos', await api.put<EventGeo>(`/v2/event-geos/${id}`, body));
}

export async function deleteGeo(id: number): Promise<void> {
  await api.del(`/v2/event-geos/${id}`);
  dropped('eventGeos', id);
}

/** GET /v2/search/reverse: the nearest address (or 'okolí …') and the unit; null on any failure. */
export async function reverseGeocode(latitude: number, longitude: number): Promise<ReverseAnswer | null> {
  try {
    return await api.get<ReverseAnswer>(`/v2/search/reverse?latitude=${latitude}&longitude=${longitude}`);
  } catch (error) {
    console.warn('[map] reverse geocoding failed', error);
    return null;
  }
}
