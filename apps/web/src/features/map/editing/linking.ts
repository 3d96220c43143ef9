/**
 * Linking the active event on the map (001 §4, §6, §8): POST /v2/event-to-events/{eventId}/{otherEventId} →
 * 'Připojeno'; a failure is only logged and the loading flag cleared (001 §8 "Event link failure: logged only").
 */
import { texts } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import { linkEvents } from '../../events/eventWrites';
import { toast } from '../../../ui/toasts';
import { useMapMenuStore } from '../contextMenu/mapMenuStore';
import { useEditingStore } from './editingStore';

export async function linkActiveTo(event: Pick<Event, 'id'>, target: Pick<Event, 'id'>): Promise<boolean> {
  if (event.id == null || target.id == null || useEditingStore.getState().linkLoading) return false;
  useEditingStore.getState().set({ linkLoading: true });
  try {
    await linkEvents(event.id, target.id);
    toast.success(texts.events.linked);
    useMapMenuStore.getState().setLinking(false);
    return true;
  } catch (error) {
    console.error('[map] linking failed', error);
    return false;
  } finally {
    useEditingStore.getState().set({ linkLoading: false });
  }
}
