import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useMuteStore } from '../../../stores/muteStore';
import { useSetupStore } from '../../../stores/setupStore';
import { useUiStore } from '../../../stores/uiStore';
import { makeEvent } from '../../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../../test/utils';
import { useMapStore } from '../../map/mapStore';
import { DevPanel } from './DevPanel';
import { TestError, throwTestError } from './ErrorsTab';
import { exportState, importStateFile, parseState } from './importExport';
import { useNotificationStore } from './testNotifications';

function loginAdmin(roles: string[] = ['admin']) {
  useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, roles } });
  useAuthStore.getState().setDevice(demoLogin.devices[0]);
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    uid: 'e.1',
    events: [makeEvent(1, { version: 4, data: { other: 'x' } })],
    userPermissions: [],
  });
}

describe('developer panel', () => {
  beforeEach(() => {
    resetStores();
    useSetupStore.setState({ devPanel: { visible: true, activeTab: 'app' }, darkMode: false });
    useNotificationStore.getState().clear();
    loginAdmin();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is hidden without view Debug and while the Debug Bar is off', () => {
    useAuthStore.getState().logout();
    loginAdmin([]);
    const { unmount } = renderUi(<DevPanel />);
    expect(screen.queryByTestId('devpanel')).toBeNull();
    unmount();
    loginAdmin();
    useSetupStore.getState().setDevPanel({ visible: false });
    renderUi(<DevPanel />);
    expect(screen.queryByTestId('devpanel')).toBeNull();
  });

  it('keeps the active tab in the persisted setup state and closes', () => {
    renderUi(<DevPanel />);
    fireEvent.click(screen.getByRole('tab', { name: 'Events' }));
    expect(useSetupStore.getState().devPanel.activeTab).toBe('events');
    expect(JSON.parse(localStorage.getItem('panel.setup')!).state.devPanel).toEqual({
      visible: true,
      activeTab: 'events',
    });
    expect(screen.getByTestId('devpanel-events')).toHaveTextContent('uuid-1');
    fireEvent.click(screen.getByRole('button', { name: 'Zavřít' }));
    expect(useSetupStore.getState().devPanel.visible).toBe(false);
    expect(screen.queryByTestId('devpanel')).toBeNull();
  });

  it('switches dark mode and auto refresh in the setup state', () => {
    renderUi(<DevPanel />);
    fireEvent.click(screen.getByRole('switch', { name: 'Tmavý režim' }));
    expect(useSetupStore.getState().darkMode).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Automatická aktualizace' }));
    expect(useSetupStore.getState().autoRefresh).toBe(false);
  });

  it('Notifications tab adds three dialog items and one success item; Odebrat vše clears', () => {
    useSetupStore.getState().setDevPanel({ activeTab: 'notifications' });
    renderUi(<DevPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Přidat testovací upozornění' }));
    const items = useNotificationStore.getState().items;
    expect(items).toHaveLength(4);
    expect(items.filter((i) => i.method === 'dialog')).toHaveLength(3);
    expect(items.filter((i) => i.type === 'success')).toHaveLength(1);
    const table = screen.getByTestId('devpanel-queue');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(4);
    expect(table).toHaveTextContent('Testovací upozornění 2');
    fireEvent.click(screen.getByRole('button', { name: 'Odebrat vše' }));
    expect(useNotificationStore.getState().items).toHaveLength(0);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(0);
  });

  it("Errors tab's button throws a test error", () => {
    expect(() => throwTestError()).toThrow(TestError);
    useSetupStore.getState().setDevPanel({ activeTab: 'errors' });
    renderUi(<DevPanel />);
    const seen: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      seen.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Vyvolat testovací chybu' }));
    } catch (error) {
      seen.push(error);
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(seen.some((e) => e instanceof TestError)).toBe(true);
  });

  it('sets a train number on the active event: PUT with data.trainNumber and the version', async () => {
    const { calls } = mockFetch({
      'PUT /v2/events/1': () => ({
        status: 200,
        body: makeEvent(1, { version: 5, data: { other: 'x', trainNumber: '1234' } }),
      }),
    });
    useUiStore.getState().setActiveEvent('uuid-1');
    useSetupStore.getState().setDevPanel({ activeTab: 'event' });
    renderUi(<DevPanel />);
    fireEvent.change(screen.getByLabelText('Číslo vlaku'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nastavit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].method).toBe('PUT');
    expect(calls[0].body).toEqual({ data: { other: 'x', trainNumber: '1234' }, version: 4 });
    expect(await screen.findByText('Číslo vlaku bylo nastaveno')).toBeInTheDocument();
  });
});

describe('state import and export', () => {
  beforeEach(() => resetStores());

  it('rejects a file that is not JSON or not an export, changing nothing', async () => {
    useSetupStore.setState({ darkMode: false });
    expect(() => parseState('{not json')).toThrow();
    expect(() =>
      parseState(JSON.stringify({ format: 'panel-state', version: 1, setup: { darkMode: 'yes' } })),
    ).toThrow();
    expect(() => parseState(JSON.stringify({ format: 'other', version: 1 }))).toThrow();
    expect(() =>
      parseState(JSON.stringify({ format: 'panel-state', version: 1, setup: { autoRefreshPeriod: 100 } })),
    ).toThrow();
    const bad = new Blob([
      JSON.stringify({ format: 'panel-state', version: 1, setup: { darkMode: true }, map: { zoom: 'x' } }),
    ]);
    expect(await importStateFile(bad)).toBe(false);
    expect(useSetupStore.getState().darkMode).toBe(false);
  });

  it('round-trips setup, map and mute state', async () => {
    useSetupStore.setState({ darkMode: true, devPanel: { visible: true, activeTab: 'map' } });
    useMapStore.setState({ zoom: 7, baseLayer: 'ortho' });
    useMuteStore.getState().setMuted('uuid-9', true);
    const file = new Blob([JSON.stringify(exportState())]);
    act(() => {
      useSetupStore.setState({ darkMode: false, devPanel: { visible: false, activeTab: 'app' } });
      useMapStore.setState({ zoom: 3, baseLayer: 'offline' });
      useMuteStore.setState({ muted: {} });
    });
    expect(await importStateFile(file)).toBe(true);
    expect(useSetupStore.getState().darkMode).toBe(true);
    expect(useSetupStore.getState().devPanel.activeTab).toBe('map');
    expect(useMapStore.getState().zoom).toBe(7);
    expect(useMapStore.getState().baseLayer).toBe('ortho');
    expect(useMuteStore.getState().isMuted('uuid-9')).toBe(true);
  });
});
