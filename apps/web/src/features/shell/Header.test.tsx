import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { shiftOf } from '@panel/domain/locale';
import { useAppStore } from '../../stores/appStore';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useListStore } from '../../stores/listStore';
import { useUiStore } from '../../stores/uiStore';
import { EventList } from '../events/list/EventList';
import { makeEvent } from '../../test/factories';
import { demoLogin, renderUi, resetStores } from '../../test/utils';
import { Header } from './Header';

const base = { id: 3, uid: 'B3', code: 'PHA', name: 'HZS Praha', baseCategoryId: 1, longitude: null, latitude: null };

describe('Header', () => {
  beforeEach(() => {
    resetStores();
    useAuthStore.getState().login(demoLogin);
    useAuthStore.getState().setDevice(demoLogin.devices[0]);
    useEntitiesStore.getState().applyBundle({ resetData: true, uid: 'e.1', bases: [base], events: [makeEvent(1)] });
  });

  it('shows Operační situace with the shift and the unit name when nothing is active', () => {
    renderUi(<Header />);
    const shift = shiftOf(useAppStore.getState().minuteDate);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Operační situace / směna ${shift}`);
    expect(screen.getByTestId('header-subtitle')).toHaveTextContent('HZS Praha');
  });

  it('omits the shift for a user without a unit', () => {
    useAuthStore.setState({ user: { ...demoLogin.user, baseId: null } });
    renderUi(<Header />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Operační situace');
  });

  it('shows Situace události with the event title for a saved active event', () => {
    useUiStore.getState().setActiveEvent('uuid-1');
    renderUi(<Header />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Situace události \/ směna [ABC]$/);
    expect(screen.getByTestId('header-subtitle')).toHaveTextContent('Událost 1');
  });

  it('shows Situace nové události for a new local event', () => {
    act(() => void useUiStore.getState().createLocalEvent());
    renderUi(<Header />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Situace nové události \/ směna [ABC]$/);
  });

  it('has the header buttons by accessible name', () => {
    renderUi(<Header />);
    for (const name of ['Uživatel', 'Znovunačtení panelu.', 'Režim celé obrazovky', 'Další možnosti']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('turns the reload button red with the new-version tooltip', async () => {
    renderUi(<Header />);
    const reload = screen.getByRole('button', { name: 'Znovunačtení panelu.' });
    expect(reload).not.toHaveAttribute('data-new-version');
    act(() => useAppStore.getState().set({ newVersion: true }));
    expect(reload).toHaveAttribute('data-new-version', 'true');
    expect(reload).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    await userEvent.hover(reload);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Je k dispozici nová aktulizace panelu.');
  });

  it('opens the user card with user, device and unit', async () => {
    renderUi(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Uživatel' }));
    const card = await screen.findByTestId('user-card');
    expect(card).toHaveTextContent('Jana Nováková');
    expect(card).toHaveTextContent('dispecer');
    expect(card).toHaveTextContent('Pracoviště 1 (X001)');
    expect(card).toHaveTextContent('JednotkaHZS Praha');
    expect(screen.getByRole('button', { name: 'Odhlásit se' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Změna hesla' })).toBeInTheDocument();
    // the dispatcher guide opens in its own tab, the panel stays
    const guide = screen.getByRole('link', { name: 'Příručka dispečera' });
    expect(guide).toHaveAttribute('href', '/prirucka/index.html');
    expect(guide).toHaveAttribute('target', '_blank');
  });

  it('shows the send-on-Enter switch for manage Message and toggles it persistently', async () => {
    const { useSetupStore } = await import('../../stores/setupStore');
    renderUi(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Další možnosti' }));
    const toggle = await screen.findByRole('switch', { name: 'Odesílat textové zprávy stiskem klávesy Enter' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(useSetupStore.getState().sendOnEnter).toBe(false);
    expect(JSON.parse(localStorage.getItem('panel.setup')!).state.sendOnEnter).toBe(false);
    expect(screen.queryByRole('switch', { name: 'Debug Bar' })).not.toBeInTheDocument();
  });

  it("ends the options menu with the server's release (issue 23)", async () => {
    const { checkVersion } = await import('./versionCheck');
    await checkVersion(async () => ({ hash: 'h1', version: '1.0.0', commit: 'abc1234', environment: 'demo' }));
    renderUi(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Další možnosti' }));
    await screen.findByRole('menu');
    expect(screen.getByTestId('release-version')).toHaveTextContent(/^Verze 1\.0\.0 \(abc1234\)$/);
  });
});

describe("debug tools: 'Filtery událostí' (001 §2)", () => {
  beforeEach(() => {
    resetStores();
    useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, roles: ['admin'] } });
    useAuthStore.getState().setDevice(demoLogin.devices[0]);
    useEntitiesStore.getState().applyBundle({ resetData: true, uid: 'e.1', bases: [base], events: [makeEvent(1)] });
  });

  it('shows the event list with its custom filter dialog open, also from an active event', async () => {
    useUiStore.getState().setActiveEvent('uuid-1');
    renderUi(
      <>
        <Header />
        <EventList />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Další možnosti' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Filtery událostí' }));
    expect(useUiStore.getState()).toMatchObject({ sidebar: 'event', sidebarOpen: true, activeEventUuid: null });
    expect(useListStore.getState().customOpen).toBe(true);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Vlastní filtr');
  });

  it('is not offered without view Debug', async () => {
    useAuthStore.getState().login(demoLogin);
    renderUi(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Další možnosti' }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: 'Filtery událostí' })).not.toBeInTheDocument();
  });
});
