import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../api/auth';
import { useAuthStore } from '../../stores/authStore';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { DeviceView } from './DeviceView';

describe('DeviceView', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the user and the first device and confirms it with the session headers', async () => {
    const { calls } = mockFetch({
      'POST /v2/auth/device': () => ({ status: 200, body: { result: true, device: demoLogin.devices[0] } }),
    });
    useAuthStore.getState().login(demoLogin);
    renderUi(<DeviceView />);
    expect(screen.getByText('Jana Nováková')).toBeInTheDocument();
    expect(screen.getByText('X001')).toBeInTheDocument();
    expect(screen.getByText('Pracoviště 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdit' }));
    await vi.waitFor(() => expect(useAuthStore.getState().deviceConfirmed).toBe(true));
    expect(calls[0].body).toEqual({ deviceId: 11 });
    expect(calls[0].headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'app-code': 'panel',
      'app-instance': 'instance-1',
    });
  });

  it('keeps the trust token of the confirmation and sends it with the next login of that user (issue 24 item 9)', async () => {
    const { calls } = mockFetch({
      'POST /v2/auth/device': () => ({
        status: 200,
        body: { result: true, device: demoLogin.devices[0], trustToken: 'duvera-1' },
      }),
      'POST /v2/auth/login': () => ({ status: 401, body: { result: false, message: 'x' } }),
    });
    useAuthStore.getState().login(demoLogin);
    renderUi(<DeviceView />);
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdit' }));
    await vi.waitFor(() => expect(useAuthStore.getState().deviceConfirmed).toBe(true));
    await login(` ${demoLogin.user.username.toUpperCase()} `, 'heslo').catch(() => undefined);
    await login('nekdo-jiny', 'heslo').catch(() => undefined);
    const logins = calls.filter((c) => c.url.endsWith('/v2/auth/login'));
    expect(logins.map((c) => c.body)).toEqual([
      { username: ` ${demoLogin.user.username.toUpperCase()} `, password: 'heslo', trustToken: 'duvera-1' },
      { username: 'nekdo-jiny', password: 'heslo' },
    ]);
  });

  it('says no device is assigned when the list is empty', () => {
    useAuthStore.getState().login({ ...demoLogin, devices: [] });
    renderUi(<DeviceView />);
    expect(screen.getByText('K tomuto uživateli není přiřazano žádné zařízeni.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Potvrdit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Odhlásit' })).toBeInTheDocument();
  });

  it('asks to log in again when the list is missing, and Odhlásit logs out', async () => {
    mockFetch({ 'POST /v2/auth/logout': () => ({ status: 200, body: { result: true } }) });
    useAuthStore.getState().login({ ...demoLogin, devices: undefined as never });
    renderUi(<DeviceView />);
    expect(screen.getByText('Nepodařilo se načíst seznam zařízení. Prosím přihlaste se znovu.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Odhlásit' }));
    await vi.waitFor(() => expect(useAuthStore.getState().token).toBeNull());
  });
});
