/**
 * Issue 12 item 9: setting the target from the map or the address search never silently replaces an address
 * typed during the call — the panel asks, or keeps the typed text in 'Upřesnění místa'.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { makeEvent } from '../../../test/factories';
import { mockFetch, renderUi, resetStores } from '../../../test/utils';
import { registerForm, type OpenForm } from '../../events/form/formBridge';
import { AddressChoiceDialog } from './AddressChoiceDialog';
import { setTargetWithAddress } from './addressChoice';
import { useEditingStore } from './editingStore';

const withDescription = { address: { label: 'Adresa' }, addressDescription: { label: 'Upřesnění místa' } };
const categories = {
  5: { id: 5, name: 'Událost', inputs: withDescription },
  6: { id: 6, name: 'Hovor', inputs: { address: { label: 'Adresa' } } },
} as never;

/** A form as the event form registers it: values it shows, and the fields the map writes into it. */
function openForm(uuid: string, values: Record<string, unknown>, edited = true) {
  const set = vi.fn((patch: Record<string, unknown>) => Object.assign(values, patch));
  const form: OpenForm = { values: () => values, edited: () => edited, set };
  const unregister = registerForm(uuid, form);
  return { set, values, unregister };
}

/** A new local event of category `categoryId` with its form open on `values`. */
function openLocalForm(categoryId: number, values: Record<string, unknown>) {
  const { uuid } = useUiStore.getState().createLocalEvent({ eventCategoryId: categoryId });
  return { uuid, form: openForm(uuid, values) };
}

const coords = { targetLatitude: 50.1, targetLongitude: 14.5 };
const found = { address: 'Praha 8, Libeň, Povltavská', addressData: { distance: 12 } };

beforeEach(() => {
  resetStores();
  useEditingStore.getState().reset();
  useEntitiesStore.setState({ eventCategories: categories });
});
afterEach(() => vi.unstubAllGlobals());

describe('the target with an address (issue 12 item 9)', () => {
  it('asks before the map replaces a typed address; "Použít adresu z mapy" keeps the typed one in Upřesnění místa', async () => {
    const { uuid, form } = openLocalForm(5, { address: 'u mostu za tratí', addressDescription: 'vjezd od nádraží' });
    renderUi(<AddressChoiceDialog />);
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = setTargetWithAddress(uuid, coords, found, 'map');
    });
    expect(await screen.findByTestId('address-typed')).toHaveTextContent('u mostu za tratí');
    expect(screen.getByTestId('address-found')).toHaveTextContent(found.address);
    expect(form.set).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Použít adresu z mapy' }));
    expect(await done).toBe(true);
    expect(form.values).toMatchObject({
      address: found.address,
      addressDescription: 'u mostu za tratí; vjezd od nádraží',
    });
    expect(useUiStore.getState().localEvents[uuid]).toMatchObject(coords);
    form.unregister();
  });

  it('"Ponechat zadanou adresu" (and closing the question) change only the coordinates', async () => {
    const { uuid, form } = openLocalForm(5, { address: 'u mostu za tratí', addressDescription: '' });
    renderUi(<AddressChoiceDialog />);
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = setTargetWithAddress(uuid, coords, found, 'map');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ponechat zadanou adresu' }));
    expect(await done).toBe(true);
    expect(form.set).not.toHaveBeenCalled();
    expect(form.values.address).toBe('u mostu za tratí');
    expect(useUiStore.getState().localEvents[uuid]).toMatchObject(coords);
    expect(useUiStore.getState().localEvents[uuid].address).toBeUndefined();
    form.unregister();
  });

  it('takes the found address without asking when nothing was typed or it already says the typed text', async () => {
    const { uuid, form } = openLocalForm(5, { address: 'Povltavská', addressDescription: '' });
    expect(await setTargetWithAddress(uuid, coords, found, 'map')).toBe(true);
    expect(useEditingStore.getState().addressQuestion).toBeNull();
    expect(form.set).toHaveBeenCalledWith({ address: found.address });
    form.unregister();
  });

  it('a pick from the address search keeps the typed text in Upřesnění místa without asking', async () => {
    const { uuid, form } = openLocalForm(5, { address: 'u mostu za tratí', addressDescription: '' });
    expect(await setTargetWithAddress(uuid, coords, found, 'search')).toBe(true);
    expect(useEditingStore.getState().addressQuestion).toBeNull();
    expect(form.values).toMatchObject({ address: found.address, addressDescription: 'u mostu za tratí' });
    form.unregister();
  });

  it('asks for a search pick too when the category has no Upřesnění místa to keep the typed text in', async () => {
    const { uuid, form } = openLocalForm(6, { address: 'u mostu za tratí' });
    void setTargetWithAddress(uuid, coords, found, 'search');
    await waitFor(() => expect(useEditingStore.getState().addressQuestion).toMatchObject({ keepsTyped: false }));
    form.unregister();
  });

  it('a saved event without unsaved edits gets target and address in one PUT when nothing would be lost', async () => {
    const event = makeEvent(10, { eventCategoryId: 5, address: null, version: 3 });
    useEntitiesStore.setState({ events: { 10: event } });
    const { calls } = mockFetch({ 'PUT /v2/events/10': () => ({ status: 200, body: { ...event, version: 4 } }) });
    expect(await setTargetWithAddress('uuid-10', coords, found, 'map')).toBe(true);
    expect(calls[0].body).toMatchObject({ ...coords, address: found.address, addressData: { distance: 12 } });
  });

  it('asks about a saved address too (no form open): the saved one is what was typed', async () => {
    const event = makeEvent(11, { eventCategoryId: 5, address: 'u mostu za tratí', version: 3 });
    useEntitiesStore.setState({ events: { 11: event } });
    const { calls } = mockFetch({ 'PUT /v2/events/11': () => ({ status: 200, body: { ...event, version: 4 } }) });
    const done = setTargetWithAddress('uuid-11', coords, found, 'map');
    await waitFor(() => expect(useEditingStore.getState().addressQuestion).not.toBeNull());
    act(() => useEditingStore.getState().addressQuestion!.answer('typed'));
    expect(await done).toBe(true);
    expect(calls[0].body).toEqual(expect.objectContaining(coords));
    expect(calls[0].body).not.toHaveProperty('address');
  });
});
