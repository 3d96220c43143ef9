import { describe, expect, it } from 'vitest';
import { smartDate } from './smartDate';

describe('smartDate', () => {
  const now = '2025-03-10 15:00:00';

  it('shows HH:mm for today (Prague)', () => {
    expect(smartDate('2025-03-10 08:05:00', now)).toBe('08:05');
    expect(smartDate('2025-03-10 00:00:00', now)).toBe('00:00');
  });

  it("shows 'včera HH:mm' for yesterday", () => {
    expect(smartDate('2025-03-09 23:59:00', now)).toBe('včera 23:59');
    expect(smartDate('2025-03-09 00:10:00', now)).toBe('včera 00:10');
  });

  it('shows the full date otherwise', () => {
    expect(smartDate('2025-03-08 23:59:00', now)).toBe('08.03.2025 23:59');
    expect(smartDate('2025-03-11 07:00:00', now)).toBe('11.03.2025 07:00');
  });

  it('uses the Prague day, not UTC (near midnight)', () => {
    // 23:30 UTC on the 9th is 00:30 on the 10th in Prague (winter, UTC+1)
    expect(smartDate(new Date('2025-03-09T23:30:00Z'), new Date('2025-03-10T10:00:00Z'))).toBe('00:30');
  });

  it('handles yesterday across the DST change', () => {
    expect(smartDate('2025-03-30 01:30:00', '2025-03-31 09:00:00')).toBe('včera 01:30');
  });

  it('returns an empty text for no or an invalid date', () => {
    expect(smartDate(null)).toBe('');
    expect(smartDate(undefined)).toBe('');
    expect(smartDate('')).toBe('');
    expect(smartDate('nonsense')).toBe('');
  });
});
