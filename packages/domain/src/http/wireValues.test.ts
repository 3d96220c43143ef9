import { describe, expect, it } from 'vitest';
import { MAX_ID, wireId, wireIdParam, wireInt, wireIntParam } from './index';
import { wireTexts } from './texts';

describe('wire ids and ints (issue 11)', () => {
  it('an id is a positive whole number up to int4', () => {
    expect(wireId().parse(1)).toBe(1);
    expect(wireId().parse(MAX_ID)).toBe(MAX_ID);
    for (const bad of [MAX_ID + 1, 1e20, 0, -1, 1.5]) {
      const r = wireId().safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0].message).toBe(wireTexts.badId);
    }
    // a value of another type keeps zod's Czech type message
    expect(wireId().safeParse('1').error?.issues[0].message).toMatch(/^Neplatný vstup/);
    expect(wireId('Jiná zpráva.').safeParse('1').error?.issues[0].message).toBe('Jiná zpráva.');
  });

  it('a path or query id is decimal digits only', () => {
    expect(wireIdParam().parse('42')).toBe(42);
    expect(wireIdParam().parse(7)).toBe(7);
    for (const bad of ['2147483648', '12345678901234567890', '1e3', '0x10', ' 1', '1.0', '', '-1', 'NaN']) {
      expect(wireIdParam().safeParse(bad).success, bad).toBe(false);
    }
  });

  it('ints fit int4 and their bounds', () => {
    expect(wireInt().parse(-5)).toBe(-5);
    expect(wireInt().safeParse(2 ** 31).success).toBe(false);
    expect(wireInt({ min: 0 }).safeParse(-1).success).toBe(false);
    expect(wireIntParam({ min: 1, max: 100 }).parse('100')).toBe(100);
    expect(wireIntParam({ min: 1, max: 100 }).safeParse('101').success).toBe(false);
    expect(wireIntParam({ min: 1 }).safeParse('9'.repeat(20)).success).toBe(false);
  });
});
