/** The cadastre card's viewer link: ČÚZK's real form (negative S-JTSK) passes unchanged; no other scheme does. */
import { describe, expect, it } from 'vitest';
import { cadastreViewerLink } from './cardRules';

describe('cadastreViewerLink', () => {
  it('keeps the nahlizenidokn form public clients use: x easting, y northing, both negative', () => {
    const real = 'https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=-743960&y=-1043806';
    expect(cadastreViewerLink(real)).toBe(real);
    const url = new URL(cadastreViewerLink(real)!);
    expect(Number(url.searchParams.get('x'))).toBeLessThan(0);
    expect(Number(url.searchParams.get('y'))).toBeLessThan(Number(url.searchParams.get('x')));
  });

  it('no link for an empty answer, a non-URL or a script scheme', () => {
    expect(cadastreViewerLink('')).toBeNull();
    expect(cadastreViewerLink(null)).toBeNull();
    expect(cadastreViewerLink('nahlizenidokn.cuzk.cz')).toBeNull();
    expect(cadastreViewerLink('javascript:alert(1)')).toBeNull();
  });
});
