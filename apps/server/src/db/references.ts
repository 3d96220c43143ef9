/**
 * Ids a body names that must exist (foreign keys and catalogue ids): a command checks them before it writes, so
 * an unknown id is 422 `[{field, message}]` naming the field — not a foreign-key failure (5xx before issue 11)
 * nor a row that points nowhere (catalogue ids without a constraint).
 */
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { texts } from '@panel/domain/locale';
import { unprocessable } from '../errors.js';
import type { FieldError } from '../texts.js';
import type { Queryable } from './client.js';

export interface Reference {
  /** the body's field, as the 422 names it */
  field: string;
  table: PgTable & { id: PgColumn };
  /** one id, a list, or nothing to check (undefined/null) */
  ids: number | readonly number[] | null | undefined;
}

/** The fields whose ids do not all exist, one entry per field. */
export async function unknownReferences(q: Queryable, refs: readonly Reference[]): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const ref of refs) {
    const wanted = [...new Set(ref.ids == null ? [] : typeof ref.ids === 'number' ? [ref.ids] : ref.ids)];
    if (wanted.length === 0) continue;
    const found = await q.select({ id: ref.table.id }).from(ref.table).where(inArray(ref.table.id, wanted));
    if (found.length < wanted.length) errors.push({ field: ref.field, message: texts.wire.unknownReference });
  }
  return errors;
}

/** Throws 422 for the fields whose ids do not exist. */
export async function requireReferences(q: Queryable, refs: readonly Reference[]): Promise<void> {
  const errors = await unknownReferences(q, refs);
  if (errors.length) throw unprocessable(errors);
}
