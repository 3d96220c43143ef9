import { describe, it, expect } from 'vitest';
import { formatDistance } from './distance';

describe('formatDistance', () => {
  it('shows metres under 1 km', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(999.4)).toBe('999 m');
  });
  it('shows kilometres with a decimal comma', () => {
    expect(formatDistance(1000)).toBe('1,0 km');
    expect(formatDistance(1234)).toBe('1,2 km');
    expect(formatDistance(12560)).toBe('12,6 km');
  });
  it('gives an empty text for no distance', () => {
    expect(formatDistance(null)).toBe('');
    expect(formatDistance(Number.NaN)).toBe('');
  });
});
