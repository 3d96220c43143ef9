/**
 * The escalation chain of alerts nobody accepts (issue 25 item 3), one node's part. Two functions a loop calls
 * (loop.ts) with the time, so tests drive them with a fake clock:
 *
 * - `planChains(deps, now)`: an alert waiting in state 0 (inserted within the last hour, bearing an alert by the
 *   domain's `bearsAlert`) without chain rows gets them: one row per step with its due time from the rule
 *   (`ruleFor`, `dueTimes`, counted from the event's insertion on the server), and `alert.escalation` says
 *   what comes next. Inserted with ON CONFLICT DO NOTHING: with two nodes the one whose rows went in writes the
 *   alert, the other does nothing.
 * - `takeDueSteps(deps, now)`: each step due and not done is taken in a command that locks the event row and
 *   then the step row, both `FOR UPDATE SKIP LOCKED`: a row another node (or an accept) holds is left for the
 *   next round, never waited for, so two nodes never both take a step and never deadlock with an accept (which
 *   locks the event, then closes the steps). The step is re-read under the lock (`done_at is null`), so a step a
 *   node finished a moment ago is not taken again. Steps of one event go in order.
 *
 * Each step writes the chain's state onto the alert (`changed('events')`: every panel learns it by the normal
 * push), a journal row `alert.escalation` with its time, and marks the row done with the node's name.
 */
import os from 'node:os';
import { and, asc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  dueTimes,
  escalationAfter,
  escalationReason,
  escalationSmsText,
  escalationTexts,
  plannedEscalation,
  ruleFor,
  type EscalationStep,
} from '@panel/domain/alerts';
import { smsNumberError } from '@panel/domain/contacts';
import { ALERT_STATE } from '@panel/domain/constants';
import { bearsAlert } from '@panel/domain/events';
import { normalizeContactNumber, toInternationalNumber, toWireTime } from '@panel/domain/locale';
import type { EventAlert } from '@panel/domain/sync';
import { queryRows, type Tx } from '../../../db/client.js';
import { alertEscalationSteps, bases, eventCategories, events } from '../../../db/schema/index.js';
import { smsProvider } from '../../../integrations/sms/index.js';
import { runCommand, type ChangeRecorder, type CommandDeps } from '../../../sync/commands.js';
import { pushAlert } from '../../webPush/notify.js';
import { loadRules } from './rules.js';

export interface EscalationDeps extends CommandDeps {
  smsGatewayUrl?: string | null;
  /** this node's name on the steps it takes */
  node?: string;
  /** after a step committed and was pushed (tests) */
  afterStep?: (eventId: number, step: EscalationStep) => void;
}

/** alerts older than this when first seen get no chain (events from before the feature, a long outage) */
const PLAN_WINDOW_MS = 60 * 60_000;
const BATCH = 50;
/** the chain's writes are the server's own: no user, no device */
const SYSTEM = { userId: null, deviceId: null };

export const nodeName = () => `${os.hostname()}:${process.pid}`;

interface EventRowLite {
  id: number;
  event_state_id: number;
  base_id: number | null;
  event_category_id: number;
  alert: EventAlert | null;
  code: string | null;
  address: string | null;
}

/** Plans the chains of new alerts; returns how many it planned. */
export async function planChains(deps: EscalationDeps, now: Date): Promise<number> {
  const planned = sql`exists (select 1 from ${alertEscalationSteps} s where s.event_id = ${events.id})`;
  const rows = await deps.db
    .select({
      id: events.id,
      baseId: events.baseId,
      categoryId: events.eventCategoryId,
      eventStateId: events.eventStateId,
      deviceId: events.deviceId,
      alert: events.alert,
      insertedAt: events.insertedAt,
      category: { code: eventCategories.code, type: eventCategories.type, alert: eventCategories.alert },
    })
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.eventCategoryId))
    .where(
      and(
        eq(events.eventStateId, ALERT_STATE),
        eq(eventCategories.alert, 1),
        gt(events.insertedAt, new Date(now.getTime() - PLAN_WINDOW_MS)),
        sql`not ${planned}`,
      ),
    )
    .orderBy(asc(events.id))
    .limit(BATCH);
  const candidates = rows.filter((r) => {
    const alert = r.alert as EventAlert | null;
    return !alert?.acceptedBy && bearsAlert({ ...r, alert }, r.category);
  });
  if (candidates.length === 0) return 0;
  const rules = await loadRules(deps.db);
  let count = 0;
  for (const r of candidates) {
    const rule = ruleFor(rules, r.categoryId, r.baseId);
    if (!rule.enabled) continue;
    const due = dueTimes(r.insertedAt, rule, r.baseId);
    const done = await runCommand(
      deps,
      SYSTEM,
      { type: 'alert.escalation.plan', eventId: r.id, keepsUnits: true },
      async (tx, rec) => {
        const inserted = await tx
          .insert(alertEscalationSteps)
          .values(due.map((d) => ({ eventId: r.id, step: d.step, dueAt: d.dueAt })))
          .onConflictDoNothing()
          .returning({ id: alertEscalationSteps.id });
        if (inserted.length === 0) return false; // another node planned it
        const event = await lockEvent(tx, r.id, false);
        if (!event || event.event_state_id !== ALERT_STATE || !event.alert) return true;
        const first = due[0]!;
        const alert = {
          ...event.alert,
          escalation: plannedEscalation({ step: first.step, at: toWireTime(first.dueAt) }),
        };
        await tx.update(events).set({ alert }).where(eq(events.id, r.id));
        rec.changed('events', r.id);
        return true;
      },
    );
    if (done) count++;
  }
  return count;
}

/** The event row under a lock; `skip`: null when another transaction holds it. */
async function lockEvent(tx: Tx, id: number, skip: boolean): Promise<EventRowLite | null> {
  const rows = await queryRows<EventRowLite>(
    tx,
    sql`select id, event_state_id, base_id, event_category_id, alert, code, address from events where id = ${id}
        for update ${skip ? sql`skip locked` : sql``}`,
  );
  return rows[0] ?? null;
}

/** Takes the steps due by `now`; returns how many it took. */
export async function takeDueSteps(deps: EscalationDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: alertEscalationSteps.id, eventId: alertEscalationSteps.eventId })
    .from(alertEscalationSteps)
    .where(and(isNull(alertEscalationSteps.doneAt), lte(alertEscalationSteps.dueAt, now)))
    .orderBy(asc(alertEscalationSteps.dueAt), asc(alertEscalationSteps.step))
    .limit(BATCH);
  let count = 0;
  for (const d of due) {
    const taken = await takeStep(deps, d.id, d.eventId, now);
    if (taken) {
      count++;
      postStep(deps, d.eventId, taken);
    }
  }
  return count;
}

/**
 * Work after a step committed, outside its transaction.
 */
function postStep(deps: EscalationDeps, eventId: number, step: EscalationStep): void {
  // closed and sleeping panels hear it through Web Push: step 1 reminds, 2 and 3 escalate (COIS too)
  pushAlert(deps, eventId, step === 1 ? 'reminder' : 'escalation');
  deps.afterStep?.(eventId, step);
}

interface StepRow {
  id: number;
  step: EscalationStep;
  due_at: Date;
}

async function takeStep(deps: EscalationDeps, stepId: number, eventId: number, now: Date) {
  return runCommand(
    deps,
    SYSTEM,
    { type: 'alert.escalation', eventId, keepsUnits: true },
    async (tx, rec): Promise<EscalationStep | null> => {
      const event = await lockEvent(tx, eventId, true);
      if (!event) return null; // another node's step or an accept holds it: the next round decides
      const [step] = await queryRows<StepRow>(
        tx,
        sql`select id, step, due_at from alert_escalation_steps where id = ${stepId} and done_at is null
            for update skip locked`,
      );
      if (!step) return null;
      const alert = event.alert;
      if (event.event_state_id !== ALERT_STATE || !alert || alert.acceptedBy) {
        // accepted or closed by a path that did not close the chain: nothing more to do
        await tx
          .update(alertEscalationSteps)
          .set({ doneAt: now, outcome: 'stopped', node: deps.node ?? nodeName() })
          .where(and(eq(alertEscalationSteps.eventId, eventId), isNull(alertEscalationSteps.doneAt)));
        return null;
      }
      const earlier = await tx
        .select({ id: alertEscalationSteps.id })
        .from(alertEscalationSteps)
        .where(
          and(
            eq(alertEscalationSteps.eventId, eventId),
            isNull(alertEscalationSteps.doneAt),
            lt(alertEscalationSteps.step, step.step),
          ),
        );
      if (earlier.length) return null; // steps of one event go in order
      const detail = await perform(deps, tx, rec, event, step.step, now);
      await tx
        .update(alertEscalationSteps)
        .set({ doneAt: now, outcome: 'taken', node: deps.node ?? nodeName() })
        .where(eq(alertEscalationSteps.id, step.id));
      const [next] = await tx
        .select({ step: alertEscalationSteps.step, dueAt: alertEscalationSteps.dueAt })
        .from(alertEscalationSteps)
        .where(and(eq(alertEscalationSteps.eventId, eventId), isNull(alertEscalationSteps.doneAt)))
        .orderBy(asc(alertEscalationSteps.step))
        .limit(1);
      const at = toWireTime(now);
      const escalation = escalationAfter(
        alert.escalation,
        { step: step.step, at, detail: detail.text },
        next ? { step: next.step as EscalationStep, at: toWireTime(next.dueAt) } : null,
        detail.reason,
      );
      await tx
        .update(events)
        .set({ alert: { ...alert, escalation } })
        .where(eq(events.id, eventId));
      rec.changed('events', eventId);
      rec.journal({
        table: 'alert_escalation_steps',
        data: { step: step.step, at, dueAt: toWireTime(step.due_at), detail: detail.text, ...detail.journal },
      });
      return step.step;
    },
  );
}

interface StepOutcome {
  text: string | null;
  reason: string | null;
  journal: Record<string, unknown>;
}

/** What a step does beyond the alert's state: the reason of step 2, the SMS of step 3. */
async function perform(
  deps: EscalationDeps,
  tx: Tx,
  rec: ChangeRecorder,
  event: EventRowLite,
  step: EscalationStep,
  now: Date,
): Promise<StepOutcome> {
  if (step === 1) return { text: null, reason: null, journal: {} };
  const [base] = event.base_id == null ? [] : await tx.select().from(bases).where(eq(bases.id, event.base_id)).limit(1);
  const rule = ruleFor(await loadRules(tx), event.event_category_id, event.base_id);
  if (step === 2) {
    const reason = escalationReason(base?.name || base?.code || '?', rule.t2);
    // the central dispatch channels hear of it with the event (they see every event) — the panels' rule does
    // the rest (domain alertDecision: an escalated alert reaches group COIS and the central base)
    return { text: reason, reason, journal: { group: 'COIS' } };
  }
  const numbers = rule.smsNumbers.length > 0 ? rule.smsNumbers : base?.phone ? [base.phone] : [];
  const valid = numbers.map((n) => normalizeContactNumber(n)).filter((n) => !smsNumberError(n));
  if (valid.length === 0) return { text: escalationTexts.noNumbers, reason: null, journal: { sms: [] } };
  const content = escalationSmsText({ code: event.code, title: event.alert?.title ?? null, address: event.address });
  const provider = smsProvider(tx, deps.smsGatewayUrl);
  const sent: { to: string; ok: boolean; detail: string | null }[] = [];
  for (const number of valid) {
    // a gateway is called inside the step's transaction: the event stays locked (accepts wait, ≤ 10 s a number)
    // so the SMS and its journal row commit together, as the contacts' SMS does
    const result = await provider.send({
      number,
      to: toInternationalNumber(number),
      content,
      baseUid: base?.uid ?? '',
      eventId: event.id,
      userId: null,
      at: now.toISOString(),
    });
    sent.push({ to: toInternationalNumber(number), ok: result.ok, detail: result.detail });
  }
  rec.touchBases(event.base_id);
  const ok = sent.filter((s) => s.ok).map((s) => s.to);
  const failed = sent.find((s) => !s.ok);
  const text = ok.length
    ? escalationTexts.smsTo(ok.join(', '))
    : escalationTexts.smsFailed(failed?.detail ?? escalationTexts.noNumbers);
  return { text, reason: null, journal: { sms: sent, content, via: provider.kind } };
}
