/**
 * The per-call database budget (issue 24 item 10). With 2 s added to every PostgreSQL answer a message send
 * made ~19 sequential round trips and was never refused: each statement alone stayed far below
 * `statement_timeout` (the server was not slow, the way to it was), so the call held its connection for 38 s
 * and the panel waited. Now every HTTP call that touches the database gets a deadline (`DB_CALL_BUDGET_MS`
 * after it arrived, http/databaseBudget.ts); a query of that call still unanswered at the deadline has its
 * connection destroyed: the query fails ("Connection terminated: …", availability.ts → 503 + Retry-After), the
 * server rolls the transaction back with the session (nothing half-written), the pool slot is free, and the
 * monitor's probe decides whether the node goes `down` until the database answers in time again.
 *
 * The deadline travels in an AsyncLocalStorage, so repositories need no extra argument. Work outside a call
 * (the monitor's probe, background jobs, migrations) has no budget: the statement timeout and the
 * dead-connection watchdog (deadConnections.ts) bound it. PostgreSQL only: the embedded PGlite runs in this
 * process and has no connection to cut.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

export interface DatabaseBudget {
  /** Date.now() by which every statement of the call must have been answered */
  deadline: number;
  /** the budget's length, for the error message */
  ms: number;
}

const storage = new AsyncLocalStorage<DatabaseBudget>();

/** Runs `fn` (and everything it starts) under this budget. */
export function runWithBudget<T>(budget: DatabaseBudget, fn: () => T): T {
  return storage.run(budget, fn);
}

/** Runs `fn` outside any call's budget (the monitor's probe must not die of the call that reported). */
export function runWithoutBudget<T>(fn: () => T): T {
  return storage.exit(fn);
}

export function currentBudget(): DatabaseBudget | undefined {
  return storage.getStore();
}

interface ClientInternals {
  connection?: { stream?: { destroy(error?: Error): void } };
}

type QueryFn = (...args: unknown[]) => unknown;

const isThenable = (v: unknown): v is Promise<unknown> =>
  v != null && typeof (v as { then?: unknown }).then === 'function';

/**
 * Makes every client of the pool keep the budget of the call it runs a query for: past the deadline its socket
 * is destroyed. (Drizzle calls `client.query(config)` and awaits the promise; a callback-style query passes
 * untouched.)
 */
export function enforceBudgets(pool: pg.Pool, onExceeded: (error: Error) => void = () => undefined): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const budget = storage.getStore();
      const result = original(...args);
      if (!budget || !isThenable(result)) return result;
      const timer = setTimeout(
        () => {
          const error = new Error(`Connection terminated: the call's database budget of ${budget.ms} ms ran out`);
          onExceeded(error);
          (client as unknown as ClientInternals).connection?.stream?.destroy(error);
        },
        Math.max(0, budget.deadline - Date.now()),
      );
      timer.unref();
      return result.finally(() => clearTimeout(timer));
    };
  });
}
