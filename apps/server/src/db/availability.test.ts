import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isEmbeddedDatabaseBroken } from './availability.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** what Drizzle throws around a driver error */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused socket', withCode('ECONNREFUSED')],
    ['reset socket', withCode('ECONNRESET')],
    ['dual-stack connect', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect')],
    ['admin shutdown (server restart)', wrapped(withCode('57P01'))],
    ['crash shutdown', withCode('57P02')],
    ['server starting up', withCode('57P03')],
    ['connection exception class 08', withCode('08006')],
    ['statement timeout', withCode('57014')],
    ['too many connections', withCode('53300')],
    ['pg: connection lost', wrapped(new Error('Connection terminated unexpectedly'))],
    ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pg: broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['pool ended (shutdown)', new Error('Cannot use a pool after calling end on the pool')],
    ['PGlite closed', wrapped(new Error('PGlite is closed'))],
    ['PGlite wasm abort', Object.assign(new Error('Aborted(OOM)'), { name: 'RuntimeError' })],
  ])('%s → unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', wrapped(withCode('23505', 'duplicate key'))],
    ['invalid text representation', withCode('22P02')],
    ['syntax error', withCode('42601')],
    ['serialization failure', withCode('40001')],
    ['a programming error', new TypeError('x is undefined')],
    ['nothing', null],
    ['a string', 'Connection terminated'],
  ])('%s → not unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isEmbeddedDatabaseBroken', () => {
  it('knows a closed or aborted PGlite, and nothing else', () => {
    expect(isEmbeddedDatabaseBroken(wrapped(new Error('PGlite is closed')))).toBe(true);
    expect(isEmbeddedDatabaseBroken(Object.assign(new Error('Aborted()'), { name: 'RuntimeError' }))).toBe(true);
    expect(isEmbeddedDatabaseBroken(withCode('ECONNREFUSED'))).toBe(false);
    expect(isEmbeddedDatabaseBroken(withCode('23505'))).toBe(false);
  });
});
