/**
 * One place that refuses text no column can hold: a NUL byte (PostgreSQL text and jsonb have none) or a lone
 * UTF-16 surrogate (no UTF-8 form; jsonb refuses its `\ud800` escape). Before any handler or schema runs, the
 * parsed params, query and body are scanned — values and object keys — and the first bad string answers 422
 * `[{field, message}]` naming its path, so no route can forget it (issue 11). Bodies that arrive as bytes
 * (attachments, `parseAs: 'buffer'`) are not text and are not scanned.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { texts } from '@panel/domain/locale';
import { unprocessable } from '../errors.js';

/** a NUL, a high surrogate not followed by a low one, a low one not preceded by a high one */
// eslint-disable-next-line no-control-regex -- the NUL byte is exactly what this looks for
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;
const BAD_TEXT_ALL = new RegExp(BAD_TEXT.source, 'gu');

/** true for a string with a NUL byte or an unpaired surrogate */
export function isBadText(s: string): boolean {
  return BAD_TEXT.test(s);
}

/** a key as it can be shown in a field path */
const printable = (key: string) => key.replace(BAD_TEXT_ALL, '');

/**
 * Deeper than any body of the API (GeoJSON multipolygons in feature collections are about 8): a body nested
 * deeper would overflow the stack of JSON.stringify when stored as jsonb (a 500 before issue 11).
 */
export const MAX_DEPTH = 32;

export interface BadInput {
  path: string;
  reason: 'text' | 'depth';
}

/** The path of the first bad string (value or key), or of nesting past MAX_DEPTH, in a parsed value; or null. */
export function findBadText(value: unknown, root = ''): BadInput | null {
  // iterative: a deeply nested body must not overflow the stack of this check
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (isBadText(v)) return { path, reason: 'text' };
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v) || v instanceof Uint8Array) continue;
    if (depth >= MAX_DEPTH) return { path, reason: 'depth' };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i], path: path ? `${path}.${i}` : String(i), depth: depth + 1 });
      }
      continue;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const childPath = path ? `${path}.${printable(key)}` : printable(key);
      if (isBadText(key)) return { path: childPath, reason: 'text' };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

function badInputIn(request: FastifyRequest): BadInput | null {
  for (const part of [request.params, request.query, request.body]) {
    const found = findBadText(part);
    if (found !== null) return found;
  }
  return null;
}

/** Registers the scan on the root instance, before the module routes (it applies to every route). */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const bad = badInputIn(request);
    if (bad === null) return;
    throw unprocessable({ field: bad.path, message: bad.reason === 'text' ? texts.wire.badText : texts.wire.tooDeep });
  });
}
