// Shared reading of OGC XML documents (WMTS, WMS, INSPIRE capabilities and answers).
//
// Real services prefix their tags differently (`wms:Layer`, `ows:Identifier`, bare `Layer`…), so
// the parser drops namespace prefixes: code looks up local names only. Elements that may repeat
// are always arrays (named by the caller), so "one layer" and "many layers" read the same way.
// Values stay strings: numbers are parsed where they are used, because identifiers such as
// TileMatrix "08" or "1.0.0" must not be turned into numbers.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An element: attributes under `@name`, mixed text under `#text`, children by local name. */
export interface XmlNode {
  [key: string]: XmlValue;
}
export type XmlValue = string | XmlNode | XmlValue[];

export class XmlFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlFormatError';
  }
}

const ATTR = '@';
const TEXT = '#text';

/**
 * Parses an XML document. `arrayTags` are local names that are always arrays.
 * Throws XmlFormatError when the text is not well-formed XML (an HTML error page, a truncated
 * answer) — callers treat that as an outage of the service, never as "no content".
 */
export function parseXml(xml: string, arrayTags: Iterable<string> = []): XmlNode {
  const arrays = new Set(arrayTags);
  // OGC answers never carry a DOCTYPE; its entity declarations are how an answer could blow up in memory
  if (/<!DOCTYPE/i.test(xml)) throw new XmlFormatError('a DOCTYPE is not accepted');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new XmlFormatError(`invalid XML at line ${valid.err.line}: ${valid.err.msg}`);
  }
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: ATTR,
    textNodeName: TEXT,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name, _path, _isLeaf, isAttribute) => !isAttribute && arrays.has(name),
  });
  const parsed: unknown = parser.parse(xml);
  if (!isNode(parsed)) throw new XmlFormatError('empty XML document');
  return parsed;
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asList(value: XmlValue | undefined): XmlValue[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The child elements named `name` (an empty or text-only element becomes `{}` / `{#text}`). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node) return [];
  return asList(node[name]).map((v) => (isNode(v) ? v : typeof v === 'string' ? { [TEXT]: v } : {}));
}

/** The first child element named `name`. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

/** The text of an element itself. */
export function ownText(node: XmlNode | undefined): string | undefined {
  const value = node?.[TEXT];
  if (typeof value === 'string') return value;
  return undefined;
}

/** The texts of every child element named `name`, e.g. all `<Format>` of a layer. */
export function texts(node: XmlNode | undefined, name: string): string[] {
  return children(node, name)
    .map(ownText)
    .filter((t): t is string => t !== undefined && t !== '');
}

/** The text of the first child element named `name`. */
export function text(node: XmlNode | undefined, name: string): string | undefined {
  return texts(node, name)[0];
}

/** An attribute by local name (`xlink:href` → `href`). */
export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[ATTR + name];
  return typeof value === 'string' ? value : undefined;
}

/** A path of single children: `path(doc, 'Capabilities', 'Contents')`. */
export function path(node: XmlNode | undefined, ...names: string[]): XmlNode | undefined {
  let current = node;
  for (const name of names) current = child(current, name);
  return current;
}

/** Every element named `name` anywhere below `node` (depth first, document order), e.g. all `posList`. */
export function descendants(node: XmlValue | undefined, name: string, out: XmlNode[] = []): XmlNode[] {
  if (Array.isArray(node)) {
    for (const item of node) descendants(item, name, out);
  } else if (node !== undefined && isNode(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === name) out.push(...children(node, name));
      else if (!key.startsWith(ATTR)) descendants(value, name, out);
    }
  }
  return out;
}
