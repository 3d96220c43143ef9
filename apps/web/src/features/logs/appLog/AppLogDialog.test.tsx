import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderUi, resetStores } from '../../../test/utils';
import { loginWithBundle } from '../../devices/testDevices';
import { AppLogDialog } from './AppLogDialog';
import { recordError } from './errorCollector';
import { resetErrorStore } from './errorStore';

beforeEach(() => {
  resetStores();
  resetErrorStore();
  loginWithBundle();
});
afterEach(() => vi.unstubAllGlobals());

describe('AppLogDialog', () => {
  it("'Odeslat log' uploads the state and shows 'Log byl odeslán'", async () => {
    recordError(new Error('boom'));
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        return new Response(JSON.stringify({ result: true }), { status: 201 });
      }),
    );
    renderUi(<AppLogDialog open onClose={() => {}} />);
    expect(screen.getByText('Odeslání aplikačního logu')).toBeInTheDocument();
    expect(screen.getByText('Zachycené chyby: 1')).toBeInTheDocument();
    expect(screen.queryByText('Log byl odeslán')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Odeslat log' }));
    expect(await screen.findByText('Log byl odeslán')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^POST \/v2\/logs\/log\/11\/\d{14}\/state\.json$/);
  });

  it('a failure says so', async () => {
    mockFetch({});
    renderUi(<AppLogDialog open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Odeslat log' }));
    expect(await screen.findByText(/Log se nepodařilo odeslat/)).toBeInTheDocument();
    expect(screen.queryByText('Log byl odeslán')).toBeNull();
  });
});
