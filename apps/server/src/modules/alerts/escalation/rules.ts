/**
 * The administrator's escalation rules (issue 25 item 3): list, create, replace, delete. Each write is a
 * command (journaled, no bundle table changes: the panels do not sync the rules, the admin dialog reads them).
 * Validation: the domain's `escalationRuleErrors` (Czech 422), then the category and base must exist and the
 * (category, base) pair be free.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  DEFAULT_ESCALATION_TIMES,
  escalationRuleErrors,
  escalationTexts,
  type EscalationRule,
  type EscalationRuleBody,
  type EscalationRuleList,
} from '@panel/domain/alerts';
import { normalizeContactNumber, toWireTime } from '@panel/domain/locale';
import type { Queryable } from '../../../db/client.js';
import { alertEscalationRules, bases, eventCategories } from '../../../db/schema/index.js';
import { notFound, unprocessable } from '../../../errors.js';
import type { FieldError } from '../../../texts.js';
import { runCommand, type CommandDeps } from '../../../sync/commands.js';
import type { Auth } from '../../events/access.js';

type RuleRow = typeof alertEscalationRules.$inferSelect;

export const presentRule = (r: RuleRow): EscalationRule => ({
  id: r.id,
  categoryId: r.categoryId,
  baseId: r.baseId ?? null,
  t1: r.t1,
  t2: r.t2,
  t3: r.t3,
  enabled: r.enabled,
  smsNumbers: r.smsNumbers ?? [],
  updatedAt: toWireTime(r.updatedAt),
});

export async function loadRules(q: Queryable): Promise<RuleRow[]> {
  return q.select().from(alertEscalationRules).orderBy(alertEscalationRules.categoryId, alertEscalationRules.id);
}

export async function listRules(q: Queryable): Promise<EscalationRuleList> {
  return { rules: (await loadRules(q)).map(presentRule), defaults: { ...DEFAULT_ESCALATION_TIMES } };
}

interface CleanRule {
  categoryId: number;
  baseId: number | null;
  t1: number;
  t2: number;
  t3: number;
  enabled: boolean;
  smsNumbers: string[];
}

/** The body checked (422 with Czech messages) against the domain rule and the catalogues. */
async function validate(q: Queryable, body: EscalationRuleBody, id: number | null): Promise<CleanRule> {
  const errors: FieldError[] = escalationRuleErrors(body);
  if (errors.length) throw unprocessable(errors);
  const rule: CleanRule = {
    categoryId: body.categoryId as number,
    baseId: (body.baseId as number | null | undefined) ?? null,
    t1: body.t1 as number,
    t2: body.t2 as number,
    t3: body.t3 as number,
    enabled: (body.enabled as boolean | undefined) ?? true,
    smsNumbers: ((body.smsNumbers as string[] | undefined) ?? []).map((n) => normalizeContactNumber(n)),
  };
  const [category] = await q
    .select({ id: eventCategories.id })
    .from(eventCategories)
    .where(eq(eventCategories.id, rule.categoryId));
  if (!category) errors.push({ field: 'categoryId', message: escalationTexts.categoryUnknown });
  if (rule.baseId != null) {
    const [base] = await q.select({ id: bases.id }).from(bases).where(eq(bases.id, rule.baseId));
    if (!base) errors.push({ field: 'baseId', message: escalationTexts.baseUnknown });
  }
  const samePair = and(
    eq(alertEscalationRules.categoryId, rule.categoryId),
    rule.baseId == null ? isNull(alertEscalationRules.baseId) : eq(alertEscalationRules.baseId, rule.baseId),
    id == null ? undefined : ne(alertEscalationRules.id, id),
  );
  const [taken] = await q.select({ id: alertEscalationRules.id }).from(alertEscalationRules).where(samePair);
  if (taken) errors.push({ field: 'baseId', message: escalationTexts.duplicate });
  if (errors.length) throw unprocessable(errors);
  return rule;
}

const actor = (auth: Auth) => ({ userId: auth.user.id, deviceId: auth.deviceId });

export async function createRule(deps: CommandDeps, auth: Auth, body: EscalationRuleBody): Promise<EscalationRule> {
  return runCommand(deps, actor(auth), { type: 'alert.escalationRule.create' }, async (tx, rec) => {
    const rule = await validate(tx, body, null);
    const [row] = await tx.insert(alertEscalationRules).values(rule).returning();
    rec.journal({ table: 'alert_escalation_rules', data: { id: row!.id, ...rule } });
    return presentRule(row!);
  });
}

export async function replaceRule(
  deps: CommandDeps,
  auth: Auth,
  id: number,
  body: EscalationRuleBody,
): Promise<EscalationRule> {
  return runCommand(deps, actor(auth), { type: 'alert.escalationRule.update' }, async (tx, rec) => {
    const [before] = await tx.select().from(alertEscalationRules).where(eq(alertEscalationRules.id, id)).for('update');
    if (!before) throw notFound(escalationTexts.notFound);
    const rule = await validate(tx, body, id);
    const [row] = await tx
      .update(alertEscalationRules)
      .set({ ...rule, updatedAt: new Date() })
      .where(eq(alertEscalationRules.id, id))
      .returning();
    rec.journal({ table: 'alert_escalation_rules', data: { id, old: presentRule(before), new: rule } });
    return presentRule(row!);
  });
}

export async function deleteRule(deps: CommandDeps, auth: Auth, id: number): Promise<void> {
  await runCommand(deps, actor(auth), { type: 'alert.escalationRule.delete' }, async (tx, rec) => {
    const [gone] = await tx.delete(alertEscalationRules).where(eq(alertEscalationRules.id, id)).returning();
    if (!gone) throw notFound(escalationTexts.notFound);
    rec.journal({ table: 'alert_escalation_rules', data: { id, old: presentRule(gone) } });
  });
}
