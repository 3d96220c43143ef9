/**
 * Smart date of the event head (000 §2): today 'HH:mm', yesterday 'včera HH:mm', otherwise 'DD.MM.YYYY HH:mm',
 * all in Prague time. '' for no or an invalid date.
 */
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT } from '../constants/index';
import { toDate, type DateInput } from './dates';
import { formatPrague, formatWall, pragueWall } from './pragueClock';

/** Our word for yesterday (the spec names the smart date, not its words). */
export const YESTERDAY = 'včera';

const DAY = 86_400_000;

export function smartDate(input: DateInput | null | undefined, now: DateInput = new Date()): string {
  if (input === null || input === undefined || input === '') return '';
  const d = toDate(input);
  const n = toDate(now);
  if (!d || !n) return '';
  const at = d.getTime();
  const dayText = formatPrague(at, DATE_FORMAT);
  if (dayText === formatPrague(n.getTime(), DATE_FORMAT)) return formatPrague(at, TIME_FORMAT);
  // yesterday by Prague calendar day: the wall clock's day before today's, whatever the length of that day
  const wallToday = pragueWall(n.getTime());
  const yesterday = new Date(
    Date.UTC(wallToday.getUTCFullYear(), wallToday.getUTCMonth(), wallToday.getUTCDate()) - DAY,
  );
  if (dayText === formatWall(yesterday, DATE_FORMAT)) return `${YESTERDAY} ${formatPrague(at, TIME_FORMAT)}`;
  return formatPrague(at, DATE_TIME_FORMAT);
}
