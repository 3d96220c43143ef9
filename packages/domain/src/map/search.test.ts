import { describe, expect, it } from 'vitest';
import { isSearchable, normalizeSearch, searchQueryFor, SEARCH_GROUPS } from './search';

describe('map search rules', () => {
  it('normalizes case, diacritics and spaces', () => {
    expect(normalizeSearch('Praha  hlavní   nádraží ')).toBe('praha hlavni nadrazi');
    expect(normalizeSearch('ÚSTÍ NAD LABEM')).toBe('usti nad labem');
    expect(normalizeSearch('Žďár nad Sázavou')).toBe('zdar nad sazavou');
    expect(normalizeSearch(null)).toBe('');
  });

  it('numeric groups keep the first run of digits; text groups the trimmed text', () => {
    const trains = SEARCH_GROUPS.find((g) => g.id === 'trains')!;
    const railway = SEARCH_GROUPS.find((g) => g.id === 'railway')!;
    expect(searchQueryFor(trains, 'Os 1234 a 55')).toBe('1234');
    expect(searchQueryFor(trains, 'Praha')).toBe('');
    expect(searchQueryFor(railway, '  Pardubice ')).toBe('Pardubice');
  });

  it('needs at least 2 characters; the railway group is the default', () => {
    expect(isSearchable('P')).toBe(false);
    expect(isSearchable(' Pa ')).toBe(true);
    expect(SEARCH_GROUPS.filter((g) => g.active).map((g) => g.id)).toEqual(['railway']);
  });
});
