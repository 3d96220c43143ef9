/**
 * Text colours readable on colours we do not choose: tag, job-status and priority colours come from catalogues
 * (the server's, or the mirror in `headColors.ts`), and white text on a light amber tag is unreadable (axe
 * color-contrast, WCAG AA 4.5:1 for normal text). The background keeps its meaning; only the text adapts.
 */
import { getContrastRatio } from '@mui/material/styles';

/** WCAG AA for normal-sized text (our chips are 11–13 px). */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
const BLACK = '#000000';

/** The contrast ratio, or null when a colour cannot be read (a CSS name, a variable, garbage from a catalogue). */
export function contrastOf(foreground: string, background: string): number | null {
  try {
    return getContrastRatio(foreground, background);
  } catch {
    return null;
  }
}

/**
 * `preferred` (white by default, or the catalogue's own text colour) when it reaches 4.5:1 on `background`,
 * otherwise black or white, whichever contrasts more. An unreadable background keeps `preferred`.
 */
export function readableTextOn(background: string, preferred: string = WHITE): string {
  const ratio = contrastOf(preferred, background);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return preferred;
  const onWhite = contrastOf(WHITE, background) ?? 0;
  const onBlack = contrastOf(BLACK, background) ?? 0;
  return onWhite >= onBlack ? WHITE : BLACK;
}
