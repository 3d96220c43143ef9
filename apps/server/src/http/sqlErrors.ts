/**
 * The last-resort net for input the routes did not catch (issue 11): a database error caused by the request's
 * data is the client's fault, so it answers 4xx, never 500. By SQLSTATE (found on the error or a `.cause` —
 * Drizzle wraps the driver's error):
 * - class 22 (data exception: 22003 out of range, 22P02 invalid text, 22021 bad byte sequence, 22007/22008
 *   datetime, 22P05 untranslatable character …) → 400 `{message}`;
 * - 23503 foreign key, 23502 not null, 23514 check → 422 `[{field, message}]`, the field read from the
 *   constraint or column when possible;
 * - 23505 unique → 409 `{message}`.
 * Anything else (connection errors included) is not ours: null, and the caller goes on.
 */
import { texts } from '@panel/domain/locale';
import { serverTexts, type FieldError } from '../texts.js';

export interface SqlRefusal {
  status: 400 | 409 | 422;
  body: { message: string } | FieldError[];
  /** the SQLSTATE, for the log */
  sqlState: string;
}

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
}

/** The SQLSTATE of a database error (on it or a `.cause`), else null (metrics/ counts errors by its class). */
export function sqlStateOf(error: unknown): string | null {
  return driverErrorOf(error)?.code ?? null;
}

/** The first error in the `.cause` chain that carries a SQLSTATE. */
function driverErrorOf(error: unknown): (DriverError & { code: string }) | null {
  let e: unknown = error;
  for (let depth = 0; depth < 6 && e && typeof e === 'object'; depth++) {
    const d = e as DriverError;
    if (typeof d.code === 'string' && /^[0-9A-Z]{5}$/.test(d.code)) return d as DriverError & { code: string };
    e = d.cause;
  }
  return null;
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The wire field of a constraint: a link table's name ('event_to_base' → 'eventToBase', what the body calls
 * the list), else the column ('events_parent_id_events_id_fk' on 'events' → 'parentId').
 */
export function fieldOfConstraint(table: string | undefined, constraint: string | undefined, column?: string): string {
  if (table && table.includes('_to_')) return camel(table);
  if (column) return camel(column);
  if (table && constraint?.startsWith(`${table}_`)) {
    const rest = constraint.slice(table.length + 1).replace(/_(fk|key|check|not_null)$/, '');
    // drizzle's FK names end with `_<referenced table>_<referenced column>`; the column comes first
    const m = /^(.*?_id)_/.exec(rest);
    return camel(m ? m[1] : rest);
  }
  return '';
}

export function classifySqlError(error: unknown): SqlRefusal | null {
  const d = driverErrorOf(error);
  if (!d) return null;
  const sqlState = d.code;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const field = () => fieldOfConstraint(str(d.table), str(d.constraint), str(d.column));
  if (sqlState.startsWith('22')) return { status: 400, body: { message: texts.wire.badValue }, sqlState };
  if (sqlState === '23503') {
    return { status: 422, body: [{ field: field(), message: texts.wire.unknownReference }], sqlState };
  }
  if (sqlState === '23502' || sqlState === '23514') {
    return { status: 422, body: [{ field: field(), message: serverTexts.validation }], sqlState };
  }
  if (sqlState === '23505') return { status: 409, body: { message: serverTexts.conflict }, sqlState };
  return null;
}
