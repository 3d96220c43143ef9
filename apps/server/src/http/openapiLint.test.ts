/**
 * The API description under Redocly's recommended rules (issue 27 item 6): the document a generated client is
 * made from has 0 errors, every operation a unique camelCase `operationId` and a summary, login and the public
 * calls no security, and every session call the `App-Code` / `App-Instance` headers. It covers every operation
 * the app registers, so a new route without a name fails here. @redocly/openapi-core is the CLI's own linter
 * without the CLI (no telemetry, nothing fetched: the document is linted from memory).
 */
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/factory.js';
import { OPENAPI_PATH } from './openapi.js';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  tags?: { name: string; description?: string }[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);

function operationsOf(doc: Doc): { key: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** one line per rule: how many and the first place, so a failure says where to look */
function summarize(problems: NormalizedProblem[]): string[] {
  const byRule = new Map<string, NormalizedProblem[]>();
  for (const p of problems) byRule.set(p.ruleId, [...(byRule.get(p.ruleId) ?? []), p]);
  return [...byRule].map(
    ([rule, list]) => `${list.length}× ${rule}: ${list[0].message} (${list[0].location[0]?.pointer})`,
  );
}

describe('OpenAPI under Redocly', () => {
  let t: TestApp;
  let doc: Doc;
  let source: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const res = await t.app.inject({ url: OPENAPI_PATH });
    source = res.body;
    doc = res.json<Doc>();
  });
  afterAll(() => t?.close());

  it('has no error under the recommended rules', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.info(
      `[openapi lint] ${errors.length} errors, ${warnings.length} warnings\n${summarize(problems).join('\n')}`,
    );
    expect(summarize(errors)).toEqual([]);
  });

  it('names every operation once, verb + noun in camelCase, with a summary and its area tag', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(100); // the whole API, not an empty document
    const unnamed = ops.filter(
      ({ op }) => !op.operationId || !/^[a-z]+[A-Z][A-Za-z0-9]*$|^login$|^logout$/.test(op.operationId),
    );
    expect(unnamed.map((o) => `${o.key} ${o.op.operationId ?? ''}`)).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'operationIds used twice',
    ).toEqual([]);
    expect(
      ops.filter(({ op }) => !op.summary?.trim()).map((o) => o.key),
      'without a summary',
    ).toEqual([]);
    const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
    const untagged = ops.filter(({ op }) => op.tags?.length !== 1 || !declared.has(op.tags[0]));
    expect(
      untagged.map((o) => `${o.key} ${String(o.op.tags)}`),
      'one declared area tag each',
    ).toEqual([]);
  });

  it('marks the public calls as needing no session and asks the session headers of the others', () => {
    const ops = operationsOf(doc);
    const byKey = new Map(ops.map((o) => [o.key, o.op]));
    for (const key of ['POST /v2/auth/login', 'GET /version.json', 'GET /healthz', 'GET /readyz']) {
      expect(byKey.get(key)?.security, key).toEqual([]);
    }
    // logout is public to the guard (it reads the token itself) but says it needs the session
    expect(byKey.get('POST /v2/auth/logout')?.security).toEqual([{ session: [] }]);
    const headersOf = (op: Operation) => (op.parameters ?? []).map((p) => p.$ref ?? `${p.in}:${p.name}`);
    for (const { key, op } of ops) {
      // the document's default (no own list) is the bearer session
      const session = op.security === undefined || op.security.some((s) => 'session' in (s as object));
      const expected = session ? ['#/components/parameters/AppCode', '#/components/parameters/AppInstance'] : [];
      expect(
        headersOf(op).filter((h) => h.startsWith('#/components/parameters/')),
        key,
      ).toEqual(expected);
    }
    expect(byKey.get('GET /v2/events/list')?.security).toBeUndefined();
  });
});
