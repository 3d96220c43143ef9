import { describe, expect, it } from 'vitest';
import { alertDecision, type AlertContext, type AlertEvent } from '../events/alerts';
import type { AlertEscalation } from './escalation';
import {
  DEFAULT_ESCALATION_TIMES,
  dueTimes,
  escalationAfter,
  escalationLine,
  escalationRuleErrors,
  escalationSmsText,
  isEscalatedToCentral,
  plannedEscalation,
  ruleFor,
  stoppedEscalation,
  takesEscalation,
  type RuleLike,
} from './escalationRules';

const rule = (patch: Partial<RuleLike>): RuleLike => ({
  categoryId: 1,
  baseId: null,
  t1: 30,
  t2: 90,
  t3: 150,
  enabled: true,
  smsNumbers: [],
  ...patch,
});

describe('ruleFor: the most specific rule wins', () => {
  it('uses the NFPA 1225 defaults without a rule', () => {
    expect(ruleFor([], 1, 3)).toEqual({ t1: 60, t2: 120, t3: 180, enabled: true, smsNumbers: [], source: 'default' });
  });
  it('takes the category rule for every base, and the base rule over it', () => {
    const rules = [rule({ t1: 30 }), rule({ baseId: 3, t1: 10, t2: 20, t3: 30, smsNumbers: ['601123456'] })];
    expect(ruleFor(rules, 1, 4)).toMatchObject({ t1: 30, source: 'category' });
    expect(ruleFor(rules, 1, 3)).toMatchObject({ t1: 10, t2: 20, t3: 30, smsNumbers: ['601123456'], source: 'base' });
    expect(ruleFor(rules, 2, 3).source).toBe('default');
  });
  it('keeps a switched-off rule switched off', () => {
    expect(ruleFor([rule({ enabled: false })], 1, 3).enabled).toBe(false);
  });
});

describe('dueTimes', () => {
  const start = new Date('2026-11-28T10:00:00Z');
  it('plans three steps for a unit alert', () => {
    expect(dueTimes(start, DEFAULT_ESCALATION_TIMES, 3).map((d) => [d.step, d.dueAt.toISOString()])).toEqual([
      [1, '2026-11-28T10:01:00.000Z'],
      [2, '2026-11-28T10:02:00.000Z'],
      [3, '2026-11-28T10:03:00.000Z'],
    ]);
  });
  it('skips the hand-over to the central dispatch for the central base itself', () => {
    expect(dueTimes(start, DEFAULT_ESCALATION_TIMES, 2).map((d) => d.step)).toEqual([1, 3]);
  });
});

describe('the chain state on the alert', () => {
  it('grows step by step and stops with nothing next', () => {
    let e: AlertEscalation = plannedEscalation({ step: 1, at: '2026-11-28 11:01:00' });
    expect(isEscalatedToCentral({ escalation: e })).toBe(false);
    e = escalationAfter(
      e,
      { step: 1, at: '2026-11-28 11:01:00', detail: null },
      { step: 2, at: '2026-11-28 11:02:00' },
    );
    e = escalationAfter(e, { step: 2, at: '2026-11-28 11:02:01', detail: 'x' }, { step: 3, at: 'y' }, 'PHA nepřijala');
    expect(e.step).toBe(2);
    expect(e.reason).toBe('PHA nepřijala');
    expect(isEscalatedToCentral({ escalation: e })).toBe(true);
    const stopped = stoppedEscalation(e);
    expect(stopped?.next).toBeNull();
    expect(stopped?.taken.map((t) => t.step)).toEqual([1, 2]);
    expect(stoppedEscalation(null)).toBeNull();
  });
  it('describes what happened and what comes next for the card', () => {
    const e = escalationAfter(
      plannedEscalation(null),
      { step: 1, at: '2026-11-28 11:01:00', detail: null },
      { step: 2, at: '2026-11-28 11:02:00' },
    );
    expect(escalationLine(e)).toEqual({
      taken: [{ step: 1, label: 'znovu zaznělo', at: '2026-11-28 11:01:00', detail: null }],
      next: { step: 2, label: 'eskalace na centrální dispečink', at: '2026-11-28 11:02:00' },
    });
    expect(escalationLine(plannedEscalation(null))).toBeNull();
  });
});

describe('who takes an escalated alert', () => {
  const event = (escalation: AlertEscalation | null): AlertEvent => ({
    eventStateId: 0,
    deviceId: 7,
    baseId: 3,
    eventToBase: [],
    alert: { title: 'Požár', subtitle: null, description: null, escalation },
  });
  const dzin = { code: 'DZIN-EVENT', type: 'event', alert: 1 };
  const ctx = (user: AlertContext['user'], deviceId = 1): AlertContext => ({
    loaded: true,
    category: dzin,
    user,
    deviceId,
  });
  const escalated = escalationAfter(null, { step: 2, at: 'x', detail: null }, null, 'r');
  const centralNoGroup = { baseId: 2, groups: [] };
  it('a DZIN unit alert reaches the central base without a group only once escalated', () => {
    expect(alertDecision(event(null), ctx(centralNoGroup))).toEqual({ raise: false, reason: 'dzin-group' });
    expect(alertDecision(event(escalated), ctx(centralNoGroup))).toEqual({ raise: true });
  });
  it('the escalated alert sounds also on the COIS device that created it', () => {
    const cois = { baseId: 5, groups: ['COIS'] };
    expect(alertDecision(event(null), ctx(cois, 7))).toEqual({ raise: false, reason: 'own-device' });
    expect(alertDecision(event(escalated), ctx(cois, 7))).toEqual({ raise: true });
  });
  it('does not open the gate for another unit or an accepted event', () => {
    expect(takesEscalation({ baseId: 4, groups: [] })).toBe(false);
    expect(alertDecision(event(escalated), ctx({ baseId: 4, groups: [] }))).toEqual({
      raise: false,
      reason: 'dzin-group',
    });
    expect(alertDecision({ ...event(escalated), eventStateId: 1 }, ctx(centralNoGroup)).raise).toBe(false);
  });
});

describe('escalationSmsText', () => {
  it('names the code, title and address', () => {
    expect(escalationSmsText({ code: 'PHA-1', title: 'Požár vagonu', address: 'Praha hl.n.' })).toBe(
      'PHA-1 Požár vagonu: Praha hl.n.. Nepřijato, volejte dispečink.',
    );
  });
  it('stays within 155 characters, the address giving way', () => {
    const text = escalationSmsText({ code: 'PHA-1', title: 'Požár', address: 'x'.repeat(300) });
    expect(text.length).toBeLessThanOrEqual(155);
    expect(text).toMatch(/^PHA-1 Požár: x+…\. Nepřijato/);
  });
});

describe('escalationRuleErrors', () => {
  it('accepts a good rule', () => {
    expect(escalationRuleErrors({ categoryId: 1, baseId: null, t1: 60, t2: 120, t3: 180 })).toEqual([]);
  });
  it('refuses bad times, their order and bad numbers in Czech', () => {
    expect(escalationRuleErrors({ categoryId: 'x', t1: 0, t2: 1.5, t3: 99999 })).toEqual([
      { field: 'categoryId', message: 'Vyberte kategorii události.' },
      { field: 't1', message: 'Zadejte celý počet sekund od 1 do 3600.' },
      { field: 't2', message: 'Zadejte celý počet sekund od 1 do 3600.' },
      { field: 't3', message: 'Zadejte celý počet sekund od 1 do 3600.' },
    ]);
    expect(escalationRuleErrors({ categoryId: 1, t1: 60, t2: 60, t3: 30 })).toEqual([
      { field: 't2', message: 'T2 musí být později než T1.' },
      { field: 't3', message: 'T3 musí být později než T2.' },
    ]);
    const [numbers] = escalationRuleErrors({ categoryId: 1, t1: 1, t2: 2, t3: 3, smsNumbers: ['12'] });
    expect(numbers?.field).toBe('smsNumbers');
  });
});
