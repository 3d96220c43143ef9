/**
 * The one id schema of the API, and whole numbers that fit the database: ids are PostgreSQL `integer` (int4),
 * so an id past 2147483647 (or of 20 digits, or 1.5, or -1) is refused with 422 here instead of failing in
 * the database as a 5xx. Every route's params, query and body use these (docs/ARCHITECTURE.md "Errors and the 422 shape").
 */
import { z } from 'zod';
// every area's schemas build on these, so importing any area's schemas (not only `@panel/domain/http`) makes
// zod's own messages Czech
import './czechZod';
import { wireTexts } from './texts';

/** the largest id (and int4 value) there is */
export const MAX_ID = 2_147_483_647;
export const MIN_INT = -MAX_ID - 1;

/**
 * An id in a JSON body: a positive whole number up to MAX_ID. Without `message`, a value of a wrong type keeps
 * zod's (Czech) type message and a number that is no id gets ours.
 */
export const wireId = (message?: string) => {
  const range = { error: message ?? wireTexts.badId };
  return z
    .number(message ? { error: message } : undefined)
    .int(range)
    .positive(range)
    .max(MAX_ID, range);
};

/** Text of decimal digits as a number; anything else stays as it is (and fails the number check). */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\d{1,20}$/.test(v) ? Number(v) : v);

/**
 * An id in a path or a query string: decimal digits only — '1e3', '0x10', ' 1', '1.0' and '' are no ids
 * (z.coerce.number() took them all).
 */
export const wireIdParam = (message?: string) => z.preprocess(digitsToNumber, wireId(message));

/** A whole number an int4 column holds (versions, states, timeouts), from a JSON body. */
export const wireInt = (opts: { min?: number; max?: number; message?: string } = {}) => {
  const range = { error: opts.message ?? wireTexts.badNumber };
  return z
    .number(opts.message ? { error: opts.message } : undefined)
    .int(range)
    .min(opts.min ?? MIN_INT, range)
    .max(opts.max ?? MAX_ID, range);
};

/** The same from a query string (page, per-page, limit): decimal digits only. */
export const wireIntParam = (opts: { min?: number; max?: number; message?: string } = {}) =>
  z.preprocess(digitsToNumber, wireInt(opts));
