import { describe, expect, it } from 'vitest';
import { eventDistance } from './distance';

describe('eventDistance', () => {
  it('is null without coordinates', () => {
    const a = { targetLatitude: 50.1, targetLongitude: 14.49 };
    expect(eventDistance(a, { targetLatitude: null, targetLongitude: 14.49 })).toBeNull();
    expect(eventDistance({}, a)).toBeNull();
    expect(eventDistance(a, a)).toBe(0);
  });
});
