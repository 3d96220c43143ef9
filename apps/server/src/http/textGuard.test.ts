import { describe, expect, it } from 'vitest';
import { findBadText, isBadText } from './textGuard.js';

describe('findBadText', () => {
  it('finds NUL bytes and lone surrogates, not emoji', () => {
    expect(isBadText('a\u0000')).toBe(true);
    expect(isBadText('\ud800')).toBe(true);
    expect(isBadText('x\udc00')).toBe(true);
    expect(isBadText('😀 Požár')).toBe(false);
  });

  it('names the path of the first bad value or key', () => {
    expect(findBadText({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findBadText({ 'k\ud800': 1 })).toBe('k');
    expect(findBadText('\u0000')).toBe('');
    expect(findBadText({ a: 'ok', n: 1, z: null })).toBeNull();
  });

  it('does not scan bytes, and survives deep nesting', () => {
    expect(findBadText({ file: Buffer.from([0, 0xff]) })).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)).toBe(Array(100_000).fill('0').join('.'));
  });
});
