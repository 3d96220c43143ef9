import { describe, expect, it } from 'vitest';
import { isHttpUrl, splitLinks } from './linkify';

describe('splitLinks', () => {
  it('keeps plain text as one part', () => {
    expect(splitLinks('Vyjíždíme, dojezd 6 minut.')).toEqual([{ kind: 'text', text: 'Vyjíždíme, dojezd 6 minut.' }]);
    expect(splitLinks('')).toEqual([]);
    expect(splitLinks(null)).toEqual([]);
  });

  it('finds http and https links and leaves trailing punctuation as text', () => {
    expect(splitLinks('Mapa: https://mapy.cz/zakladni?x=14.49&y=50.1&z=18. Díky')).toEqual([
      { kind: 'text', text: 'Mapa: ' },
      { kind: 'link', url: 'https://mapy.cz/zakladni?x=14.49&y=50.1&z=18' },
      { kind: 'text', text: '. Díky' },
    ]);
    expect(splitLinks('(viz http://a.cz/x), dál')).toEqual([
      { kind: 'text', text: '(viz ' },
      { kind: 'link', url: 'http://a.cz/x' },
      { kind: 'text', text: '), dál' },
    ]);
  });

  it('keeps balanced brackets inside a link', () => {
    expect(splitLinks('https://cs.wikipedia.org/wiki/Řada_363_(lokomotiva)')).toEqual([
      { kind: 'link', url: 'https://cs.wikipedia.org/wiki/Řada_363_(lokomotiva)' },
    ]);
  });

  it('several links and new lines', () => {
    const parts = splitLinks('a https://x.cz\nb http://y.cz/z?q=1#k');
    expect(parts.filter((p) => p.kind === 'link').map((p) => (p.kind === 'link' ? p.url : ''))).toEqual([
      'https://x.cz',
      'http://y.cz/z?q=1#k',
    ]);
    expect(parts.map((p) => (p.kind === 'link' ? p.url : p.text)).join('')).toBe(
      'a https://x.cz\nb http://y.cz/z?q=1#k',
    );
  });

  it('never links other schemes or markup', () => {
    expect(splitLinks('javascript:alert(1) ftp://a.cz <a href="https://x.cz">x</a>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://a.cz <a href="' },
      { kind: 'link', url: 'https://x.cz' },
      { kind: 'text', text: '">x</a>' },
    ]);
    expect(splitLinks('https:// nic')).toEqual([{ kind: 'text', text: 'https:// nic' }]);
    expect(isHttpUrl('mailto:a@b.cz')).toBe(false);
  });
});
