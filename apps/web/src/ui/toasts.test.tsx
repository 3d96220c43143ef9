import { ThemeProvider } from '@mui/material';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi, resetStores } from '../test/utils';
import { panelTheme } from './theme';
import { toast, Toaster } from './toasts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetStores();
  });
  afterEach(() => vi.useRealTimers());

  it('shows success and error with a progress bar and removes them after 3 s', () => {
    renderUi(<div />);
    act(() => {
      toast.success('Heslo úspěšně změněno');
      toast.error('Chyba');
    });
    expect(screen.getByText('Heslo úspěšně změněno')).toBeInTheDocument();
    expect(screen.getByText('Chyba')).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByText('Chyba')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Chyba')).not.toBeInTheDocument();
    expect(screen.queryByText('Heslo úspěšně změněno')).not.toBeInTheDocument();
  });

  it("a toast's close button is named in Czech (the panel's theme), not 'Close'", () => {
    render(
      <ThemeProvider theme={panelTheme(false)}>
        <Toaster />
      </ThemeProvider>,
    );
    act(() => void toast.error('Chyba'));
    expect(screen.getByRole('button', { name: 'Zavřít' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
