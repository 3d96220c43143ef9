/**
 * A call's database budget ends with the call (db/budget.ts): background work that a call started and that runs
 * after its answer — a write-behind flush, its retries, the delta push — must not have its statements cut by the
 * call's long-gone deadline. Against a real PostgreSQL pool (DATABASE_URL); skipped without it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBudget, endBudget, enforceBudgets, runWithBudget, type DatabaseBudget } from './budget.js';

const url = process.env.DATABASE_URL;
if (!url) console.log('DATABASE_URL not set: the database budget tests are skipped');

(url ? describe : describe.skip)('database budget of a call', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 2 });
    // a destroyed connection reports on its client and the pool (as db/client.ts listens); the query itself fails
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    enforceBudgets(pool);
  });
  afterAll(async () => {
    await pool.end();
  });

  /** a budget whose deadline has passed, as when a call's later work runs after it */
  const spent = (): DatabaseBudget => ({ deadline: Date.now() - 1, ms: 50 });
  const sleepQuery = () => pool.query('select pg_sleep(0.2) as slept');

  it('cuts a statement of a call still in progress once its deadline has passed', async () => {
    const budget = spent();
    await expect(runWithBudget(budget, sleepQuery)).rejects.toThrow(/budget of 50 ms/);
  });

  it('leaves the statements of work the call started alone once the call has answered', async () => {
    const budget = spent();
    // the call starts a background job on a timer (as a flush or a retry with backoff), then answers
    const background = runWithBudget(
      budget,
      () => new Promise<pg.QueryResult>((resolve, reject) => setTimeout(() => sleepQuery().then(resolve, reject), 20)),
    );
    endBudget(budget);
    await expect(background).resolves.toMatchObject({ rowCount: 1 });
    expect(runWithBudget(budget, currentBudget)).toBeUndefined();
  });
});
