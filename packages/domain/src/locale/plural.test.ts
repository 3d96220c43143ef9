import { describe, it, expect } from 'vitest';
import { czPlural, pluralize, type PluralForms } from './plural';

const forms: PluralForms = ['událostí', 'událost', 'události', 'událostí5'];

describe('czPlural (000 §9)', () => {
  it.each([
    [0, 'událostí'],
    [1, 'událost'],
    [2, 'události'],
    [3, 'události'],
    [4, 'události'],
    [5, 'událostí5'],
    [11, 'událostí5'],
    [22, 'událostí5'],
    [100, 'událostí5'],
  ])('%i → %s', (n, expected) => {
    expect(czPlural(n, forms)).toBe(expected);
  });

  it('uses the absolute value of negative numbers', () => {
    expect(czPlural(-1, forms)).toBe('událost');
    expect(czPlural(-3, forms)).toBe('události');
    expect(czPlural(-7, forms)).toBe('událostí5');
  });

  it('gives form 3 to non-integers', () => {
    expect(czPlural(1.5, forms)).toBe('událostí5');
    expect(czPlural(0.5, forms)).toBe('událostí5');
  });
});

describe('pluralize', () => {
  it('prefixes the number', () => {
    expect(pluralize(1, forms)).toBe('1 událost');
    expect(pluralize(3, forms)).toBe('3 události');
    expect(pluralize(0, forms)).toBe('0 událostí');
  });

  it('returns a zero phrase alone', () => {
    const phrased: PluralForms = ['žádné události', 'událost', 'události', 'událostí'];
    expect(pluralize(0, phrased)).toBe('žádné události');
    expect(pluralize(2, phrased)).toBe('2 události');
  });
});
