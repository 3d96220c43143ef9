/**
 * Splits a message text into plain parts and http(s) links. Only links are recognised; nothing is ever
 * rendered as HTML. Trailing punctuation stays text ('viz https://a.cz/x.' links 'https://a.cz/x'); a closing
 * bracket stays in the link only when the link opened one (Wikipedia-style 'Foo_(bar)').
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; url: string };

const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?…»"'“”‘’]$/;

function trimLink(url: string): string {
  let out = url;
  for (;;) {
    if (TRAILING.test(out)) {
      out = out.slice(0, -1);
      continue;
    }
    const last = out.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    if (last && pairs[last]) {
      const open = out.split(pairs[last]).length - 1;
      const close = out.split(last).length - 1;
      if (close > open) {
        out = out.slice(0, -1);
        continue;
      }
    }
    return out;
  }
}

/** A valid absolute http(s) URL (the scheme and a host). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function splitLinks(text: string | null | undefined): TextPart[] {
  if (!text) return [];
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const url = trimLink(match[0]);
    if (!isHttpUrl(url) || url.length <= url.indexOf('//') + 2) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', url });
    at = start + url.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
