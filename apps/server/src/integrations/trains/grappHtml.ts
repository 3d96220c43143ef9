/**
 * GRAPP's HTML (the start page with the token and filter checkboxes; a train's `OneTrain/MainInfo` fragment) read
 * with a real HTML parser (parse5): text is taken from text nodes only (entities decoded, `<script>`/`<style>`
 * never read), no markup is ever passed on.
 */
import { parse, parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5';

type El = T.Element;

const isElement = (n: T.Node): n is El => 'tagName' in n;
const attr = (el: El, name: string) => el.attrs.find((a) => a.name === name)?.value;
const classes = (el: El) => (attr(el, 'class') ?? '').split(/\s+/).filter(Boolean);
const hasClass = (el: El, c: string) => classes(el).includes(c);

function* elements(root: T.ParentNode): Generator<El> {
  for (const child of root.childNodes) {
    if (!isElement(child)) continue;
    yield child;
    if (child.tagName === 'template') continue;
    yield* elements(child);
  }
}

const SKIP_TEXT = new Set(['script', 'style', 'template', 'noscript']);

/** The visible text of an element, whitespace collapsed. */
export function textOf(el: El): string {
  const parts: string[] = [];
  const walk = (n: T.ParentNode) => {
    for (const c of n.childNodes) {
      if (c.nodeName === '#text') parts.push((c as T.TextNode).value);
      else if (isElement(c) && !SKIP_TEXT.has(c.tagName)) walk(c);
    }
  };
  walk(el);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

export interface GrappIndex {
  token: string | null;
  carriers: string[];
  kinds: string[];
  delays: string[];
}

/** The start page: `<input id="token" value="…">` and the filter's checkbox values. */
export function parseGrappIndex(html: string): GrappIndex {
  const doc = parse(html);
  let token: string | null = null;
  const carriers: string[] = [];
  const kinds: string[] = [];
  const delays: string[] = [];
  for (const el of elements(doc)) {
    if (el.tagName !== 'input') continue;
    const value = attr(el, 'value');
    if (value === undefined) continue;
    if (attr(el, 'id') === 'token') token = value.trim() || null;
    else if (hasClass(el, 'carrierCB')) carriers.push(value);
    else if (hasClass(el, 'publicKindOfTrainCB')) kinds.push(value);
    else if (hasClass(el, 'delayCB')) delays.push(value);
  }
  return { token, carriers, kinds, delays };
}

export interface GrappDetail {
  /** 'Os 13513 Krnov – Olomouc hl.n.' */
  route: string | null;
  carrier: string | null;
  origin: string | null;
  destination: string | null;
  /** the last confirmed station (or the last known position) */
  lastStation: string | null;
  /** minutes; negative when ahead; null when the page does not say */
  delay: number | null;
}

/** "7 min" → 7, "-" → 0 (GRAPP's "none"), anything else → null. */
function minutes(value: string | undefined): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (v === '-' || v === '–') return 0;
  const m = /^(-?\d+)\s*min/.exec(v);
  return m ? Number(m[1]) : null;
}

/**
 * `OneTrain/MainInfo/{token}?trainId=…`: rows `.row` of exactly two `div.col-*` children (label, value), the route
 * in `.fontSizeBig1`, the carrier in `a.carrierRestrictionLink` (else the bold dark-blue row). Null when the page
 * has no train (GRAPP answers an alert for an unknown id).
 */
export function parseGrappDetail(html: string): GrappDetail | null {
  const root = parseFragment(html);
  const rows = new Map<string, string>();
  let route: string | null = null;
  let carrierLink: string | null = null;
  let carrierRow: string | null = null;
  let sawContent = false;
  for (const el of elements(root)) {
    if (hasClass(el, 'content')) sawContent = true;
    if (route === null && hasClass(el, 'fontSizeBig1')) route = textOf(el) || null;
    if (carrierLink === null && el.tagName === 'a' && hasClass(el, 'carrierRestrictionLink')) {
      carrierLink = textOf(el) || null;
    }
    if (!hasClass(el, 'row')) continue;
    if (carrierRow === null && hasClass(el, 'colorDarkBlue') && hasClass(el, 'bold')) carrierRow = textOf(el) || null;
    const cols = el.childNodes.filter(isElement).filter((c) => c.tagName === 'div');
    if (cols.length !== 2 || !cols.every((c) => classes(c).some((k) => k.startsWith('col-')))) continue;
    const label = textOf(cols[0]).toLowerCase().replace(/:$/, '').trim();
    if (label && !rows.has(label)) rows.set(label, textOf(cols[1]));
  }
  if (!sawContent && rows.size === 0 && route === null) return null;
  const text = (label: string) => {
    const v = rows.get(label);
    return v && v !== '-' ? v : null;
  };
  const delay = minutes(rows.get('předpokládané zpoždění') ?? rows.get('zpoždění'));
  const advance = minutes(rows.get('náskok'));
  return {
    route,
    carrier: carrierLink ?? carrierRow,
    origin: text('výchozí stanice'),
    destination: text('cílová stanice'),
    lastStation: text('potvrzená stanice') ?? text('poslední známá poloha'),
    // a delay of 0 ("-") with an advance given means the train is ahead
    delay: advance !== null && advance > 0 && (delay === null || delay === 0) ? -advance : delay,
  };
}
