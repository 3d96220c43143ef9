import { describe, expect, it } from 'vitest';
import { addressConflict, keepTypedInDescription } from './address';

describe('an address typed during the call against the map (issue 12 item 9)', () => {
  it('is in conflict only when something typed would be lost', () => {
    expect(addressConflict('', 'Praha 8, Libeň')).toBe(false);
    expect(addressConflict(null, 'Praha 8, Libeň')).toBe(false);
    expect(addressConflict('   ', 'Praha 8, Libeň')).toBe(false);
    expect(addressConflict('Hlavní 5', 'Hlavní 5, Praha 1')).toBe(false);
    expect(addressConflict('praha-liben, zst.', 'Praha-Libeň,  žst.')).toBe(false);
    expect(addressConflict('u mostu za tratí', 'Praha 8, Libeň')).toBe(true);
    expect(addressConflict('u mostu', null)).toBe(true);
  });

  it('keeps the typed address in front of Upřesnění místa, once', () => {
    expect(keepTypedInDescription('u mostu', '')).toBe('u mostu');
    expect(keepTypedInDescription(' u mostu ', null)).toBe('u mostu');
    expect(keepTypedInDescription('u mostu', 'vjezd z ulice')).toBe('u mostu; vjezd z ulice');
    expect(keepTypedInDescription('u mostu', 'U mostu; vjezd z ulice')).toBe('U mostu; vjezd z ulice');
  });
});
