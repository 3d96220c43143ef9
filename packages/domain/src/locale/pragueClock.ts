/**
 * Fast Europe/Prague wall-clock time. dayjs with the timezone plugin costs ~50 µs a call and a full sync
 * bundle formats about ten dates per event, so the wire format is built by hand: Prague's UTC offset comes
 * from one shared Intl formatter and is cached per UTC hour (Prague has changed its offset only on whole UTC
 * hours; an hour whose two ends disagree is not cached). Same text as dayjs (checked in pragueClock.test.ts).
 */
import { TIME_ZONE } from '../constants/index';

const HOUR = 3_600_000;
const offsets = new Map<number, number>();
const zoneFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Offset of Prague from UTC at this instant, in whole minutes. */
function offsetAt(ms: number): number {
  const p: Record<string, string> = {};
  for (const part of zoneFormat.formatToParts(ms)) p[part.type] = part.value;
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

export function pragueOffsetMinutes(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  const cached = offsets.get(hour);
  if (cached !== undefined) return cached;
  const start = offsetAt(hour * HOUR);
  if (offsetAt(hour * HOUR + HOUR - 1) !== start) return offsetAt(ms);
  if (offsets.size > 200_000) offsets.clear();
  offsets.set(hour, start);
  return start;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Prague's wall clock at this instant, as the UTC fields of a Date (`getUTCHours()` is Prague's hour). */
export function pragueWall(ms: number): Date {
  return new Date(ms + pragueOffsetMinutes(ms) * 60_000);
}

/** Epoch milliseconds → 'YYYY-MM-DD HH:mm:ss' in Prague. */
export function formatPragueWire(ms: number): string {
  const w = pragueWall(ms);
  const year = String(w.getUTCFullYear()).padStart(4, '0');
  return `${year}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())} ${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}`;
}

/** The tokens the panel's formats use (constants: 'DD.MM.YYYY HH:mm', 'HH:mm:ss', 'YYYYMMDD_HHmmss', …). */
const TOKENS = /YYYY|MM|DD|HH|mm|ss/g;

/**
 * Epoch milliseconds → `format` in Prague, the same text as dayjs's `format` for the tokens YYYY, MM, DD, HH, mm
 * and ss (checked in pragueClock.test.ts); any other letter in `format` is not a token here and stays as it is.
 * A panel formats a date or two per row of every list it draws: with dayjs's timezone plugin that was ~100 ms of
 * a panel's start in Chromium (a CPU profile of 02.12.2026).
 */
export function formatPrague(ms: number, format: string): string {
  return formatWall(pragueWall(ms), format);
}

/** A wall clock (`pragueWall`, or a day counted on one) → `format`, as `formatPrague`. */
export function formatWall(w: Date, format: string): string {
  return format.replace(TOKENS, (token) => {
    switch (token) {
      case 'YYYY':
        return String(w.getUTCFullYear()).padStart(4, '0');
      case 'MM':
        return pad2(w.getUTCMonth() + 1);
      case 'DD':
        return pad2(w.getUTCDate());
      case 'HH':
        return pad2(w.getUTCHours());
      case 'mm':
        return pad2(w.getUTCMinutes());
      default:
        return pad2(w.getUTCSeconds());
    }
  });
}
