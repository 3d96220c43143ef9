/**
 * 'Adresa' of the event form opens the map's address search (000 §2 "address (click opens map address
 * search)", issue 12 item 9): the address register group, with what was typed as the query. Picking a result
 * sets the event's target and address (001 §5: only offered where the address is editable — the field is
 * disabled otherwise), keeping a typed address that would be lost (`editing/addressChoice.ts`).
 */
import { roundCoordinate, type SearchSuggestion } from '@panel/domain/map';
import { setTargetWithAddress, typedAddress } from '../editing/addressChoice';
import { useMapStore } from '../mapStore';

export function openAddressSearch(eventUuid: string): void {
  const text = typedAddress(eventUuid).address;
  useMapStore.getState().set({ searchOpen: true, addressSearch: { eventUuid, text, at: Date.now() } });
}

/** The chosen suggestion becomes the event's target and address; the search closes (its job is done). */
export async function pickAddressForEvent(eventUuid: string, s: SearchSuggestion): Promise<boolean> {
  useMapStore.getState().set({ addressSearch: null, searchOpen: false });
  return setTargetWithAddress(
    eventUuid,
    { targetLatitude: roundCoordinate(s.latitude), targetLongitude: roundCoordinate(s.longitude) },
    {
      address: s.title || s.name,
      addressData: { distance: s.distance ?? null, type_code: s.type_code, jpo_name: s.jpo_name, jpo_id: s.jpo_id },
    },
    'search',
  );
}
