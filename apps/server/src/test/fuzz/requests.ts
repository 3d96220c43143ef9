/**
 * One generated request per draw for a registered route: its path with plausible or hostile params, a query
 * and a body read from the route's zod schemas (generic hostile JSON where it has none), a session of one of
 * the demo users or none, and a content type that is now and then the wrong one, or a body over 1 MiB.
 */
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { anyHostile, encodeSegment, pathSegment } from './hostile.js';
import { genericBody, hostileBody, plausible, shapeOf, type Shape } from './shapes.js';

export const SESSIONS = ['admin', 'dispecer', 'jednotka', 'none'] as const;
export type SessionName = (typeof SESSIONS)[number];

export type BodyKind = 'json' | 'text' | 'multipart' | 'urlencoded' | 'binary' | 'badjson' | 'huge' | 'deep' | 'none';

export interface FuzzRequest {
  method: string;
  url: string;
  session: SessionName;
  bodyKind: BodyKind;
  contentType?: string;
  payload?: string | Buffer;
}

/** over the 1 MiB body limit of the JSON routes */
export const HUGE_BYTES = 1024 * 1024 + 4096;
/** arrays nested this deep: JSON.parse takes them, a recursive walk (JSON.stringify into jsonb) overflows */
const DEEP = '['.repeat(20_000) + ']'.repeat(20_000);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** the body with its first object-like field (or `data`) replaced by deeply nested arrays */
function deepBody(v: unknown, shape: Shape | null): string {
  const nested =
    shape?.kind === 'object'
      ? Object.entries(shape.keys).filter(([, s]) => s.kind === 'object' || s.kind === 'unknown' || s.kind === 'array')
      : [];
  const [name, kind] = nested[0] ?? ['data', { kind: 'object' }];
  // a record takes the nesting one level down (it refuses an array)
  const value = kind.kind === 'object' ? `{"a":${DEEP}}` : DEEP;
  const base = typeof v === 'object' && v !== null && !Array.isArray(v) ? JSON.stringify(v) : '{}';
  const field = `${JSON.stringify(name)}:${value}`;
  // a repeated key: JSON.parse keeps the last one
  return base === '{}' ? `{${field}}` : `${base.slice(0, -1)},${field}}`;
}

/** The path with every `:param` (and a `*` tail) replaced. */
function pathArb(url: string): fc.Arbitrary<string> {
  const parts = url.split('/').map((seg) => {
    if (seg.startsWith(':')) return pathSegment(seg.slice(1).replace(/\(.*$/, ''));
    if (seg === '*') return pathSegment('file');
    return fc.constant(seg);
  });
  return fc.tuple(...parts).map((segs) => segs.join('/'));
}

function queryValue(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap((x) => queryValue(x));
  if (typeof v === 'string') return [encodeSegment(v)];
  if (typeof v === 'number' || typeof v === 'boolean') return [String(v)];
  if (v === undefined) return [];
  return [encodeSegment(JSON.stringify(v) ?? '')];
}

function queryString(q: unknown): string {
  if (typeof q !== 'object' || q === null || Array.isArray(q)) return '';
  const pairs = Object.entries(q).flatMap(([k, v]) => queryValue(v).map((x) => `${encodeSegment(k)}=${x}`));
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const genericQuery = fc.dictionary(
  fc.constantFrom('id', 'eventId', 'from', 'to', 'text', 'page', 'per-page', 'q', 'size', 'latitude', 'longitude'),
  anyHostile,
  { maxKeys: 3 },
);

function queryArb(route: RouteOptions): fc.Arbitrary<string> {
  const schema = route.schema?.querystring;
  const shape = schema ? shapeOf(schema) : null;
  const values = shape && shape.kind === 'object' ? hostileBody(shape) : genericQuery;
  return fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: values.map(queryString) });
}

function multipart(json: string): { contentType: string; payload: string } {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="data"',
    '',
    json,
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="a.jpg"',
    'Content-Type: image/jpeg',
    '',
    '\u0000\u00ff\u00d8',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload };
}

function bodyArb(route: RouteOptions): fc.Arbitrary<Pick<FuzzRequest, 'bodyKind' | 'contentType' | 'payload'>> {
  const schema = route.schema?.body;
  const shape = schema ? shapeOf(schema) : null;
  const value = shape ? hostileBody(shape) : genericBody;
  const kind = fc.oneof(
    { weight: 12, arbitrary: fc.constant<BodyKind>('json') },
    { weight: 1, arbitrary: fc.constantFrom<BodyKind>('text', 'multipart', 'urlencoded', 'binary', 'badjson') },
    { weight: 1, arbitrary: fc.constantFrom<BodyKind>('huge', 'none') },
    { weight: 1, arbitrary: fc.constant<BodyKind>('deep') },
  );
  // the deep body sits in an otherwise valid one, so that it gets past the schema to the write
  const valid = shape ? plausible(shape, '', { complete: true }) : fc.constant({});
  return fc.tuple(kind, value, valid).map(([bodyKind, v, ok]) => {
    const json = JSON.stringify(v) ?? 'null';
    switch (bodyKind) {
      case 'json':
        return { bodyKind, contentType: 'application/json', payload: json };
      case 'text':
        return { bodyKind, contentType: 'text/plain; charset=utf-8', payload: json };
      case 'multipart':
        return { bodyKind, ...multipart(json) };
      case 'urlencoded':
        return { bodyKind, contentType: 'application/x-www-form-urlencoded', payload: `data=${encodeSegment(json)}` };
      case 'binary':
        return { bodyKind, contentType: 'application/octet-stream', payload: Buffer.from([0, 0xff, 0xd8, 0xd8, 0]) };
      case 'badjson':
        return { bodyKind, contentType: 'application/json', payload: `{"a": ${json.slice(0, 40)}` };
      case 'huge':
        return { bodyKind, contentType: 'application/json', payload: JSON.stringify({ text: 'a'.repeat(HUGE_BYTES) }) };
      case 'deep':
        return { bodyKind, contentType: 'application/json', payload: deepBody(ok, shape) };
      case 'none':
        return { bodyKind };
      default:
        return { bodyKind: 'none' as const };
    }
  });
}

/** Requests for one method of a route. */
export function requestArb(route: RouteOptions, method: string): fc.Arbitrary<FuzzRequest> {
  const body = BODY_METHODS.has(method) ? bodyArb(route) : fc.constant({ bodyKind: 'none' as const });
  return fc
    .tuple(pathArb(route.url), queryArb(route), fc.constantFrom(...SESSIONS), body)
    .map(([pathname, query, session, b]) => ({ method, url: pathname + query, session, ...b }));
}
