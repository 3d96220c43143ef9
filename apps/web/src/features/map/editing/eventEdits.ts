/**
 * Event attributes changed from the map (001 §4, §5): target (with the address from the reverse geocoder when
 * the address is editable), destination, terrain. A local (unsaved) event is changed in the UI store; a saved one
 * is PUT with the version it has in the store (`api/events` `updateEvent`, which puts the answer into the store).
 * A 409 whose `changed` fields do not touch ours is sent again without a version (the form's 'Přepsat' for just
 * these fields); otherwise the spec's 'Chyba při ukládání události: …'.
 */
import { roundCoordinate } from '@panel/domain/map';
import { texts } from '@panel/domain/locale';
import { useUiStore } from '../../../stores/uiStore';
import { toast } from '../../../ui/toasts';
import { setTargetWithAddress } from './addressChoice';
import { reverseGeocode } from './editingApi';
import { currentEvent, saveEventPatch, type Patch } from './eventPatch';

/**
 * The target patch for [lon, lat] of the event `uuid`, with the address when `withAddress`. The reverse request
 * carries the event's uuid, terrain and addressData (000 §7). A failed call or a bad answer (000 §5) is reported
 * ('Adresu místa se nepodařilo zjistit, doplňte ji ručně.'): the target is still set, the address stays as it
 * was, so the dispatcher knows to type it.
 */
export async function targetPatch(lonLat: [number, number], withAddress: boolean, uuid?: string): Promise<Patch> {
  const longitude = roundCoordinate(lonLat[0]);
  const latitude = roundCoordinate(lonLat[1]);
  const patch: Patch = { targetLatitude: latitude, targetLongitude: longitude };
  if (withAddress) {
    const event = uuid ? currentEvent(uuid) : null;
    const answer = await reverseGeocode({
      latitude,
      longitude,
      eventUuid: uuid ?? null,
      eventTerrainId: event?.eventTerrainId ?? null,
      addressData: event?.addressData ?? null,
    });
    if (answer) {
      patch.address = answer.address.title;
      patch.addressData = {
        ...(event?.addressData ?? {}),
        distance: answer.address.distance ?? null,
        type_code: answer.address.type_code ?? null,
        jpo_name: answer.jpo_name,
        jpo_id: answer.jpo_id,
      };
    } else toast.error(texts.map.reverseFailed);
  }
  return patch;
}

/**
 * 'Nastavit jako cíl události': the target, and the reverse geocoder's address when the address is editable —
 * asking first when it would replace an address typed during the call (`addressChoice.ts`, issue 12 item 9).
 */
export async function setEventTarget(uuid: string, lonLat: [number, number], withAddress: boolean): Promise<boolean> {
  const { address, addressData, ...coords } = await targetPatch(lonLat, withAddress, uuid);
  return setTargetWithAddress(uuid, coords, address ? { address, addressData } : null, 'map');
}

/** Sets or removes the vehicles' destination; the spec's toast when it is stored (000 §8). */
export async function setDestination(uuid: string, lonLat: [number, number] | null): Promise<boolean> {
  const ok = await saveEventPatch(uuid, {
    destinationLatitude: lonLat ? roundCoordinate(lonLat[1]) : null,
    destinationLongitude: lonLat ? roundCoordinate(lonLat[0]) : null,
  });
  if (ok) toast.success(lonLat ? texts.events.destinationSet : texts.events.destinationRemoved);
  return ok;
}

export function setTerrain(uuid: string, eventTerrainId: number): Promise<boolean> {
  return saveEventPatch(uuid, { eventTerrainId });
}

/** 'Nastavit jako cíl nové události': a new local event ('Příjem volání') with this target and its address. */
export async function createEventAt(lonLat: [number, number], init: Patch = {}): Promise<string> {
  const event = useUiStore.getState().createLocalEvent({
    ...init,
    targetLatitude: roundCoordinate(lonLat[1]),
    targetLongitude: roundCoordinate(lonLat[0]),
  });
  const patch = await targetPatch(lonLat, true, event.uuid);
  if (patch.address && useUiStore.getState().localEvents[event.uuid]) {
    useUiStore.getState().updateLocalEvent(event.uuid, { address: patch.address, addressData: patch.addressData });
  }
  return event.uuid;
}
