/**
 * The escalation loop of a node (issue 25 item 3): every tick (1 s by default) it plans the chains of new
 * alerts and takes the due steps (runner.ts). Every node runs it; the row locks make each step run once.
 *
 * It runs outside any HTTP call's database budget (`runWithoutBudget`): a loop started from a request's
 * context would inherit the request's deadline and have its connection cut (a past bug with the delta push).
 * It skips its rounds while the database monitor says the node cannot serve, never runs two rounds at once,
 * and a failed round is logged (a warning when the database is away) and retried at the next tick.
 */
import { runWithoutBudget } from '../../../db/budget.js';
import { isDatabaseUnavailable } from '../../../db/availability.js';
import { planChains, takeDueSteps, type EscalationDeps } from './runner.js';

export const ESCALATION_TICK_MS = 1000;

export interface EscalationLoopOptions {
  everyMs?: number;
  now?: () => Date;
  serving?: () => boolean;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** One round: plan, then take; returns the counts. */
export async function escalationRound(deps: EscalationDeps, now: Date) {
  const planned = await planChains(deps, now);
  const taken = await takeDueSteps(deps, now);
  return { planned, taken };
}

export function startEscalationLoop(deps: EscalationDeps, opts: EscalationLoopOptions = {}): () => void {
  const now = opts.now ?? (() => new Date());
  let running = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped || (opts.serving && !opts.serving())) return;
    running = true;
    void runWithoutBudget(() => escalationRound(deps, now()))
      .catch((err: unknown) => {
        const level = isDatabaseUnavailable(err) ? 'warn' : 'error';
        if (opts.log) opts.log[level]({ err }, 'alert escalation round failed');
        else console.error('[panel] alert escalation', err);
      })
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, opts.everyMs ?? ESCALATION_TICK_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
