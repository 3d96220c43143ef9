import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { makeEvent } from '../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { Sidebar } from './Sidebar';

describe('Sidebar', () => {
  beforeEach(() => {
    resetStores();
    useAuthStore.getState().login(demoLogin);
    useAuthStore.getState().setDevice(demoLogin.devices[0]);
    useEntitiesStore.getState().applyBundle({
      resetData: true,
      uid: 'e.1',
      events: [makeEvent(1), makeEvent(2), makeEvent(3, { eventStateId: 6 })],
      userPermissions: ['event.create'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the count of active events and follows new ones', () => {
    renderUi(<Sidebar />);
    expect(screen.getByTestId('events-count')).toHaveTextContent('2');
    act(() => useEntitiesStore.getState().applyBundle({ uid: 'e.2', events: [makeEvent(4)] }));
    expect(screen.getByTestId('events-count')).toHaveTextContent('3');
    // the count is the button's description, its name stays 'Události' (the badge is outside the button)
    const events = screen.getByRole('button', { name: 'Události' });
    expect(events).toHaveAccessibleDescription('3');
    expect(events).not.toHaveTextContent('3');
  });

  it('pulses the Events button while an active event has unread messages (001 §2), and stops when read', () => {
    renderUi(<Sidebar />);
    const button = screen.getByRole('button', { name: 'Události' });
    expect(button).not.toHaveAttribute('data-new-messages');
    const unread = (n: number) => ({ total: 3, unread: { '1': 0, '2': n } });
    act(() => useEntitiesStore.getState().applyBundle({ uid: 'e.2', events: [makeEvent(2, { messages: unread(2) })] }));
    expect(button).toHaveAttribute('data-new-messages', '2');
    // unread messages of a closed event do not pulse (it left the list)
    act(() => useEntitiesStore.getState().applyBundle({ uid: 'e.3', events: [makeEvent(2, { messages: unread(0) })] }));
    expect(button).not.toHaveAttribute('data-new-messages');
  });

  it('single click shows the list and clears the active event after 200 ms', () => {
    vi.useFakeTimers();
    useUiStore.getState().setActiveEvent('uuid-1');
    renderUi(<Sidebar />);
    fireEvent.click(screen.getByRole('button', { name: 'Události' }));
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(useUiStore.getState().activeEventUuid).toBe('uuid-1');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(useUiStore.getState().activeEventUuid).toBeNull();
    expect(useUiStore.getState().sidebar).toBe('event');
    expect(useUiStore.getState().sidebarOpen).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a single click on Events while the list is shown keeps the list shown (001 §2)', () => {
    vi.useFakeTimers();
    renderUi(<Sidebar />);
    expect(useUiStore.getState()).toMatchObject({ sidebar: 'event', sidebarOpen: true, activeEventUuid: null });
    for (let i = 0; i < 2; i += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Události' }));
      act(() => {
        vi.advanceTimersByTime(300); // past the double-click window: two single clicks
      });
      expect(useUiStore.getState()).toMatchObject({ sidebar: 'event', sidebarOpen: true, activeEventUuid: null });
    }
    // a closed sidebar opens again
    act(() => useUiStore.getState().closeSidebar());
    fireEvent.click(screen.getByRole('button', { name: 'Události' }));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(useUiStore.getState().sidebarOpen).toBe(true);
  });

  it('Kalendář shows the calendar of today instead of the open event, and lights up (001 §2)', () => {
    useUiStore.getState().setActiveEvent('uuid-1');
    useUiStore.setState({ calendarDate: new Date(2020, 0, 1).getTime() });
    renderUi(<Sidebar />);
    const calendar = screen.getByRole('button', { name: 'Kalendář' });
    expect(calendar).not.toHaveClass('active');
    fireEvent.click(calendar);
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    expect(useUiStore.getState()).toMatchObject({
      sidebar: 'calendar',
      sidebarOpen: true,
      activeEventUuid: null,
      calendarDate: today.getTime(),
    });
    expect(calendar).toHaveClass('active');
    expect(screen.getByRole('button', { name: 'Události' })).not.toHaveClass('active');
  });

  it('shows Kalendář only with view Event (001 §6): udrp (manage Message only) has none', () => {
    useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, roles: ['udrp'] } });
    useAuthStore.getState().setDevice(demoLogin.devices[0]);
    renderUi(<Sidebar />);
    expect(screen.getByRole('button', { name: 'Události' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kalendář' })).not.toBeInTheDocument();
  });

  it('double click asks to mark all messages read and posts it', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch({ 'POST /v2/messages/user/read': () => ({ status: 200, body: { result: true } }) });
    useUiStore.getState().setActiveEvent('uuid-1');
    renderUi(<Sidebar />);
    const events = screen.getByRole('button', { name: 'Události' });
    fireEvent.click(events);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    fireEvent.click(events);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(useUiStore.getState().activeEventUuid).toBe('uuid-1'); // no single-click action
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Označení všech zpráv za přečtené');
    expect(dialog).toHaveTextContent('Všechny zprávy budou označeny za přečtené.');
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Ano' }));
    expect(await screen.findByText('Všechny zprávy byly označeny jako přečtené.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v2/messages/user/read']);
  });

  it('Příjem volání creates an active local event with the defaults', () => {
    renderUi(<Sidebar />);
    fireEvent.click(screen.getByRole('button', { name: 'Příjem volání' }));
    const ui = useUiStore.getState();
    const local = ui.localEvents[ui.activeEventUuid!];
    expect(local).toMatchObject({
      id: null,
      eventStateId: 1,
      eventStatusId: 2,
      eventTypeId: 2,
      eventSourceId: 2,
      eventTerrainId: 1,
      eventCategoryId: 5,
    });
    expect(local.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hides Příjem volání without create Event', () => {
    useEntitiesStore.getState().applyBundle({ uid: 'e.3', userPermissions: [] });
    renderUi(<Sidebar />);
    expect(screen.queryByRole('button', { name: 'Příjem volání' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kalendář' })).toBeInTheDocument();
  });
});
