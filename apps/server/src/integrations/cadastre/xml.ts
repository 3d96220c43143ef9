/**
 * A small namespace-agnostic XML reader for the cadastre's OGC answers (INSPIRE WFS GML, WMS exceptions):
 * fast-xml-parser with `removeNSPrefix`, so `cp:label`, `wfs:member` and `gml:posList` are read by their local
 * names whatever prefix the service chose. Engineer D's shared helper (integrations/ogc/xml.ts) was not in
 * this branch yet; this one is to be reconciled with it at merge.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

/**
 * The document as a tree, or null when the text is not well-formed XML. A DOCTYPE is refused: OGC answers
 * never carry one, and its entity declarations are how an answer could blow up in memory.
 */
export function parseXml(text: string): XmlNode | null {
  if (!text.trim().startsWith('<') || /<!DOCTYPE/i.test(text) || XMLValidator.validate(text) !== true) return null;
  return parser.parse(text) as XmlNode;
}

/** A child that may occur once or many times, always as a list. */
export function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of an element (a bare string, or `#text` when it has attributes). */
export function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (isNode(value) && value['#text'] !== undefined) return text(value['#text']);
  return null;
}

export function attr(value: unknown, name: string): string | null {
  return isNode(value) && typeof value[`@_${name}`] === 'string' ? (value[`@_${name}`] as string) : null;
}

/** Every value found under `key` anywhere below `node` (depth first, document order). */
export function findAll(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) {
    for (const item of node) findAll(item, key, out);
  } else if (isNode(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) out.push(...list(v));
      else if (!k.startsWith('@_')) findAll(v, key, out);
    }
  }
  return out;
}
