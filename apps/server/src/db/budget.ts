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
 * dead-connection watchdog (deadConnections.ts) bound it. A budget ends with its call (`endBudget` when the
 * answer is sent): background work a call started — a write-behind flush on a timer, its retries with backoff,
 * the delta push, an outbox run — inherits the call's AsyncLocalStorage context, and would otherwise have every
 * statement it runs after the deadline cut at once, for as long as its chain of timers goes on (the cluster
 * test saw a 6.7 s push gap that way). PostgreSQL only: the embedded PGlite runs in this
 * process and has no connection to cut.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

export interface DatabaseBudget {
  /** Date.now() by which every statement of the call must have been answered */
  deadline: number;
  /** the budget's length, for the error message */
  ms: number;
  /** set when the call has answered: what it started and still runs is background work, without a budget */
  ended?: boolean;
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

/** The budget of the call in progress (none outside a call, or once the call has answered). */
export function currentBudget(): DatabaseBudget | undefined {
  const budget = storage.getStore();
  return budget && !budget.ended ? budget : undefined;
}

/** The call has answered: statements its background work runs from now on have no deadline. */
export function endBudget(budget: DatabaseBudget): void {
  budget.ended = true;
}

interface ClientInternals {
  connection?: { stream?: { destroy(error?: Error): void } };
}

type QueryFn = (...args: unknown[]) => unknown;

const isThenable = (v: unknown): v is Promise<unknown> =>
  v != null && typeof (v as { then?: unknown }).then === 'function';

/**
 * Makes every client of the pool keep the budget of the call it runs a query for: past the deadline its socket
 * is destroyed. Drizzle awaits `client.query(config)` inside a transaction and `pool.query(config)` outside one;
 * pg-pool's own `query` lends a client whose callback may run in another call's context (a client released by
 * that call), so a budgeted `pool.query` lends its client itself, keeping its own call's budget.
 */
export function enforceBudgets(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const budget = currentBudget();
      if (!budget) return original(...args);
      const timer = setTimeout(
        () => {
          const error = new Error(`Connection terminated: the call's database budget of ${budget.ms} ms ran out`);
          (client as unknown as ClientInternals).connection?.stream?.destroy(error);
        },
        Math.max(0, budget.deadline - Date.now()),
      );
      timer.unref();
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const done = last as (...a: unknown[]) => unknown;
        return original(...args.slice(0, -1), (...result: unknown[]) => {
          clearTimeout(timer);
          return done(...result);
        });
      }
      const result = original(...args);
      if (isThenable(result)) return result.finally(() => clearTimeout(timer));
      clearTimeout(timer); // a submittable (cursor, stream): not budgeted
      return result;
    };
  });
  const poolQuery = pool.query.bind(pool) as QueryFn;
  (pool as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const budget = currentBudget();
    if (!budget || typeof args[args.length - 1] === 'function') return poolQuery(...args);
    return (async () => {
      const client = await pool.connect(); // DB_ACQUIRE_TIMEOUT_MS bounds the wait
      let failure: Error | undefined;
      try {
        return await storage.run(budget, () => (client.query as unknown as QueryFn)(...args));
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        client.release(failure); // as pg-pool's own query: a client that failed is not lent again
      }
    })();
  };
}
