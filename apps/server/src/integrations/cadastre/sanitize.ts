/**
 * A whitelist HTML sanitizer for the cadastre WMS GetFeatureInfo answer, which the panel puts into its card as
 * HTML. Kept: simple text and table markup; `a` with an http(s) `href` (opens in a new tab); nothing else has
 * attributes. Dropped with their content: script, style, iframe, object, embed, template, head, title,
 * noscript, svg, math. Every other tag is dropped but its text kept; comments, doctype and CDATA go; text is
 * re-escaped (bare `&`, `<`, `>`), so the result cannot carry markup of its own.
 */

const KEEP = new Set([
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col',
  'p', 'div', 'span', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 'small', 'sub', 'sup',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a',
]);
const VOID = new Set(['br', 'hr', 'col']);
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'template', 'head', 'title', 'noscript', 'svg', 'math',
  'textarea', 'select', 'xmp', 'noembed', 'noframes', 'frameset',
]);

const escapeText = (s: string) =>
  s
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Math.min(parseInt(d, 10), 0x10ffff)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function safeHref(attrs: string): string | null {
  const m = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attrs);
  if (!m) return null;
  // entities and control characters are how "javascript:" hides: decode, strip, then check the scheme
  const raw = [...decodeEntities(m[1] ?? m[2] ?? m[3] ?? '')]
    .filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f && !/\s/.test(c))
    .join('');
  return /^https?:\/\//i.test(raw) ? raw : null;
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;

export function sanitizeHtml(input: string): string {
  let out = '';
  let last = 0;
  let dropping: string | null = null;
  const open: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(input); m; m = TOKEN.exec(input)) {
    const text = input.slice(last, m.index);
    last = TOKEN.lastIndex;
    if (!dropping && text) out += escapeText(text);
    const name = m[1]?.toLowerCase();
    if (!name) continue; // comment, doctype, CDATA, processing instruction
    const closing = m[0].startsWith('</');
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !m[0].endsWith('/>')) dropping = name;
      continue;
    }
    if (!KEEP.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (name === 'a') {
      const href = safeHref(m[2] ?? '');
      out += href ? `<a href="${escapeAttr(href)}" target="_blank" rel="noopener noreferrer">` : '<a>';
    } else {
      out += `<${name}>`;
    }
    if (!VOID.has(name)) open.push(name);
  }
  if (!dropping) out += escapeText(input.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Text for HTML we write ourselves. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The inside of `<body>` when the answer is a whole document. */
export function bodyOf(html: string): string {
  const m = /<body[^>]*>([\s\S]*?)(?:<\/body>|$)/i.exec(html);
  return m ? m[1] : html;
}
