/**
 * Smart date of the event head (000 §2): today 'HH:mm', yesterday 'včera HH:mm', otherwise 'DD.MM.YYYY HH:mm',
 * all in Prague time. '' for no or an invalid date.
 */
import dayjs from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT, TIME_ZONE } from '../constants/index';
import { toDate, type DateInput } from './dates';

/** Our word for yesterday (the spec names the smart date, not its words). */
export const YESTERDAY = 'včera';

export function smartDate(input: DateInput | null | undefined, now: DateInput = new Date()): string {
  if (input === null || input === undefined || input === '') return '';
  const d = toDate(input);
  const n = toDate(now);
  if (!d || !n) return '';
  const day = dayjs(d).tz(TIME_ZONE);
  const today = dayjs(n).tz(TIME_ZONE);
  const dayText = day.format(DATE_FORMAT);
  if (dayText === today.format(DATE_FORMAT)) return day.format(TIME_FORMAT);
  // yesterday by Prague calendar day (noon minus a day is safe across DST changes)
  const yesterday = dayjs.tz(`${today.format('YYYY-MM-DD')} 12:00`, 'YYYY-MM-DD HH:mm', TIME_ZONE).subtract(1, 'day');
  if (dayText === yesterday.format(DATE_FORMAT)) return `${YESTERDAY} ${day.format(TIME_FORMAT)}`;
  return day.format(DATE_TIME_FORMAT);
}
