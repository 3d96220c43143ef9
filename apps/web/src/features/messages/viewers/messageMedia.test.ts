import { describe, expect, it } from 'vitest';
import { messageMedia } from './messageMedia';

describe('messageMedia', () => {
  it('X50 with two images: before and after, the rest plain', () => {
    expect(messageMedia({ type: 'X50', media: ['a.jpg', 'b.jpg', 'c.pdf'] })).toEqual({
      kind: 'compare',
      before: 'a.jpg',
      after: 'b.jpg',
      rest: ['c.pdf'],
    });
  });
  it('X50 with one image is plain', () => {
    expect(messageMedia({ type: 'X50', media: ['a.jpg'] })).toEqual({ kind: 'plain', rest: ['a.jpg'] });
  });
  it('X55: the first image is the panorama', () => {
    expect(messageMedia({ type: 'X55', media: ['p.jpg'] })).toEqual({ kind: 'panorama', file: 'p.jpg', rest: [] });
  });
  it('other types are plain', () => {
    expect(messageMedia({ type: 'X22', media: ['a.jpg', 'b.jpg'] })).toEqual({
      kind: 'plain',
      rest: ['a.jpg', 'b.jpg'],
    });
    expect(messageMedia({ type: 'X03', media: null })).toEqual({ kind: 'plain', rest: [] });
  });
});
