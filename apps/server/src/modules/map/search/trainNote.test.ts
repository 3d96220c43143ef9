import { describe, expect, it } from 'vitest';
import { trainNote } from './search.js';

describe('a train hit note', () => {
  it('says what is known and never prints null (GRAPP lists give no stations nor carrier)', () => {
    expect(trainNote({ vychozi_stanice: 'Praha hl.n.', cilova_stanice: 'Brno hl.n.', dopravce: 'ČD' })).toBe(
      'Praha hl.n. – Brno hl.n. · ČD',
    );
    expect(trainNote({ vychozi_stanice: null, cilova_stanice: null, dopravce: null })).toBeNull();
    expect(trainNote({ vychozi_stanice: null, cilova_stanice: 'Cheb', dopravce: null })).toBe('? – Cheb');
    expect(trainNote({ vychozi_stanice: null, cilova_stanice: null, dopravce: 'RegioJet' })).toBe('RegioJet');
  });
});
