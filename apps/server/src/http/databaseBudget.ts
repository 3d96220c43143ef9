/**
 * Gives each HTTP call its database budget (db/budget.ts): `DB_CALL_BUDGET_MS` for the session lookup from the
 * call's arrival, and again for the route's own work from the moment its body has arrived (a photo uploaded
 * over a slow radio link must not spend the budget before it reaches the database). A query unanswered at the
 * deadline costs its connection and the call answers 503 + Retry-After (databaseGate.ts) instead of waiting for
 * a stalled database. A route with heavier legitimate work sets its own `{databaseBudgetMs}` (0 = none).
 *
 * Both hooks are callback-style: `AsyncLocalStorage.run` around `done` carries the budget into every later
 * hook and the handler (the body is read in between, on the socket's own context, hence the second hook).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { endBudget, runWithBudget, type DatabaseBudget } from '../db/budget.js';

/** the budgets given to a call (one per hook), ended together when it has answered */
const budgetsOf = new WeakMap<FastifyRequest, DatabaseBudget[]>();

declare module 'fastify' {
  interface FastifyContextConfig {
    /** this route's database budget in ms instead of DB_CALL_BUDGET_MS (0 = none) */
    databaseBudgetMs?: number;
  }
}

/** Registers the budget on the root instance; register it before the authentication guard. */
export function registerDatabaseBudget(app: FastifyInstance, budgetMs: number): void {
  const withBudget = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const config = request.routeOptions.config;
    const ms = config?.databaseBudgetMs ?? budgetMs;
    if (!request.routeOptions.url || config?.withoutDatabase || ms <= 0) return done();
    const budget: DatabaseBudget = { deadline: Date.now() + ms, ms };
    budgetsOf.set(request, [...(budgetsOf.get(request) ?? []), budget]);
    runWithBudget(budget, done);
  };
  app.addHook('onRequest', withBudget);
  app.addHook('preValidation', withBudget);
  // after the answer, what the call started runs on as background work (db/budget.ts)
  app.addHook('onResponse', (request, _reply, done) => {
    budgetsOf.get(request)?.forEach(endBudget);
    done();
  });
}
