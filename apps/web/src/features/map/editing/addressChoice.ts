/**
 * Setting an event's target together with an address (issue 12 item 9): from the map ('Nastavit jako cíl
 * události', the reverse geocoder's address) or from the address search opened by the form's 'Adresa'. An
 * address the dispatcher typed during the call is never replaced silently:
 * - no conflict (nothing typed, or the found address already says it): the found address is taken;
 * - a pick from the address search, in a category with an editable 'Upřesnění místa': the picked address is
 *   taken (the user chose it) and the typed text is kept in front of 'Upřesnění místa';
 * - otherwise the panel asks: 'Použít adresu z mapy' (the typed text then goes to 'Upřesnění místa' when the
 *   category has it) or 'Ponechat zadanou adresu' (only the coordinates change). Closing the question keeps
 *   the typed address.
 * The typed address is the one the open form shows (formBridge), else the event's saved one. Where a form is
 * open with unsaved changes (always, for a new event) the address fields go into the form, dirty, and are saved
 * with it; the coordinates are stored at once.
 */
import { addressConflict, keepTypedInDescription } from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { toast } from '../../../ui/toasts';
import { openFormOf } from '../../events/form/formBridge';
import { useEditingStore, type AddressAnswer, type AddressQuestion } from './editingStore';

export type { AddressAnswer, AddressQuestion };
import { currentEvent, saveEventPatch } from './eventPatch';
import { EDIT_TEXTS } from './texts';

export interface FoundAddress {
  address: string;
  addressData?: Event['addressData'];
}

/** What the dispatcher has for the event now: the open form's values, else the saved ones. */
export function typedAddress(uuid: string): { address: string; addressDescription: string } {
  const form = openFormOf(uuid);
  const source = form ? form.values() : (currentEvent(uuid) ?? {});
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    address: text((source as Record<string, unknown>).address),
    addressDescription: text((source as Record<string, unknown>).addressDescription),
  };
}

/** The event's category has 'Upřesnění místa' among its inputs (and it is not read-only). */
function hasDescriptionInput(uuid: string): boolean {
  const event = currentEvent(uuid);
  const category =
    event?.eventCategoryId != null ? useEntitiesStore.getState().eventCategories[event.eventCategoryId] : undefined;
  const input = category?.inputs?.addressDescription;
  return Boolean(input) && Number(input?.readonly ?? 0) !== 1;
}

/** Opens the question (AddressChoiceDialog) and resolves with the answer; closing answers 'typed'. */
export function askAddress(q: Omit<AddressQuestion, 'answer'>): Promise<AddressAnswer> {
  return new Promise((resolve) => {
    useEditingStore.getState().set({
      addressQuestion: {
        ...q,
        answer: (choice) => {
          useEditingStore.getState().set({ addressQuestion: null });
          resolve(choice);
        },
      },
    });
  });
}

/** Stores the coordinates and, when given, the address fields (through the open form where it has edits). */
async function apply(
  uuid: string,
  coords: Partial<Event>,
  address: { address: string; addressDescription?: string; addressData?: Event['addressData'] } | null,
): Promise<boolean> {
  const form = openFormOf(uuid);
  const local = Boolean(useUiStore.getState().localEvents[uuid]);
  if (!address) return saveEventPatch(uuid, coords);
  const fields: Record<string, string> = { address: address.address };
  if (address.addressDescription !== undefined) fields.addressDescription = address.addressDescription;
  if (form && (local || form.edited())) {
    form.set(fields);
    const stored: Partial<Event> = { ...coords, addressData: address.addressData ?? null };
    // a new event keeps everything in the panel until it is created; the form's values win then anyway
    return saveEventPatch(uuid, local ? { ...stored, ...fields } : stored);
  }
  return saveEventPatch(uuid, { ...coords, ...fields, addressData: address.addressData ?? null });
}

/**
 * Sets the target [coordinates] with the found address, asking when it would replace a typed one.
 * `source` 'search': the user picked this address in the search opened from 'Adresa'.
 */
export async function setTargetWithAddress(
  uuid: string,
  coords: Partial<Event>,
  found: FoundAddress | null,
  source: 'map' | 'search',
): Promise<boolean> {
  if (!found?.address) return apply(uuid, coords, null);
  const typed = typedAddress(uuid);
  if (!addressConflict(typed.address, found.address)) {
    return apply(uuid, coords, { address: found.address, addressData: found.addressData });
  }
  const keepsTyped = hasDescriptionInput(uuid);
  const withTypedKept = {
    address: found.address,
    addressData: found.addressData,
    addressDescription: keepTypedInDescription(typed.address, typed.addressDescription),
  };
  if (source === 'search' && keepsTyped) {
    toast.info(EDIT_TEXTS.typedAddressKept);
    return apply(uuid, coords, withTypedKept);
  }
  const choice = await askAddress({ eventUuid: uuid, typed: typed.address, found: found.address, keepsTyped });
  if (choice === 'typed') return apply(uuid, coords, null);
  return apply(uuid, coords, keepsTyped ? withTypedKept : { address: found.address, addressData: found.addressData });
}
