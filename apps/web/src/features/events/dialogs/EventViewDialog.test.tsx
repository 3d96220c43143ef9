/**
 * The event view dialog's main tab (000 §2 "Event view dialog", §4, §8; issue 24 item 20): the mute switch,
 * 'Zrušit připojení' (removing a DZIN-CALL's parent link, or a link row for group COIS) with 'Požadavek
 * odeslán' or the failure toast, and the failure toast of 'Test KOPIS'.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useMuteStore } from '../../../stores/muteStore';
import { useUiStore } from '../../../stores/uiStore';
import { makeEvent } from '../../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../../test/utils';
import { eventCategory } from '@panel/domain/events/testing';
import { EventViewDialog } from './EventViewDialog';

const parent = makeEvent(1, { baseId: 3 });
const call = makeEvent(2, { baseId: 3, eventCategoryId: 21, parentId: 1, eventStateId: 1, version: 4 });
const child = makeEvent(3, { baseId: 3, eventCategoryId: 5, parentId: 1, version: 2 });

function setup(groups: string[] = []) {
  resetStores();
  useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, groups } });
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    userPermissions: ['event.create', 'event.update'],
    eventCategories: [
      eventCategory(5),
      eventCategory(21, { code: 'DZIN-CALL', type: 'call' }),
      eventCategory(22, { code: 'KOPIS', type: 'event' }),
    ],
    events: [parent, call, child, makeEvent(4, { baseId: 3, eventCategoryId: 22 })],
    eventToEvent: [{ id: 70, sourceEventId: 3, targetEventId: 1, sourceEvent: null }],
  });
}

const open = (uuid: string) => act(() => useUiStore.getState().openEventView(uuid));

beforeEach(() => {
  setup();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('EventViewDialog', () => {
  it('the mute switch mutes and unmutes the event (000 §4 "muted per event")', () => {
    renderUi(<EventViewDialog />);
    open(parent.uuid);
    const mute = screen.getByRole('switch', { name: 'Ztlumit zvuky události' });
    expect(mute).not.toBeChecked();
    fireEvent.click(mute);
    expect(useMuteStore.getState().muted[parent.uuid]).toBeTruthy();
    expect(mute).toBeChecked();
    fireEvent.click(mute);
    expect(useMuteStore.getState().muted[parent.uuid]).toBeFalsy();
    expect(useMuteStore.getState().muted[call.uuid]).toBeFalsy();
  });

  it("'Zrušit připojení' of a DZIN-CALL: parentId null, state 1, 'Požadavek odeslán'", async () => {
    const { calls } = mockFetch({
      'PUT /v2/events/2': () => ({ status: 200, body: { ...call, parentId: null, version: 5 } }),
    });
    renderUi(<EventViewDialog />);
    open(call.uuid);
    fireEvent.click(screen.getByRole('button', { name: 'Zrušit připojení' }));
    expect(await screen.findByText('Požadavek odeslán')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ parentId: null, eventStateId: 1 });
  });

  it("a failed parent unlink shows 'Chyba při ukládání události: …'", async () => {
    mockFetch({ 'PUT /v2/events/2': () => ({ status: 503, body: { message: 'Databáze neodpovídá' } }) });
    renderUi(<EventViewDialog />);
    open(call.uuid);
    fireEvent.click(screen.getByRole('button', { name: 'Zrušit připojení' }));
    expect(await screen.findByText('Chyba při ukládání události: Databáze neodpovídá')).toBeInTheDocument();
    expect(screen.queryByText('Požadavek odeslán')).toBeNull();
  });

  it("a link row is removed only by group COIS; the failure shows the server's error (000 §8)", async () => {
    renderUi(<EventViewDialog />);
    open(child.uuid);
    expect(screen.queryByRole('button', { name: 'Zrušit připojení' })).toBeNull();
    act(() => useUiStore.getState().closeEventView());

    setup(['COIS']);
    const { calls } = mockFetch({
      'DELETE /v2/event-to-events/70': () => ({ status: 500, body: { message: 'Propojení nelze zrušit' } }),
    });
    open(child.uuid);
    fireEvent.click(await screen.findByRole('button', { name: 'Zrušit připojení' }));
    expect(await screen.findByText('Propojení nelze zrušit')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /v2/event-to-events/70');
  });

  it("a failed 'Test KOPIS' shows 'Chyba při vytváření Test KOPIS zprávy'", async () => {
    const { calls } = mockFetch({ 'POST /v2/events/simulate/kopis': () => ({ status: 500, body: {} }) });
    renderUi(<EventViewDialog />);
    open('uuid-4');
    fireEvent.click(screen.getByRole('button', { name: 'Test KOPIS' }));
    expect(await screen.findByText('Chyba při vytváření Test KOPIS zprávy')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
