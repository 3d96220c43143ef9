/** 001 §3 "Search group: id, label, placeholder, active, inputType, typeRules …" (issue 24 item 19). */
import { describe, expect, it } from 'vitest';
import { SEARCH_GROUPS } from './search';

describe('map search groups', () => {
  it("each group carries its placeholder 'Hledání v {group} objektech...' (001 §2)", () => {
    expect(SEARCH_GROUPS.map((g) => [g.id, g.placeholder])).toEqual([
      ['trains', 'Hledání v vlakových objektech...'],
      ['address', 'Hledání v adresních objektech...'],
      ['railway', 'Hledání v železničních objektech...'],
    ]);
  });

  it('trains are numeric, the railway group is active by default, every group has its type list', () => {
    expect(SEARCH_GROUPS.filter((g) => g.active).map((g) => g.id)).toEqual(['railway']);
    expect(SEARCH_GROUPS.find((g) => g.id === 'trains')?.inputType).toBe('numeric');
    for (const g of SEARCH_GROUPS) expect(g.typeCodes.length).toBeGreaterThan(0);
  });
});
