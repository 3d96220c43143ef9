import { describe, expect, it } from 'vitest';
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
