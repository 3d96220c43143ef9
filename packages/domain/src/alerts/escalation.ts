/**
 * Escalation when nobody accepts an alert (issue 25 item 3): the wire shapes. The rules are in
 * `escalationRules.ts`, the Czech texts in `texts.ts` (`escalationTexts`).
 *
 * A chain has three steps after the alert's time, per alert rule (category, base): 1 the alert sounds again on
 * every panel that may accept it, 2 a unit's alert goes to the central dispatch (group COIS) with the reason,
 * 3 an SMS goes to the unit's duty numbers. Accepting stops it. The server keeps the due steps in the database
 * and writes the chain's state onto the event's alert (`alert.escalation`), so every panel learns of each step
 * by the ordinary sync/push.
 */
import { z } from 'zod';

/** 1 re-sound, 2 to the central dispatch, 3 SMS */
export const escalationStepSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type EscalationStep = z.infer<typeof escalationStepSchema>;

/** One step the server has taken: when, and what it did (the SMS numbers, the reason). */
export const escalationTakenSchema = z.object({
  step: escalationStepSchema,
  /** wire time */
  at: z.string(),
  detail: z.string().nullable(),
});

/** The chain's state on the event's alert (`alert.escalation`). */
export const alertEscalationSchema = z
  .object({
    /** the last step taken, 0 before the first */
    step: z.number().int().min(0).max(3),
    /** the steps taken, oldest first */
    taken: z.array(escalationTakenSchema),
    /** the next step and when it is due; null once the chain is over (all taken, accepted, or stopped) */
    next: z.object({ step: escalationStepSchema, at: z.string() }).nullable(),
    /** why the alert went to the central dispatch (step 2); null before */
    reason: z.string().nullable(),
  })
  .meta({ id: 'AlertEscalation' });
export type AlertEscalation = z.infer<typeof alertEscalationSchema>;
export type EscalationTaken = z.infer<typeof escalationTakenSchema>;

/** An escalation rule as the API answers it (GET /v2/alerts/escalation-rules). */
export const escalationRuleSchema = z
  .object({
    id: z.number().int(),
    categoryId: z.number().int(),
    /** null: the rule of the category for every base without its own */
    baseId: z.number().int().nullable(),
    /** seconds after the alert: re-sound, to the central dispatch, SMS */
    t1: z.number().int(),
    t2: z.number().int(),
    t3: z.number().int(),
    enabled: z.boolean(),
    /** the unit's duty numbers for the SMS (9 digits); empty: the base's phone */
    smsNumbers: z.array(z.string()),
    updatedAt: z.string(),
  })
  .meta({ id: 'AlertEscalationRule' });
export type EscalationRule = z.infer<typeof escalationRuleSchema>;

export const escalationRuleListSchema = z.object({
  rules: z.array(escalationRuleSchema),
  /** the times used where no rule applies (NFPA 1225: 60 s processing) */
  defaults: z.object({ t1: z.number(), t2: z.number(), t3: z.number() }),
});
export type EscalationRuleList = z.infer<typeof escalationRuleListSchema>;

/**
 * POST (create) and PUT /{id} (replace) body. Loose types on purpose: the Czech 422 messages come from
 * `escalationRuleErrors`, not from zod's English ones.
 */
export const escalationRuleBody = z.object({
  categoryId: z.unknown(),
  baseId: z.unknown().optional(),
  t1: z.unknown(),
  t2: z.unknown(),
  t3: z.unknown(),
  enabled: z.unknown().optional(),
  smsNumbers: z.unknown().optional(),
});
export type EscalationRuleBody = z.infer<typeof escalationRuleBody>;

export const escalationRuleParams = z.object({ id: z.coerce.number().int() });
