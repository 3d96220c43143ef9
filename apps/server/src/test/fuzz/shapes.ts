/**
 * What a route's zod schema (body or querystring) expects, read from the schema itself, and generators of
 * values that follow it except for one or two hostile fields: the request passes the first checks and the
 * hostile value reaches the command, where QA found the 5xx. A route added later is read the same way.
 */
import fc from 'fast-check';
import {
  anyHostile,
  hostileId,
  hostileString,
  impossibleDate,
  plausibleId,
  unknownFk,
  validWireTimes,
  wrongType,
} from './hostile.js';

export type Shape =
  | { kind: 'object'; keys: Record<string, Shape> }
  | { kind: 'array'; of: Shape }
  | { kind: 'number' }
  | { kind: 'string' }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: unknown[] }
  | { kind: 'unknown' };

interface ZodDef {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: unknown): ZodDef | null {
  if (typeof schema !== 'object' || schema === null || !('_zod' in schema)) return null;
  const inner = (schema as { _zod: { def?: ZodDef } })._zod;
  return inner.def ?? null;
}

/** The shape of a zod (v4) schema; anything it cannot read is 'unknown'. */
export function shapeOf(schema: unknown, depth = 0): Shape {
  const def = defOf(schema);
  if (!def || depth > 8) return { kind: 'unknown' };
  switch (def.type) {
    case 'object': {
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      const keys: Record<string, Shape> = {};
      for (const [k, v] of Object.entries(shape)) keys[k] = shapeOf(v, depth + 1);
      return { kind: 'object', keys };
    }
    case 'record':
      return { kind: 'object', keys: {} };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return shapeOf(def.innerType, depth + 1);
    case 'pipe': {
      // preprocess: in = transform, out = the schema; transform: in = the schema, out = transform
      const inDef = defOf(def.in);
      return shapeOf(inDef?.type === 'transform' ? def.out : def.in, depth + 1);
    }
    case 'lazy':
      return typeof def.getter === 'function'
        ? shapeOf((def.getter as () => unknown)(), depth + 1)
        : { kind: 'unknown' };
    case 'array':
      return { kind: 'array', of: shapeOf(def.element, depth + 1) };
    case 'union': {
      const options = (def.options ?? []) as unknown[];
      const shapes = options.map((o) => shapeOf(o, depth + 1));
      const objects = shapes.filter((s): s is Extract<Shape, { kind: 'object' }> => s.kind === 'object');
      if (objects.length) return { kind: 'object', keys: Object.assign({}, ...objects.map((o) => o.keys)) };
      return shapes.find((s) => s.kind !== 'unknown') ?? { kind: 'unknown' };
    }
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'string':
    case 'template_literal':
      return { kind: 'string' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'enum', values: Object.values((def.entries ?? {}) as Record<string, unknown>) };
    case 'literal':
      return { kind: 'enum', values: (def.values ?? []) as unknown[] };
    default:
      return { kind: 'unknown' };
  }
}

const isIdName = (key: string) => /(^id$|Id$|_id$|^id_)/.test(key);
const isIdsName = (key: string) => /(Ids$|^eventTo|ToTags$|ToBase$|^ids$)/.test(key);
const isTimeName = (key: string) => /(At$|^start|^end|^from$|^to$|[Tt]ime|^Cas|[Dd]ate|stamp)/.test(key);

/** A value that follows the shape (ids of demo rows, valid times) — the background the hostile field sits in. */
export function plausible(shape: Shape, key = '', opts: { complete?: boolean } = {}): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'object':
      return fc.record(
        Object.fromEntries(Object.entries(shape.keys).map(([k, s]) => [k, plausible(s, k)])),
        // complete: every key present (a body that gets past the schema); else any subset
        opts.complete ? {} : { requiredKeys: [] },
      );
    case 'array':
      return fc.array(plausible(shape.of, key), { maxLength: 3 });
    case 'number':
      return isIdName(key) || isIdsName(key) ? plausibleId : fc.integer({ min: 0, max: 100 });
    case 'string':
      if (/uuid/i.test(key)) return fc.uuid();
      if (isTimeName(key)) return fc.constantFrom(...validWireTimes);
      if (isIdName(key)) return plausibleId.map(String);
      return fc.constantFrom('abc', 'Požár', '123456789', '50.08', 'a.b');
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return shape.values.length ? fc.constantFrom(...shape.values) : fc.constant(null);
    case 'unknown':
      return fc.constantFrom<unknown>({}, 'abc', 1, null);
  }
}

/** A hostile value for one field, chosen by what the field holds and what its name says. */
export function hostileFor(shape: Shape, key: string): fc.Arbitrary<unknown> {
  const byKind: fc.Arbitrary<unknown>[] = [anyHostile];
  if (shape.kind === 'number') byKind.push(hostileId, unknownFk);
  if (shape.kind === 'string') byKind.push(hostileString, hostileString);
  if (isTimeName(key)) byKind.push(impossibleDate, impossibleDate);
  if (isIdName(key)) byKind.push(unknownFk, hostileId);
  if (shape.kind === 'array' || isIdsName(key)) {
    byKind.push(
      fc.array(fc.oneof(unknownFk, hostileId, plausibleId), { minLength: 1, maxLength: 3 }),
      fc.array(hostileString, { minLength: 1, maxLength: 2 }),
    );
  }
  if (shape.kind === 'object') {
    byKind.push(
      fc.dictionary(fc.constantFrom('a', 'b\u0000', 'c\ud800', 'trainNumber'), anyHostile, { maxKeys: 3 }),
      hostileBody(shape),
    );
  }
  return fc.oneof(...byKind);
}

/**
 * A body or query object for a schema: plausible keys with one to two hostile ones, sometimes a missing
 * required key or an extra one; now and then a body of another type altogether.
 */
export function hostileBody(shape: Shape): fc.Arbitrary<unknown> {
  if (shape.kind !== 'object' || Object.keys(shape.keys).length === 0) return fc.oneof(anyHostile, genericBody);
  const keys = Object.keys(shape.keys);
  const mutated = fc
    .tuple(
      plausible(shape) as fc.Arbitrary<Record<string, unknown>>,
      fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 2 }),
      fc.nat(),
    )
    .chain(([base, targets, salt]) =>
      fc.tuple(...targets.map((k) => hostileFor(shape.keys[k], k))).map((values) => {
        const body: Record<string, unknown> = { ...base };
        targets.forEach((k, i) => (body[k] = values[i]));
        if (salt % 7 === 0) delete body[keys[salt % keys.length]];
        if (salt % 5 === 0) body['extra\u0000'] = 'x\ud800';
        return body;
      }),
    );
  return fc.oneof({ weight: 8, arbitrary: mutated }, { weight: 1, arbitrary: wrongType });
}

/** A JSON body for a route without a schema: hostile values under the names routes commonly read. */
export const genericBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.dictionary(
    fc.constantFrom('id', 'eventId', 'uuid', 'text', 'message', 'baseId', 'from', 'to', 'time', 'data', 'TR', 'CasOd'),
    anyHostile,
    { maxKeys: 4 },
  ),
  wrongType,
);
