/** The report's formatting of wire values: dates DD.MM.YYYY HH:mm (24 h), empty values as a dash. */
import { formatDateTime, fromWireTime } from '@panel/domain/locale';

export const DASH = '—';

/** 'DD.MM.YYYY HH:mm' of a wire time, '—' without one. */
export const reportTime = (wire: string | null | undefined): string =>
  wire ? formatDateTime(fromWireTime(wire)) || DASH : DASH;

/** The value, or '—' when there is none. */
export const orDash = (v: string | null | undefined): string => (v && v.trim() ? v : DASH);
