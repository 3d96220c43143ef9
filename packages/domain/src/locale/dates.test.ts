import { describe, it, expect } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatFileTimestamp,
  formatLastContact,
  formatTime,
  fromWireTime,
  parseFormDateTime,
  shiftOf,
  toWireTime,
} from './dates';

// 2024-07-15 10:05:09 CEST = 08:05:09 UTC; 2024-01-15 10:05:09 CET = 09:05:09 UTC
const summer = new Date('2024-07-15T08:05:09Z');
const winter = new Date('2024-01-15T09:05:09Z');

describe('wire times (Europe/Prague)', () => {
  it('writes Prague wall time in summer and winter', () => {
    expect(toWireTime(summer)).toBe('2024-07-15 10:05:09');
    expect(toWireTime(winter)).toBe('2024-01-15 10:05:09');
    expect(toWireTime(summer.getTime())).toBe('2024-07-15 10:05:09');
  });

  it('reads Prague wall time', () => {
    expect(fromWireTime('2024-07-15 10:05:09')?.toISOString()).toBe('2024-07-15T08:05:09.000Z');
    expect(fromWireTime('2024-01-15 10:05:09')?.toISOString()).toBe('2024-01-15T09:05:09.000Z');
  });

  it('round-trips and treats null/empty as null', () => {
    expect(toWireTime(fromWireTime('2023-12-31 23:59:59')!)).toBe('2023-12-31 23:59:59');
    expect(fromWireTime(null)).toBeNull();
    expect(fromWireTime('')).toBeNull();
    expect(fromWireTime('nonsense')).toBeNull();
  });

  it('refuses times that do not exist or that no column holds (issue 11)', () => {
    for (const t of [
      '2026-13-01',
      '2026-02-30',
      '2026-02-30 25:61:00',
      '2026-01-01 24:00:00',
      '99999-01-01 00:00:00',
      '+275760-09-13T00:00:00.000Z',
      '2026-01-01T23:59:60Z',
      '2026-1-1 1:1:1',
    ]) {
      expect(fromWireTime(t), t).toBeNull();
    }
  });

  it('reads ISO 8601: with a zone as given, without one as Prague time', () => {
    expect(fromWireTime('2024-07-15T08:05:09Z')?.toISOString()).toBe('2024-07-15T08:05:09.000Z');
    expect(fromWireTime('2024-07-15T10:05:09.5+02:00')?.toISOString()).toBe('2024-07-15T08:05:09.500Z');
    expect(fromWireTime('2024-07-15T10:05:09')?.toISOString()).toBe('2024-07-15T08:05:09.000Z');
    expect(fromWireTime('2024-02-29')?.toISOString()).toBe('2024-02-28T23:00:00.000Z');
  });

  it('throws on an invalid date when writing', () => {
    expect(() => toWireTime('nonsense')).toThrow();
  });
});

describe('display formats', () => {
  it('formats Date, wire text and number the same way', () => {
    for (const d of [summer, '2024-07-15 10:05:09', summer.getTime()]) {
      expect(formatDateTime(d)).toBe('15.07.2024 10:05');
      expect(formatDate(d)).toBe('15.07.2024');
      expect(formatTime(d)).toBe('10:05');
      expect(formatClock(d)).toBe('10:05:09');
    }
  });

  it('is 24-hour', () => {
    expect(formatTime('2024-07-15 22:30:00')).toBe('22:30');
  });

  it('gives an empty text for no date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatClock(undefined)).toBe('');
  });

  it('formats the media file timestamp', () => {
    expect(formatFileTimestamp('2024-07-15 10:05:09')).toBe('20240715_100509');
  });
});

describe('parseFormDateTime', () => {
  it('parses DD.MM.YYYY HH:mm as Prague time', () => {
    expect(parseFormDateTime('15.07.2024 10:05')?.toISOString()).toBe('2024-07-15T08:05:00.000Z');
  });

  it('is strict', () => {
    expect(parseFormDateTime('32.01.2024 10:00')).toBeNull();
    expect(parseFormDateTime('15.7.2024 10:05')).toBeNull();
    expect(parseFormDateTime('2024-07-15 10:05')).toBeNull();
    expect(parseFormDateTime('15.07.2024')).toBeNull();
    expect(parseFormDateTime('')).toBeNull();
  });
});

describe('shiftOf (three-day cycle from 1 Jan 2011)', () => {
  it('starts with A on 2011-01-01 and repeats', () => {
    expect(shiftOf('2011-01-01 00:00:00')).toBe('A');
    expect(shiftOf('2011-01-02 12:00:00')).toBe('B');
    expect(shiftOf('2011-01-03 23:59:59')).toBe('C');
    expect(shiftOf('2011-01-04 00:00:00')).toBe('A');
  });

  it('uses the Prague calendar day, not UTC', () => {
    // 2011-01-01 23:30 UTC is already 2 January 00:30 in Prague
    expect(shiftOf(new Date('2011-01-01T23:30:00Z'))).toBe('B');
    // 2024-07-15 22:30 UTC is 16 July 00:30 CEST
    expect(shiftOf(new Date('2024-07-15T22:30:00Z'))).toBe(shiftOf('2024-07-16 12:00:00'));
  });

  it('keeps counting across DST changes', () => {
    // 2024-03-31 and 2024-10-27 have 23 and 25 hours in Prague
    const days = ['2024-03-30', '2024-03-31', '2024-04-01', '2024-10-26', '2024-10-27', '2024-10-28'];
    const shifts = days.map((d) => shiftOf(`${d} 12:00:00`));
    const next = { A: 'B', B: 'C', C: 'A' } as const;
    expect(shifts[1]).toBe(next[shifts[0]]);
    expect(shifts[2]).toBe(next[shifts[1]]);
    expect(shifts[4]).toBe(next[shifts[3]]);
    expect(shifts[5]).toBe(next[shifts[4]]);
    expect(shiftOf('2024-03-31 23:30:00')).toBe(shifts[1]);
    expect(shiftOf('2024-10-27 00:30:00')).toBe(shifts[4]);
  });

  it('crosses year boundaries (365- and 366-day years)', () => {
    // 2011-01-01 + 365 days = 2012-01-01; 365 % 3 = 2 → C
    expect(shiftOf('2012-01-01 08:00:00')).toBe('C');
    // 2012 is a leap year: 2013-01-01 is day 731; 731 % 3 = 2 → C
    expect(shiftOf('2013-01-01 08:00:00')).toBe('C');
    expect(shiftOf('2012-12-31 08:00:00')).toBe('B');
  });

  it('works before the epoch', () => {
    expect(shiftOf('2010-12-31 12:00:00')).toBe('C');
    expect(shiftOf('2010-12-29 12:00:00')).toBe('A');
  });
});

describe('formatLastContact (001 §2)', () => {
  const now = '2024-07-15 18:00:00';
  it('shows the time today', () => {
    expect(formatLastContact('2024-07-15 00:10:05', now)).toBe('00:10:05');
  });
  it('shows the date on another day', () => {
    expect(formatLastContact('2024-07-14 23:59:59', now)).toBe('14.07.2024');
  });
  it('uses the Prague day', () => {
    // 22:30 UTC on 14 July is 00:30 on 15 July in Prague
    expect(formatLastContact(new Date('2024-07-14T22:30:00Z'), now)).toBe('00:30:00');
  });
  it('shows - when none', () => {
    expect(formatLastContact(null, now)).toBe('-');
    expect(formatLastContact(undefined, now)).toBe('-');
  });
});
