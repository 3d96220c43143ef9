/**
 * How answers meet their response schemas (issue 16). The schemas are the contract and the OpenAPI document;
 * what a route sends must never turn into a 500 because a schema lags behind, and checking every answer costs
 * CPU a busy room does not have. So:
 * - under tests (`strict`) every answer is checked against its schema, and a field the schema does not declare
 *   fails too — the whole suite proves the schemas true;
 * - in production the answer is sent as the route built it (JSON.stringify), unchecked.
 * Either way the bytes sent are the route's own: zod's output (which drops undeclared keys, reorders them) is
 * only compared, never sent, so declaring a schema cannot change what a client receives.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { safeEncode, type ZodType } from 'zod';

export class ResponseSchemaMismatch extends Error {
  constructor(method: string, url: string, status: string | number, detail: string) {
    super(`response of ${method} ${url} (${status}) does not match its schema: ${detail}`);
    this.name = 'ResponseSchemaMismatch';
  }
}

/** The first path where the sent value has a key the schema's output has not (undeclared field), or null. */
export function undeclaredKey(sent: unknown, declared: unknown, at = ''): string | null {
  if (Array.isArray(sent)) {
    if (!Array.isArray(declared)) return null;
    for (let i = 0; i < sent.length; i++) {
      const found = undeclaredKey(sent[i], declared[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (sent === null || typeof sent !== 'object' || declared === null || typeof declared !== 'object') return null;
  if (sent instanceof Date) return null;
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (!(key in declared)) return `${at}.${key}`;
    const found = undeclaredKey(value, (declared as Record<string, unknown>)[key], `${at}.${key}`);
    if (found) return found;
  }
  return null;
}

function resolve(schema: unknown): ZodType {
  const s = schema as { properties?: ZodType } & ZodType;
  return (s.properties ?? s) as ZodType;
}

export function responseSerializer(strict: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!strict) return (data) => JSON.stringify(data);
    const zod = resolve(schema);
    return (data) => {
      const result = safeEncode(zod, data);
      if (!result.success) {
        throw new ResponseSchemaMismatch(method, url, httpStatus ?? '?', result.error.message);
      }
      const extra = undeclaredKey(data, result.data);
      if (extra) throw new ResponseSchemaMismatch(method, url, httpStatus ?? '?', `undeclared field ${extra}`);
      return JSON.stringify(data);
    };
  };
}

/** Checked under the test runner (vitest sets NODE_ENV=test), or when RESPONSE_CHECKS=strict asks for it. */
export const strictResponses = () =>
  process.env.RESPONSE_CHECKS === 'strict' ||
  (process.env.NODE_ENV === 'test' && process.env.RESPONSE_CHECKS !== 'off');
