import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, findBadText, isBadText } from './textGuard.js';

describe('findBadText', () => {
  it('finds NUL bytes and lone surrogates, not emoji', () => {
    expect(isBadText('a\u0000')).toBe(true);
    expect(isBadText('\ud800')).toBe(true);
    expect(isBadText('x\udc00')).toBe(true);
    expect(isBadText('😀 Požár')).toBe(false);
  });

  it('names the path of the first bad value or key', () => {
    expect(findBadText({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toEqual({ path: 'b.1.c', reason: 'text' });
    expect(findBadText({ 'k\ud800': 1 })).toEqual({ path: 'k', reason: 'text' });
    expect(findBadText('\u0000')).toEqual({ path: '', reason: 'text' });
    expect(findBadText({ a: 'ok', n: 1, z: null })).toBeNull();
  });

  it('does not scan bytes', () => {
    expect(findBadText({ file: Buffer.from([0, 0xff]) })).toBeNull();
  });

  it('refuses nesting past MAX_DEPTH (iteratively: 100 000 levels do not overflow the check)', () => {
    const nest = (levels: number) => {
      let deep: unknown = 'ok';
      for (let i = 0; i < levels; i++) deep = [deep];
      return { data: deep };
    };
    expect(findBadText(nest(MAX_DEPTH - 1))).toBeNull();
    expect(findBadText(nest(MAX_DEPTH))).toEqual({ path: `data${'.0'.repeat(MAX_DEPTH - 1)}`, reason: 'depth' });
    expect(findBadText(nest(100_000))?.reason).toBe('depth');
  });
});
