import { Dialog, ThemeProvider } from '@mui/material';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contrastOf, MIN_TEXT_CONTRAST } from './contrast';
import { panelTheme } from './theme';

const COLORS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

describe('panelTheme', () => {
  it.each([false, true])('filled colours carry text of at least 4.5:1 (dark mode %s)', (dark) => {
    const { palette } = panelTheme(dark);
    for (const name of COLORS) {
      const { main, contrastText } = palette[name];
      expect(contrastOf(contrastText, main), `${name} ${main}/${contrastText}`).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  });

  it('warning text (outlined chips, stale positions) reads on the light paper', () => {
    const { palette } = panelTheme(false);
    for (const shade of [palette.warning.main, palette.warning.dark]) {
      expect(contrastOf(shade, palette.background.paper), shade).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});

describe('panelTheme motion', () => {
  /** jsdom has no matchMedia: the system's answer to "less motion, please" */
  function systemAsksForLessMotion(reduce: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it.each([
    { reduce: true, when: 'at once when the system asks for less motion' },
    { reduce: false, when: 'after its animation otherwise' },
  ])('a dialog opens $when', async ({ reduce }) => {
    systemAsksForLessMotion(reduce);
    vi.useFakeTimers();
    const entered = vi.fn();
    render(
      <ThemeProvider theme={panelTheme(false)}>
        <Dialog open slotProps={{ transition: { onEntered: entered } }}>
          <p>Nová událost</p>
        </Dialog>
      </ThemeProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(entered).toHaveBeenCalledTimes(reduce ? 1 : 0);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(entered).toHaveBeenCalledTimes(1);
  });
});
