/**
 * What the document says beyond the route schemas (issue 27 item 6), derived from the routes so it cannot drift:
 * - a route with `config.public` (login, version.json, health, sounds, the map proxy, the ingest …) needs no
 *   session: `security: []`, read from the same flag the auth guard reads (unless the route says its own, as
 *   logout does: public to the guard because it checks the token itself, but it needs one);
 * - every other operation needs the `App-Code` and `App-Instance` headers besides the bearer token: one
 *   component parameter each, referenced by the operation (declared for the document only — the guard checks
 *   them, so no request the server accepts today is refused by a header schema);
 * - OpenAPI 3.0 details of the zod → JSON Schema step: a nullable `anyOf` or `$ref` gets no `type`
 *   (`nullable` without `type` means nothing in 3.0), a tuple of equal items is an `anyOf` of twins, a reused
 *   schema may come as a lone `allOf`, and every registered schema also gets an `…Input` twin that nothing may
 *   use.
 */
import type { FastifySchema, RouteOptions } from 'fastify';
import type { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type TransformObject = typeof jsonSchemaTransformObject;
type Json = Record<string, unknown>;

export const SESSION_SCHEME = 'session';

export const SESSION_HEADERS = {
  AppCode: {
    name: 'App-Code',
    in: 'header',
    required: true,
    description: 'The application code the session was issued for (one of `APP_CODES`, default `panel`).',
    schema: { type: 'string', example: 'panel' },
  },
  AppInstance: {
    name: 'App-Instance',
    in: 'header',
    required: true,
    description: 'The instance of the session, as the login answered it (`instance`).',
    schema: { type: 'string' },
  },
} as const;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);

/** The per-route step: a public route says it needs no session. */
export function withPublicSecurity(transform: Transform): Transform {
  return (input) => {
    const result = transform(input);
    const route = input.route as RouteOptions | undefined;
    if (!(route?.config as { public?: boolean } | undefined)?.public) return result;
    if ((result.schema as FastifySchema | undefined)?.security) return result; // its own word (logout)
    return { ...result, schema: { ...(result.schema as FastifySchema), security: [] } as never };
  };
}

/** The whole-document step, after the provider's own. */
export function finishDocument(transformObject: TransformObject): TransformObject {
  return (input) => {
    const doc = transformObject(input) as Json;
    addSessionHeaders(doc);
    fixSchemas(doc);
    dropUnusedInputTwins(doc);
    return doc as never;
  };
}

function addSessionHeaders(doc: Json): void {
  const components = (doc.components ??= {}) as Json;
  components.parameters = { ...(components.parameters as Json | undefined), ...SESSION_HEADERS };
  const refs = Object.keys(SESSION_HEADERS).map((name) => ({ $ref: `#/components/parameters/${name}` }));
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      if (!METHODS.has(method) || !needsSession(op)) continue;
      op.parameters = [...((op.parameters as unknown[] | undefined) ?? []), ...refs];
    }
  }
}

/** the document's default (no own list) or a list that names the session */
function needsSession(op: Json): boolean {
  return !Array.isArray(op.security) || op.security.some((s) => SESSION_SCHEME in (s as Json));
}

/** The type a branch stands for, looking through a `$ref` to a component. */
function typeOf(node: Json, schemas: Record<string, Json>): string | undefined {
  const ref = typeof node.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(node.$ref)?.[1] : undefined;
  const target = ref ? schemas[ref] : node;
  return typeof target?.type === 'string' ? target.type : undefined;
}

function fixSchemas(doc: Json): void {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as Json;
    for (const value of Object.values(schema)) visit(value);
    dedupeAnyOf(schema);
    unwrapLoneRef(schema);
    if (schema.nullable === true && schema.type === undefined) typeNullable(schema, schemas);
  };
  visit(doc.paths);
  visit(doc.components);
}

/** `z.tuple([lon, lat])` comes out as `items: {anyOf: [number, number]}`: one of them says the same */
function dedupeAnyOf(schema: Json): void {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length < 2) return;
  const first = JSON.stringify(branches[0]);
  if (!branches.every((b) => JSON.stringify(b) === first)) return;
  delete schema.anyOf;
  Object.assign(schema, { ...(branches[0] as Json), ...schema });
}

/** a bare `{allOf: [{$ref}]}` (a reused schema in a position zod wraps) says no more than the `$ref` */
function unwrapLoneRef(schema: Json): void {
  const branches = schema.allOf;
  if (!Array.isArray(branches) || branches.length !== 1 || Object.keys(schema).length !== 1) return;
  const [only] = branches as Json[];
  if (typeof only.$ref !== 'string' || Object.keys(only).length !== 1) return;
  delete schema.allOf;
  schema.$ref = only.$ref;
}

/**
 * `X | null` of zod: a `$ref` or branches of one type take that type; branches of several types each become
 * nullable themselves (in 3.0 a null matches an `anyOf` when one branch allows it).
 */
function typeNullable(schema: Json, schemas: Record<string, Json>): void {
  const branches = (schema.allOf ?? schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (!Array.isArray(branches)) return;
  const types = new Set(branches.map((b) => typeOf(b, schemas)));
  const [only] = types;
  if (types.size === 1 && only) {
    schema.type = only;
    return;
  }
  if (branches.some((b) => b.$ref !== undefined || b.type === undefined)) return; // nothing sound to say
  for (const branch of branches) branch.nullable = true;
  delete schema.nullable;
}

/** jsonSchemaTransformObject writes `XInput` beside every registered `X`; most are never referenced */
function dropUnusedInputTwins(doc: Json): void {
  const schemas = (doc.components as Json | undefined)?.schemas as Record<string, unknown> | undefined;
  if (!schemas) return;
  for (;;) {
    const text = JSON.stringify({ ...doc, components: { ...(doc.components as Json), schemas: {} } });
    const used = JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter((name) => {
      if (!name.endsWith('Input') || !(name.slice(0, -'Input'.length) in schemas)) return false;
      const ref = `"#/components/schemas/${name}"`;
      return !text.includes(ref) && !used.includes(ref);
    });
    if (unused.length === 0) return;
    for (const name of unused) delete schemas[name];
  }
}
