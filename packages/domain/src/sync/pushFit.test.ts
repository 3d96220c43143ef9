import { describe, expect, it } from 'vitest';
import { pushFit } from './pushFit';

describe('pushFit: a pushed delta (from, to] at the panel holding uid', () => {
  it('applies at from and anywhere between from and to (a poll left the panel between two pushes)', () => {
    expect(pushFit('e.10', 'e.10', 'e.14')).toBe('apply');
    expect(pushFit('e.12', 'e.10', 'e.14')).toBe('apply');
    expect(pushFit('e.13', 'e.10', 'e.14')).toBe('apply');
  });

  it('skips when the panel already holds to or newer', () => {
    expect(pushFit('e.14', 'e.10', 'e.14')).toBe('skip');
    expect(pushFit('e.20', 'e.10', 'e.14')).toBe('skip');
  });

  it('pulls when the panel is behind from, in another epoch, or holds no usable uid', () => {
    expect(pushFit('e.9', 'e.10', 'e.14')).toBe('pull');
    expect(pushFit('x.12', 'e.10', 'e.14')).toBe('pull');
    expect(pushFit(null, 'e.10', 'e.14')).toBe('pull');
    expect(pushFit('e.12', '', '')).toBe('pull');
    expect(pushFit('garbage', 'e.10', 'e.14')).toBe('pull');
    // an epoch that itself holds dots: the revision is after the last one
    expect(pushFit('a.b.12', 'a.b.10', 'a.b.14')).toBe('apply');
  });
});
