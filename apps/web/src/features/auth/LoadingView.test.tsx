import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/authStore';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { LoadingView } from './LoadingView';

describe('LoadingView (issue 24 item 20)', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('Restart ends the server session and logs the panel out', async () => {
    const { calls } = mockFetch({ 'POST /v2/auth/logout': () => ({ status: 200, body: { result: true } }) });
    useAuthStore.getState().login(demoLogin);
    renderUi(<LoadingView />);
    expect(screen.getByText('Načítám vstupní data')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restart' }));
    await vi.waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v2/auth/logout']);
    expect(calls[0].headers).toMatchObject({ Authorization: 'Bearer token-1', 'app-instance': 'instance-1' });
  });

  it('Restart logs out also when the logout call fails (server away)', async () => {
    mockFetch({ 'POST /v2/auth/logout': () => ({ status: 503, body: { message: 'nedostupné' } }) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useAuthStore.getState().login(demoLogin);
    renderUi(<LoadingView />);
    await userEvent.click(screen.getByRole('button', { name: 'Restart' }));
    await vi.waitFor(() => expect(useAuthStore.getState().token).toBeNull());
  });
});
