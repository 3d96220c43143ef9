import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../stores/appStore';
import { useAuthStore } from '../../stores/authStore';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { LoginView } from './LoginView';

describe('LoginView', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('shows both validation texts on an empty submit and calls nothing', async () => {
    const { calls } = mockFetch({});
    renderUi(<LoginView />);
    await userEvent.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByText('Prosím zadejte uživatelské jméno')).toBeInTheDocument();
    expect(screen.getByText('Prosím zadejte heslo')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server message on 401', async () => {
    mockFetch({
      'POST /v2/auth/login': () => ({
        status: 401,
        body: { result: false, message: 'Neplatné uživatelské jméno nebo heslo.' },
      }),
    });
    renderUi(<LoginView />);
    await userEvent.type(screen.getByLabelText('Uživatelské jméno'), 'dispecer');
    await userEvent.type(screen.getByLabelText('Heslo'), 'spatne');
    await userEvent.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByText('Neplatné uživatelské jméno nebo heslo.')).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('shows the throttle message on 429 (too many failed attempts)', async () => {
    const message = 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 15 min.';
    mockFetch({ 'POST /v2/auth/login': () => ({ status: 429, body: { message } }) });
    renderUi(<LoginView />);
    await userEvent.type(screen.getByLabelText('Uživatelské jméno'), 'dispecer');
    await userEvent.type(screen.getByLabelText('Heslo'), 'panel-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('shows Chyba při autorizaci when the server gives no message', async () => {
    mockFetch({ 'POST /v2/auth/login': () => ({ status: 500 }) });
    renderUi(<LoginView />);
    await userEvent.type(screen.getByLabelText('Uživatelské jméno'), 'dispecer');
    await userEvent.type(screen.getByLabelText('Heslo'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByText('Chyba při autorizaci')).toBeInTheDocument();
  });

  it('logs in, stores the session and welcomes the user', async () => {
    const { calls } = mockFetch({ 'POST /v2/auth/login': () => ({ status: 200, body: demoLogin }) });
    renderUi(<LoginView />);
    await userEvent.type(screen.getByLabelText('Uživatelské jméno'), 'dispecer');
    await userEvent.type(screen.getByLabelText('Heslo'), 'panel-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByText('Úspěšné přihlášení. Vítejte: Jana Nováková')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ username: 'dispecer', password: 'panel-demo' });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(useAuthStore.getState()).toMatchObject({ token: 'token-1', instance: 'instance-1', deviceConfirmed: false });
  });

  it('shows the environment chip unless production', () => {
    useAppStore.getState().set({ environment: 'demo' });
    const { unmount } = renderUi(<LoginView />);
    expect(screen.getByTestId('env-chip')).toHaveTextContent('DEMO');
    unmount();
    useAppStore.getState().set({ environment: 'production' });
    renderUi(<LoginView />);
    expect(screen.queryByTestId('env-chip')).not.toBeInTheDocument();
  });
});
