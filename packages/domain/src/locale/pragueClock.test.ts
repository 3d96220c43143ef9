import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { formatPrague, formatPragueWire } from './pragueClock';
import { toWireTime } from './dates';

dayjs.extend(utc);
dayjs.extend(timezone);
const reference = (ms: number) => dayjs(ms).tz('Europe/Prague').format('YYYY-MM-DD HH:mm:ss');

/** DST edges minute by minute, `random` instants 1950–2060, and the epoch's neighbours. */
function instants(random: number): number[] {
  const samples: number[] = [];
  for (const edge of ['2024-03-31T01:00:00Z', '2024-10-27T01:00:00Z', '2025-03-30T01:00:00Z', '2025-10-26T01:00:00Z']) {
    const t = Date.parse(edge);
    for (let m = -90; m <= 90; m++) samples.push(t + m * 60_000 + (m % 7) * 1000 + (m % 3) * 7);
  }
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const from = Date.parse('1950-01-01T00:00:00Z');
  const to = Date.parse('2060-01-01T00:00:00Z');
  for (let i = 0; i < random; i++) samples.push(Math.floor(from + rnd() * (to - from)));
  samples.push(0, -1, 999, Date.parse('2000-01-01T00:00:00Z'));
  return samples;
}

describe('formatPragueWire', () => {
  it('formats like dayjs in Europe/Prague (DST edges minute by minute, random instants 1950–2060)', () => {
    for (const ms of instants(3000)) expect(formatPragueWire(ms), new Date(ms).toISOString()).toBe(reference(ms));
  });

  it("formats the panel's formats like dayjs in Europe/Prague; other letters stay", () => {
    // the same wall clock as formatPragueWire's (checked above on 3,000 random instants): here, each token's text
    const formats = ['DD.MM.YYYY HH:mm', 'DD.MM.YYYY', 'HH:mm', 'HH:mm:ss', 'YYYYMMDD_HHmmss', 'YYYY-MM-DD'];
    const samples = instants(300);
    const ours = samples.map((ms) => formats.map((format) => formatPrague(ms, format)));
    const theirs = samples.map((ms) => {
      const prague = dayjs(ms).tz('Europe/Prague');
      return formats.map((format) => prague.format(format));
    });
    expect(ours).toEqual(theirs);
    expect(formatPrague(Date.parse('2026-07-01T22:30:05Z'), 'den DD.MM.')).toBe('den 02.07.');
  });

  it('is what toWireTime answers', () => {
    expect(toWireTime(new Date('2026-11-21T05:47:41Z'))).toBe('2026-11-21 06:47:41');
    expect(toWireTime(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02 00:30:00');
    expect(() => toWireTime('nesmysl')).toThrow(RangeError);
  });
});
