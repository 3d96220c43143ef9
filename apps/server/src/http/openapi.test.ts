/**
 * The API description (issue 16): every route declares its answers (a zod schema from packages/domain), the
 * document at /v2/openapi.json is valid OpenAPI (checked by @apidevtools/swagger-parser), and the reference
 * at /v2/docs opens without a session. Also the response checks themselves: under tests an answer with a field
 * its schema does not declare fails, so the suite keeps the schemas true.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/factory.js';
import { DOCS_PREFIX, OPENAPI_PATH } from './openapi.js';
import { responseSerializer, undeclaredKey } from './responseSerializer.js';

interface Described {
  key: string;
  hidden: boolean;
  response: boolean;
  params: boolean;
}

function describeRoute(route: RouteOptions): Described[] {
  const schema = route.schema as { hide?: boolean; response?: unknown; params?: unknown } | undefined;
  return [route.method]
    .flat()
    .filter((m) => m !== 'HEAD') // Fastify's automatic HEAD shares the GET's schema
    .map((method) => ({
      key: `${method} ${route.url}`,
      hidden: schema?.hide === true,
      response: schema?.response !== undefined,
      params: schema?.params !== undefined,
    }));
}

describe('OpenAPI', () => {
  let t: TestApp;
  const routes: Described[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: false, onRoute: (r) => routes.push(...describeRoute(r)) });
  });
  afterAll(() => t?.close());

  it('every route declares its response schema', () => {
    const visible = routes.filter((r) => !r.hidden && r.key.includes(' /'));
    expect(visible.length).toBeGreaterThan(90); // the collection saw the whole API
    const missing = visible.filter((r) => !r.response).map((r) => r.key);
    expect(missing, 'routes without a response schema').toEqual([]);
  });

  it('every route with a path parameter declares it', () => {
    const missing = routes.filter((r) => !r.hidden && r.key.includes(':') && !r.params).map((r) => r.key);
    expect(missing).toEqual([]);
  });

  it('serves a valid OpenAPI 3 document without a session', async () => {
    const res = await t.app.inject({ url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/v2/events');
    expect(JSON.stringify(doc.paths)).not.toContain(DOCS_PREFIX); // the reference's own files are not API
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('opens the browsable reference without a session', async () => {
    const res = await t.app.inject({ url: `${DOCS_PREFIX}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const init = await t.app.inject({ url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(init.statusCode).toBe(200);
  });
});

describe('response checks', () => {
  const schema = z.object({ id: z.number(), name: z.string(), tags: z.array(z.object({ id: z.number() })) });
  const strict = responseSerializer(true)({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);
  const loose = responseSerializer(false)({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

  it('sends the route’s own bytes when the answer matches', () => {
    const data = { name: 'a', id: 1, tags: [{ id: 2 }] };
    expect(strict(data)).toBe(JSON.stringify(data)); // key order as the route built it, not the schema's
  });

  it('refuses, under tests, an answer that breaks its schema or has an undeclared field', () => {
    expect(() => strict({ id: 'x', name: 'a', tags: [] })).toThrow(/does not match its schema/);
    expect(() => strict({ id: 1, name: 'a', tags: [{ id: 2, secret: true }] })).toThrow(
      /undeclared field \.tags\[0\]\.secret/,
    );
  });

  it('never fails in production: the answer goes out as built', () => {
    expect(loose({ id: 'x' })).toBe('{"id":"x"}');
  });

  it('finds undeclared keys only where the sent value has them', () => {
    expect(undeclaredKey({ a: 1, b: undefined }, { a: 1 })).toBeNull();
    expect(undeclaredKey([{ a: 1 }], [{}])).toBe('[0].a');
  });
});
