import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/authStore';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { ChangePasswordDialog } from './ChangePasswordDialog';

async function fill(oldPassword: string, newPassword: string, confirm: string) {
  if (oldPassword) await userEvent.type(screen.getByLabelText('Původní heslo'), oldPassword);
  if (newPassword) await userEvent.type(screen.getByLabelText('Nové heslo'), newPassword);
  if (confirm) await userEvent.type(screen.getByLabelText('Kontrola nového hesla'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Změnit heslo' }));
}

describe('ChangePasswordDialog', () => {
  beforeEach(() => {
    resetStores();
    useAuthStore.getState().login(demoLogin);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has its title and shows the required rules', async () => {
    const { calls } = mockFetch({});
    renderUi(<ChangePasswordDialog open onClose={() => {}} />);
    expect(screen.getByText('Změna uživatelského hesla')).toBeInTheDocument();
    await fill('', '', '');
    expect(await screen.findByText('Prosím zadejte původní heslo')).toBeInTheDocument();
    expect(screen.getByText('Prosím zadejte heslo')).toBeInTheDocument();
    expect(screen.getByText('Prosím zadejte potvrzení hesla')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('checks the minimum length and the confirmation', async () => {
    mockFetch({});
    renderUi(<ChangePasswordDialog open onClose={() => {}} />);
    await fill('stare', 'kratke', 'jine');
    expect(await screen.findByText('Heslo musí mít alespoň 8 znaků')).toBeInTheDocument();
    expect(screen.getByText('Hesla se neshodují')).toBeInTheDocument();
  });

  it('shows Původní heslo není správné. on a 422 for oldPassword', async () => {
    const onClose = vi.fn();
    mockFetch({
      'PUT /v3/user/change-password': () => ({
        status: 422,
        body: [{ field: 'oldPassword', message: 'Původní heslo není správné.' }],
      }),
    });
    renderUi(<ChangePasswordDialog open onClose={onClose} />);
    await fill('spatne-heslo', 'nove-heslo-1', 'nove-heslo-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Původní heslo není správné.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('changes the password, toasts and closes', async () => {
    const onClose = vi.fn();
    const { calls } = mockFetch({ 'PUT /v3/user/change-password': () => ({ status: 200, body: { result: true } }) });
    renderUi(<ChangePasswordDialog open onClose={onClose} />);
    await fill('panel-demo', 'nove-heslo-1', 'nove-heslo-1');
    expect(await screen.findByText('Heslo úspěšně změněno')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls[0].body).toEqual({ oldPassword: 'panel-demo', newPassword: 'nove-heslo-1' });
  });

  it('toasts the server message of another failure', async () => {
    mockFetch({ 'PUT /v3/user/change-password': () => ({ status: 403, body: { message: 'Zakázáno' } }) });
    renderUi(<ChangePasswordDialog open onClose={() => {}} />);
    await fill('panel-demo', 'nove-heslo-1', 'nove-heslo-1');
    expect(await screen.findByText('Zakázáno')).toBeInTheDocument();
  });
});
