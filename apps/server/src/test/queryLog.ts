/**
 * Counts the SQL round trips a PostgreSQL pool makes: every `query` of every client the pool connects (the
 * pool's own `pool.query` goes through a client too), with its text, so a test or a bench can say how many
 * statements one HTTP call costs and which ones. Attach it before the pool connects its first client (the
 * pool of `openDatabase` is lazy).
 */
import type pg from 'pg';

export interface QueryLog {
  /** statements sent since the last `reset` */
  readonly texts: string[];
  reset(): void;
}

type QueryFn = (...args: unknown[]) => unknown;

function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg && typeof arg.text === 'string') return arg.text;
  return '?';
}

export function logQueries(pool: pg.Pool): QueryLog {
  const texts: string[] = [];
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      texts.push(textOf(args[0]).replace(/\s+/g, ' ').trim());
      return original(...args);
    };
  });
  return {
    texts,
    reset: () => {
      texts.length = 0;
    },
  };
}
