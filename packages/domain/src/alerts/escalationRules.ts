/**
 * Escalation rules (issue 25 item 3), pure: which rule applies to an alert, the chain's due times, the state the
 * server writes on the alert after each step, who hears an escalated alert, the SMS text and what the alert card
 * says. The server enforces them (modules/alerts/escalation), the panel shows them (features/alerts).
 *
 * Readings:
 * - Defaults follow NFPA 1225's 60 s alarm-processing target: a second sound at 60 s, the central dispatch at
 *   120 s, an SMS at 180 s. A rule of (category, base) beats the category's rule for every base (base null);
 *   without either the defaults apply. A rule switched off stops escalation for its alerts.
 * - Step 2 hands a *unit's* alert to the central dispatch: an alert of the central base itself has nobody above
 *   it, so its chain is steps 1 and 3.
 * - The spec has no duty numbers: the rule carries them (`smsNumbers`), else the unit's phone (bases.phone).
 */
import { ROLE_ADMIN } from '../auth/permissions';
import type { AppAbility } from '../auth/permissions';
import { CENTRAL_BASE_ID, SMS_MAX } from '../constants/index';
import { smsNumberError } from '../contacts/rules';
import type { FieldError } from '../http/fieldErrors';
import type { AlertEscalation, EscalationRule, EscalationStep, EscalationTaken } from './escalation';
import { escalationTexts } from './texts';

export const DEFAULT_ESCALATION_TIMES = { t1: 60, t2: 120, t3: 180 } as const;
/** the longest chain an administrator may set: one hour */
export const MAX_ESCALATION_SECONDS = 3600;
/** the group that takes an escalated unit alert (central dispatch) */
export const ESCALATION_GROUP = 'COIS';

export interface EscalationTimes {
  t1: number;
  t2: number;
  t3: number;
}

export type RuleLike = Pick<EscalationRule, 'categoryId' | 'baseId' | 't1' | 't2' | 't3' | 'enabled' | 'smsNumbers'>;

export interface AppliedRule extends EscalationTimes {
  enabled: boolean;
  smsNumbers: string[];
  /** which rule it is: 'base' (category and base), 'category' (every base), 'default' */
  source: 'base' | 'category' | 'default';
}

/** The rule of an alert of `categoryId` at `baseId`: the (category, base) rule, else the category's, else defaults. */
export function ruleFor(rules: readonly RuleLike[], categoryId: number, baseId: number | null): AppliedRule {
  const own = baseId == null ? undefined : rules.find((r) => r.categoryId === categoryId && r.baseId === baseId);
  const all = rules.find((r) => r.categoryId === categoryId && r.baseId == null);
  const rule = own ?? all;
  if (!rule) return { ...DEFAULT_ESCALATION_TIMES, enabled: true, smsNumbers: [], source: 'default' };
  return {
    t1: rule.t1,
    t2: rule.t2,
    t3: rule.t3,
    enabled: rule.enabled,
    smsNumbers: [...rule.smsNumbers],
    source: own ? 'base' : 'category',
  };
}

/** The steps of a chain: a unit's alert has all three, the central base's own skips the hand-over (step 2). */
export const chainSteps = (baseId: number | null): EscalationStep[] =>
  baseId === CENTRAL_BASE_ID ? [1, 3] : [1, 2, 3];

/** When each step falls due after the alert's time. */
export function dueTimes(
  start: Date,
  times: EscalationTimes,
  baseId: number | null,
): { step: EscalationStep; dueAt: Date }[] {
  const seconds: Record<EscalationStep, number> = { 1: times.t1, 2: times.t2, 3: times.t3 };
  return chainSteps(baseId).map((step) => ({ step, dueAt: new Date(start.getTime() + seconds[step] * 1000) }));
}

/**
 * Who sets the escalation rules: role admin, or the server permission string `escalation.manage` an
 * administrator grants (as `user.unlock` for the login throttle).
 */
export const canManageEscalation = (ability: AppAbility, user: { roles?: readonly string[] | null }): boolean =>
  (user.roles ?? []).includes(ROLE_ADMIN) || ability.can('manage', 'Escalation');

/** The chain's state when it is planned: nothing taken, the first step next. */
export function plannedEscalation(first: { step: EscalationStep; at: string } | null): AlertEscalation {
  return { step: 0, taken: [], next: first, reason: null };
}

/** The chain's state after a step was taken; `next` is the following due step (null: the chain is over). */
export function escalationAfter(
  previous: AlertEscalation | null | undefined,
  taken: EscalationTaken,
  next: { step: EscalationStep; at: string } | null,
  reason?: string | null,
): AlertEscalation {
  const before = previous ?? plannedEscalation(null);
  return {
    step: Math.max(before.step, taken.step),
    taken: [...before.taken.filter((t) => t.step !== taken.step), taken].sort((a, b) => a.step - b.step),
    next,
    reason: reason ?? before.reason,
  };
}

/** The chain stopped (accepted, closed): what happened stays, nothing comes next. */
export function stoppedEscalation(escalation: AlertEscalation | null | undefined): AlertEscalation | null {
  return escalation ? { ...escalation, next: null } : null;
}

/** The reason the central dispatch reads on the escalated card. */
export const escalationReason = (baseName: string, seconds: number): string =>
  escalationTexts.reason(baseName, seconds);

/** The alert went to the central dispatch (step 2 taken). */
export const isEscalatedToCentral = (alert: { escalation?: AlertEscalation | null } | null | undefined): boolean =>
  (alert?.escalation?.taken ?? []).some((t) => t.step === 2);

/** Users who take an escalated unit alert: group COIS or the central base. */
export const takesEscalation = (user: { baseId: number | null; groups?: readonly string[] | null } | null): boolean =>
  !!user && (user.baseId === CENTRAL_BASE_ID || (user.groups ?? []).includes(ESCALATION_GROUP));

/** The SMS of step 3: '{code} {title}: {address}. Nepřijato' within 155 characters, the address giving way. */
export function escalationSmsText(event: {
  code: string | null;
  title: string | null;
  address: string | null;
}): string {
  const head = [event.code, event.title].filter((s) => s?.trim()).join(' ');
  const tail = escalationTexts.smsTail;
  const address = event.address?.trim() ?? '';
  const build = (a: string) => `${[head, a].filter(Boolean).join(': ')}. ${tail}`;
  const full = build(address);
  if (full.length <= SMS_MAX) return full;
  const room = SMS_MAX - build('').length - 2;
  const cutAddress = room > 1 ? `${address.slice(0, room - 1).trimEnd()}…` : '';
  const text = build(cutAddress);
  return text.length <= SMS_MAX ? text : `${text.slice(0, SMS_MAX - 1)}…`;
}

const isWholeSeconds = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The 422 errors of a rule's body (Czech); empty when fine. Category and base existence: the server's. */
export function escalationRuleErrors(body: {
  categoryId?: unknown;
  baseId?: unknown;
  t1?: unknown;
  t2?: unknown;
  t3?: unknown;
  enabled?: unknown;
  smsNumbers?: unknown;
}): FieldError[] {
  const errors: FieldError[] = [];
  if (!isWholeSeconds(body.categoryId)) errors.push({ field: 'categoryId', message: escalationTexts.categoryRequired });
  if (body.baseId != null && !isWholeSeconds(body.baseId)) {
    errors.push({ field: 'baseId', message: escalationTexts.baseInvalid });
  }
  const times = (['t1', 't2', 't3'] as const).map((k) => [k, body[k]] as const);
  for (const [field, v] of times) {
    if (!isWholeSeconds(v) || v < 1 || v > MAX_ESCALATION_SECONDS) {
      errors.push({ field, message: escalationTexts.timeRange(MAX_ESCALATION_SECONDS) });
    }
  }
  const [t1, t2, t3] = times.map(([, v]) => v);
  if (!errors.some((e) => e.field === 't2') && isWholeSeconds(t1) && isWholeSeconds(t2) && t2 <= t1) {
    errors.push({ field: 't2', message: escalationTexts.timeOrder('T2', 'T1') });
  }
  if (!errors.some((e) => e.field === 't3') && isWholeSeconds(t2) && isWholeSeconds(t3) && t3 <= t2) {
    errors.push({ field: 't3', message: escalationTexts.timeOrder('T3', 'T2') });
  }
  if (body.enabled !== undefined && typeof body.enabled !== 'boolean') {
    errors.push({ field: 'enabled', message: escalationTexts.enabledInvalid });
  }
  if (body.smsNumbers !== undefined) {
    const list = body.smsNumbers;
    if (!Array.isArray(list) || list.some((n) => typeof n !== 'string')) {
      errors.push({ field: 'smsNumbers', message: escalationTexts.numbersInvalid });
    } else if (list.length > 5) {
      errors.push({ field: 'smsNumbers', message: escalationTexts.tooManyNumbers(5) });
    } else {
      const bad = (list as string[]).map((n) => [n, smsNumberError(n)] as const).find(([, e]) => e);
      if (bad) errors.push({ field: 'smsNumbers', message: `${bad[0]}: ${bad[1]}` });
    }
  }
  return errors;
}

/** What the alert card says of the chain: the steps taken with their times, the next one and when. */
export interface EscalationLine {
  taken: { step: EscalationStep; label: string; at: string; detail: string | null }[];
  next: { step: EscalationStep; label: string; at: string } | null;
}

export function escalationLine(escalation: AlertEscalation | null | undefined): EscalationLine | null {
  if (!escalation || (escalation.taken.length === 0 && !escalation.next)) return null;
  return {
    taken: escalation.taken.map((t) => ({
      step: t.step,
      label: escalationTexts.taken[t.step],
      at: t.at,
      detail: t.detail,
    })),
    next: escalation.next
      ? { step: escalation.next.step, label: escalationTexts.next[escalation.next.step], at: escalation.next.at }
      : null,
  };
}
