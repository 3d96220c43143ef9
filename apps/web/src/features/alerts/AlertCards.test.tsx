import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useMessagesStore } from '../../stores/messagesStore';
import { useUiStore } from '../../stores/uiStore';
import { useToastStore } from '../../ui/toasts';
import { makeEvent } from '../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { makeMessage } from '../messages/testMessages';
import { AlertBell } from './AlertBell';
import { raiseEventAlert, raiseMessageAlert, useAlertHighlight } from './alertService';
import { useNotificationStore } from './notificationQueue';

const event = makeEvent(1, {
  eventStateId: 0,
  baseId: 4,
  version: 3,
  createdAt: '2026-11-21 09:05:00',
  alert: { title: 'TEST KOPIS – Požár', subtitle: 'Praha hl.n.', description: 'Hoří vůz' },
});

beforeEach(() => {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  useNotificationStore.setState({ items: [], current: null, stopped: false, paused: false, dialogOpen: false });
  useMessagesStore.getState().clear();
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    bases: [{ id: 4, name: 'HZS Praha', code: 'PHA' } as never],
    // a dispatcher who may change any event's state (the acceptance rule: canAcceptAlert)
    userPermissions: ['event.update', 'event.updateState'],
    events: [event],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('event alert card', () => {
  it("'Přijmout zprávu' saves state 1 with the version, makes the event active, highlights it after 200 ms", async () => {
    const { calls } = mockFetch({
      'PUT /v2/events/1': () => ({ status: 200, body: { ...event, eventStateId: 1, version: 4 } }),
      'POST /v2/app': () => ({ status: 200, body: {} }),
    });
    raiseEventAlert(event);
    renderUi(<AlertBell />);
    const card = await screen.findByTestId('alert-card-event');
    expect(card).toHaveTextContent('Vystaveno upozornění 21.11.2026 09:05');
    expect(card).toHaveTextContent('TEST KOPIS – Požár');
    expect(card).toHaveTextContent('Praha hl.n.');
    expect(card).toHaveTextContent('Hoří vůz');
    expect(card).toHaveTextContent('HZS Praha');
    fireEvent.click(screen.getByRole('button', { name: 'Přijmout zprávu' }));
    await waitFor(() => expect(useUiStore.getState().activeEventUuid).toBe('uuid-1'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ eventStateId: 1, version: 3 });
    expect(useNotificationStore.getState().items).toHaveLength(0);
    await waitFor(() => expect(useAlertHighlight.getState().uuid).toBe('uuid-1'));
  });

  it('keeps another active event; a 409 with the state still 0 is saved again with the current version', async () => {
    useEntitiesStore.getState().applyBundle({ events: [makeEvent(2, { uuid: 'other' })] });
    useUiStore.getState().setActiveEvent('other');
    let n = 0;
    const { calls } = mockFetch({
      'PUT /v2/events/1': () =>
        ++n === 1
          ? { status: 409, body: { message: 'conflict', current: { ...event, version: 7 } } }
          : { status: 200, body: { ...event, eventStateId: 1, version: 8 } },
      'POST /v2/app': () => ({ status: 200, body: {} }),
    });
    raiseEventAlert(event);
    renderUi(<AlertBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Přijmout zprávu' }));
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(0));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { eventStateId: 1, version: 3 },
      { eventStateId: 1, version: 7 },
    ]);
    expect(useUiStore.getState().activeEventUuid).toBe('other');
  });

  it('an alert somebody else took first: nothing saved, nothing activated, says who took it', async () => {
    const taken = {
      ...event,
      eventStateId: 1,
      version: 4,
      alert: {
        ...event.alert!,
        acceptedBy: { userId: 99, name: 'Tomáš Dvořák', deviceId: 5, at: '2026-11-21 09:06:00' },
      },
    };
    const { calls } = mockFetch({
      'PUT /v2/events/1': () => ({ status: 409, body: { message: 'conflict', current: taken } }),
      'POST /v2/app': () => ({ status: 200, body: {} }),
    });
    raiseEventAlert(event);
    renderUi(<AlertBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Přijmout zprávu' }));
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(0));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(useUiStore.getState().activeEventUuid).toBeNull();
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
      'Událost byla přiřazena. Přijal(a): Tomáš Dvořák (TEST KOPIS – Požár)',
    );
  });

  it('a user who may not accept (group MNG, view only) is informed: no accept button, one acknowledgement', async () => {
    useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, groups: ['MNG'] } });
    useEntitiesStore.getState().applyBundle({ userPermissions: [] });
    const key = raiseEventAlert(event)!;
    expect(useNotificationStore.getState().items[0].loops).toBe(0); // no repeating sound they cannot stop
    renderUi(<AlertBell />);
    const card = await screen.findByTestId('alert-card-event');
    expect(card).toHaveTextContent('Pouze pro informaci');
    expect(screen.queryByRole('button', { name: 'Přijmout zprávu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Beru na vědomí' }));
    await waitFor(() => expect(useNotificationStore.getState().items.find((i) => i.key === key)).toBeUndefined());
  });
});

describe('message alert card', () => {
  it("'Potvrdit přijetí' marks the message read and confirms it", async () => {
    const { calls } = mockFetch({
      'POST /v2/messages/20/read': () => ({ status: 200, body: { result: true } }),
      'POST /v2/messages/20/confirm': () => ({ status: 200, body: makeMessage(20, { read: 1 }) }),
    });
    raiseMessageAlert(makeMessage(20, { read: 0, senderName: 'Jednotka PHA', content: 'Jsme na místě' }));
    useNotificationStore.getState().setDialogOpen(true);
    renderUi(<AlertBell />);
    const card = await screen.findByTestId('alert-card-message');
    expect(card).toHaveTextContent('Zpráva z Jednotka PHA');
    expect(card).toHaveTextContent('Jsme na místě');
    expect(card).toHaveTextContent('Událost 1'); // the event's header title
    fireEvent.click(screen.getByRole('button', { name: 'Potvrdit přijetí' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /v2/messages/20/confirm'));
    expect(calls.map((c) => c.url)).toContain('/v2/messages/20/read');
    expect(useMessagesStore.getState().read[20]).toBe(1);
    expect(useNotificationStore.getState().items).toHaveLength(0);
  });

  it('the sound dialog shows an INST message on a role-51 event until confirmed', async () => {
    useEntitiesStore.getState().applyBundle({ events: [{ ...event, eventRoles: [51] }] });
    raiseMessageAlert(makeMessage(21, { read: 0, type: 'INST-01', content: 'Výjezd!' }));
    renderUi(<AlertBell />);
    const dialog = await screen.findByTestId('sound-dialog');
    expect(dialog).toHaveTextContent('Výjezd!');
  });
});

describe('the bell', () => {
  it("shows the count; the dialog 'Máte {n} upozornění' lists the cards; 'Smazat všechna upozornění' empties it", async () => {
    const queue = useNotificationStore.getState();
    queue.push({ type: 'info', method: 'dialog', title: 'Test 1' });
    queue.push({ type: 'info', method: 'dialog', title: 'Test 2' });
    queue.push({ type: 'success', title: 'Toast' }); // not counted
    renderUi(<AlertBell />);
    expect(screen.getByTestId('alert-bell')).toHaveTextContent('2');
    // the accessible name carries the count (the badge alone is silent for a screen reader)
    expect(screen.getByTestId('alert-bell')).toHaveAccessibleName('Upozornění: 2');
    fireEvent.click(screen.getByTestId('alert-bell'));
    expect(await screen.findByText('Máte 2 upozornění')).toBeInTheDocument();
    expect(screen.getByText('Test 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Smazat všechna upozornění' }));
    await waitFor(() => expect(screen.queryByText('Test 1')).not.toBeInTheDocument());
    // no badge at 0, not even a fading one holding the old count (axe label-content-name-mismatch)
    expect(screen.getByTestId('alert-bell').querySelector('.MuiBadge-badge')).toBeNull();
    expect(screen.getByTestId('alert-bell')).not.toHaveTextContent('2');
    expect(screen.getByTestId('alert-bell')).toHaveAccessibleName('Upozornění: 0');
  });
});
