/**
 * The panel's MUI theme. Two accessibility choices (axe color-contrast, WCAG AA 4.5:1 for normal text):
 * - `contrastThreshold: 4.5` makes MUI pick a filled colour's text (contrastText) by the AA ratio, not by its
 *   default 3:1 (which put white on orange in the environment chip and the 'move' buttons);
 * - in light mode the warning colour is a darker orange, so outlined warning chips and warning-coloured text
 *   (a vehicle's stale position, the busy-elsewhere chip) read on white as well.
 * MUI's Czech texts (csCZ): a toast's or notice's close button is 'Zavřít', not 'Close' (issue 24 item 7).
 * Motion follows the system (`reducedMotion: 'system'`): a user who asked the system for less motion (WCAG 2.3.3;
 * a vestibular disorder, a slow remote desktop in a dispatch room) gets dialogs, menus and ripples without their
 * animations — the journeys run so too (e2e/playwright.config.ts).
 */
import { createTheme, type Theme } from '@mui/material';
import { csCZ } from '@mui/material/locale';

/** Light-mode warning: white on it and it on white both reach 5.2:1 (MUI's #ed6c02 reaches 3.1:1). */
export const LIGHT_WARNING = '#b54d00';

export function panelTheme(darkMode: boolean): Theme {
  return createTheme(
    {
      palette: {
        mode: darkMode ? 'dark' : 'light',
        contrastThreshold: 4.5,
        primary: { main: darkMode ? '#64b5f6' : '#1565c0' },
        ...(darkMode ? {} : { warning: { main: LIGHT_WARNING, dark: '#8f3c00' } }),
      },
      typography: { fontSize: 13 },
      motion: { reducedMotion: 'system' },
      components: { MuiTooltip: { defaultProps: { disableInteractive: true } } },
    },
    csCZ,
  );
}
