/**
 * Dates of the panel: the wire carries 'YYYY-MM-DD HH:mm:ss' in Europe/Prague; the screen shows Prague time,
 * 24-hour, Czech locale (000 §9). Shift letters run A, B, C from 1 January 2011 by Prague calendar day.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import 'dayjs/locale/cs.js';
import {
  CLOCK_FORMAT,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  SHIFTS,
  SHIFT_EPOCH,
  TIME_FORMAT,
  TIME_ZONE,
  WIRE_TIME_FORMAT,
} from '../constants/index';
import { formatPrague, formatPragueWire, pragueWall } from './pragueClock';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);
dayjs.locale('cs');

export type DateInput = Date | number | string;
export type Shift = (typeof SHIFTS)[number];

const WIRE_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

/** Parses a wall-clock text of the given format as Prague time, strictly. */
function parsePrague(text: string, format: string): Date | null {
  if (!dayjs(text, format, true).isValid()) return null;
  return dayjs.tz(text, format, TIME_ZONE).toDate();
}

/** Date, epoch milliseconds, wire text or ISO text → Date (invalid → null). */
export function toDate(input: DateInput): Date | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'number') return Number.isFinite(input) ? new Date(input) : null;
  const text = input.trim();
  if (WIRE_RE.test(text)) return parsePrague(text, text.length === 16 ? 'YYYY-MM-DD HH:mm' : WIRE_TIME_FORMAT);
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

function formatIn(input: DateInput | null | undefined, format: string): string {
  if (input === null || input === undefined || input === '') return '';
  const d = toDate(input);
  return d ? formatPrague(d.getTime(), format) : '';
}

export function toWireTime(input: DateInput): string {
  const d = toDate(input);
  if (!d) throw new RangeError(`Invalid date: ${String(input)}`);
  return formatPragueWire(d.getTime());
}

/** ISO 8601 as clients send it: date, optional time with seconds and fraction, optional zone. */
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** true when the parts name a real moment: month 1–12, a day of that month, 00–23, 00–59, 00–59 */
function isRealMoment(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): boolean {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/**
 * A time from the wire: 'YYYY-MM-DD HH:mm:ss' (or without seconds) in Prague time, or ISO 8601 (a date alone is
 * Prague midnight as well). Strict: a day that does not exist ('2026-02-30'), '25:61', a year of other than four
 * digits (99999) or any other text is null — callers answer 422 instead of storing or failing in the database.
 */
export function fromWireTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const t = text.trim();
  if (WIRE_RE.test(t)) return parsePrague(t, t.length === 16 ? 'YYYY-MM-DD HH:mm' : WIRE_TIME_FORMAT);
  const m = ISO_RE.exec(t);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((v) => (v === undefined ? 0 : Number(v)));
  if (!isRealMoment(y, mo, d, h, mi, s)) return null;
  if (m[4] === undefined) return parsePrague(t, 'YYYY-MM-DD');
  if (m[7] === undefined) {
    return parsePrague(t.replace('T', ' ').slice(0, 19), m[6] ? WIRE_TIME_FORMAT : 'YYYY-MM-DD HH:mm');
  }
  const date = new Date(t.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'DD.MM.YYYY HH:mm'; '' for no date. */
export const formatDateTime = (d: DateInput | null | undefined): string => formatIn(d, DATE_TIME_FORMAT);
/** 'DD.MM.YYYY'; '' for no date. */
export const formatDate = (d: DateInput | null | undefined): string => formatIn(d, DATE_FORMAT);
/** 'HH:mm'; '' for no date. */
export const formatTime = (d: DateInput | null | undefined): string => formatIn(d, TIME_FORMAT);
/** 'HH:mm:ss'; '' for no date. */
export const formatClock = (d: DateInput | null | undefined): string => formatIn(d, CLOCK_FORMAT);

/** Form input 'DD.MM.YYYY HH:mm' (Prague) → Date; anything else → null. */
export function parseFormDateTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  return parsePrague(text.trim(), DATE_TIME_FORMAT);
}

/** Days since 1970-01-01 of the Prague calendar day of the input. */
function pragueDayNumber(input: DateInput): number {
  const d = toDate(input);
  if (!d) throw new RangeError(`Invalid date: ${String(input)}`);
  return Math.floor(pragueWall(d.getTime()).getTime() / 86_400_000);
}

const SHIFT_EPOCH_DAY = Date.parse(`${SHIFT_EPOCH}T00:00:00Z`) / 86_400_000;

export function shiftOf(input: DateInput): Shift {
  const days = pragueDayNumber(input) - SHIFT_EPOCH_DAY;
  return SHIFTS[((days % 3) + 3) % 3];
}

/** Device overview "Poslední spojení": 'HH:mm:ss' today (Prague), else 'DD.MM.YYYY', '-' when none. */
export function formatLastContact(input: DateInput | null | undefined, now: DateInput = new Date()): string {
  if (input === null || input === undefined || input === '') return '-';
  const d = toDate(input);
  const today = toDate(now);
  if (!d || !today) return '-';
  const day = formatPrague(d.getTime(), DATE_FORMAT);
  return day === formatPrague(today.getTime(), DATE_FORMAT) ? formatPrague(d.getTime(), CLOCK_FORMAT) : day;
}

/** Media file name timestamp 'YYYYMMDD_HHmmss' (000 §5). */
export const formatFileTimestamp = (d: DateInput): string => formatIn(d, 'YYYYMMDD_HHmmss');
