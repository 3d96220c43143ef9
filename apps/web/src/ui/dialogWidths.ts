/**
 * The dialog widths of 001 §9 (400, 500, 640, 700, 720, 1100 px) by use; dialogs take their paper's maxWidth from
 * here instead of MUI's breakpoints (444/600/900/1200). The view dialog (800, 000 §9) and the commander dialog
 * (640, 001 §2) have their own constants.
 */
import { COMMANDER_DIALOG_MAX_WIDTH, DIALOG_WIDTHS } from '@panel/domain/constants';

const [NARROW, SMALL, COMMANDER, MEDIUM, WIDE, LARGE] = DIALOG_WIDTHS;

export const DIALOG_WIDTH = {
  /** a question or a short form: confirmations, password, application log, forward */
  narrow: NARROW,
  /** a form of a few fields */
  small: SMALL,
  /** the commander dialog (001 §2 "max width 640") */
  commander: COMMANDER,
  /** lists to choose from: link candidates, a save conflict */
  medium: MEDIUM,
  /** a detail with a table: device detail, debug payload */
  wide: WIDE,
  /** whole tables: journal, device overview */
  large: LARGE,
} as const;

export type DialogWidth = keyof typeof DIALOG_WIDTH;

/** `slotProps` of a MUI Dialog (with `maxWidth={false} fullWidth`) whose paper is at most this wide. */
export function dialogPaper(width: DialogWidth) {
  return { paper: { sx: { maxWidth: DIALOG_WIDTH[width] } } } as const;
}

// the commander dialog's width is one of the list's
if (DIALOG_WIDTH.commander !== COMMANDER_DIALOG_MAX_WIDTH) throw new Error('DIALOG_WIDTHS out of order');
