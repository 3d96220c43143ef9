/**
 * An address typed during the call against the address a map action brings (issue 12 item 9, 000 §2 address
 * field, 001 §4 target from the map). The map never silently replaces what the dispatcher typed: when the two
 * differ the panel asks, and the typed text can be kept in 'Upřesnění místa' (addressDescription).
 */

/** Lower case, no diacritics, single spaces: 'Praha-Libeň,  žst.' ~ 'praha-liben, zst.' */
function fold(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
}

/**
 * True when a typed address would be lost by taking `found`: it is not empty and `found` does not already say
 * it (the same text, or the typed text within it — 'Hlavní 5' in 'Hlavní 5, Praha 1').
 */
export function addressConflict(typed: string | null | undefined, found: string | null | undefined): boolean {
  const t = fold(typed ?? '');
  if (!t) return false;
  return !fold(found ?? '').includes(t);
}

/**
 * 'Upřesnění místa' with the typed address kept in front of what it said (once; nothing is dropped):
 * typed 'u mostu', description 'vjezd z ulice' → 'u mostu; vjezd z ulice'.
 */
export function keepTypedInDescription(typed: string, description: string | null | undefined): string {
  const t = typed.trim();
  const d = (description ?? '').trim();
  if (!d) return t;
  if (fold(d).includes(fold(t))) return d;
  return `${t}; ${d}`;
}
