import { describe, expect, it } from 'vitest';
import { abilityWith, mngAbility } from '../auth/testing';
import {
  alertDecision,
  alertForNewEvent,
  bearsAlert,
  canAcceptAlert,
  isAddressee,
  leavesMissedCallTrace,
  type AlertCategory,
  type AlertContext,
  type AlertEvent,
} from './alerts';

const KOPIS: AlertCategory = { code: 'KOPIS', type: 'event', alert: 1 };
const CALL: AlertCategory = { code: 'DZIN-CALL', type: 'call', alert: 1 };
const DZIN: AlertCategory = { code: 'DZIN-EVENT', type: 'event', alert: 1 };
const PHA = 3;
const alerting = (patch: Partial<AlertEvent> = {}): AlertEvent => ({
  eventStateId: 0,
  deviceId: null,
  baseId: PHA,
  eventToBase: [],
  alert: { title: 'Požár', subtitle: null, description: null },
  ...patch,
});
const ctx = (patch: Partial<AlertContext> = {}): AlertContext => ({
  loaded: true,
  category: KOPIS,
  user: { baseId: PHA, groups: [] },
  deviceId: 11,
  ...patch,
});
const central = { baseId: 2, groups: ['COIS'] };
const mng = { baseId: 1, groups: ['MNG'] };
const otherUnit = { baseId: 4, groups: [] };

describe('alertDecision: one case per condition of 000 §4', () => {
  it('raises for a new event with an alert title of an alerting category', () => {
    expect(alertDecision(alerting(), ctx())).toEqual({ raise: true });
  });
  it('not before the data are loaded, not without the event or its alert title', () => {
    expect(alertDecision(alerting(), ctx({ loaded: false }))).toEqual({ raise: false, reason: 'not-loaded' });
    expect(alertDecision(null, ctx())).toEqual({ raise: false, reason: 'no-event' });
    expect(alertDecision(alerting({ alert: null }), ctx())).toEqual({ raise: false, reason: 'no-alert-title' });
    expect(alertDecision(alerting({ alert: { title: '', subtitle: null, description: null } }), ctx())).toMatchObject({
      reason: 'no-alert-title',
    });
  });
  it('not when the category has alerts off', () => {
    expect(alertDecision(alerting(), ctx({ category: { ...KOPIS, alert: 0 } }))).toEqual({
      raise: false,
      reason: 'category-alerts-off',
    });
  });
  it('DZIN categories: their own unit always, everybody else only in the groups COIS and MNG', () => {
    // addressed: the event's base, or one of its units
    expect(alertDecision(alerting(), ctx({ category: DZIN }))).toEqual({ raise: true });
    expect(alertDecision(alerting({ baseId: 9, eventToBase: [PHA] }), ctx({ category: DZIN }))).toEqual({
      raise: true,
    });
    expect(alertDecision(alerting(), ctx({ category: DZIN, user: otherUnit }))).toEqual({
      raise: false,
      reason: 'dzin-group',
    });
    expect(alertDecision(alerting(), ctx({ category: DZIN, user: { baseId: 2, groups: [] } }))).toMatchObject({
      reason: 'dzin-group',
    });
    expect(alertDecision(alerting(), ctx({ category: DZIN, user: central }))).toEqual({ raise: true });
    expect(alertDecision(alerting(), ctx({ category: DZIN, user: mng }))).toEqual({ raise: true });
  });
  it("not a call for base 2: a call of the central base alerts nobody; a unit's call alerts the unit and the central dispatch", () => {
    const centralCall = alerting({ baseId: 2 });
    for (const user of [central, mng, { baseId: 2, groups: ['COIS', 'MNG'] }]) {
      expect(alertDecision(centralCall, ctx({ category: CALL, user }))).toEqual({
        raise: false,
        reason: 'call-for-central-base',
      });
    }
    expect(alertDecision(centralCall, ctx({ category: CALL }))).toMatchObject({ raise: false });
    expect(alertDecision(alerting(), ctx({ category: CALL }))).toEqual({ raise: true });
    expect(alertDecision(alerting(), ctx({ category: CALL, user: central }))).toEqual({ raise: true });
    // a KOPIS event of the central base alerts the central base as before
    expect(alertDecision(alerting({ baseId: 2 }), ctx({ user: central }))).toEqual({ raise: true });
  });
  it('a call of the central base waiting in state 0 leaves a quiet trace where it would alert were it a unit call', () => {
    const centralCall = alerting({ baseId: 2 });
    expect(leavesMissedCallTrace(centralCall, ctx({ category: CALL, user: central }))).toBe(true);
    expect(leavesMissedCallTrace(centralCall, ctx({ category: CALL, user: mng }))).toBe(true);
    // the other conditions still hold: a unit that is not addressed, the device that made it, a taken call
    expect(leavesMissedCallTrace(centralCall, ctx({ category: CALL, user: otherUnit }))).toBe(false);
    expect(leavesMissedCallTrace(alerting({ baseId: 2, deviceId: 11 }), ctx({ category: CALL, user: central }))).toBe(
      false,
    );
    expect(
      leavesMissedCallTrace(alerting({ baseId: 2, eventStateId: 1 }), ctx({ category: CALL, user: central })),
    ).toBe(false);
    // not a central call: a unit's call alerts (no trace needed), a KOPIS event of base 2 alerts as before
    expect(leavesMissedCallTrace(alerting(), ctx({ category: CALL, user: central }))).toBe(false);
    expect(leavesMissedCallTrace(alerting({ baseId: 2 }), ctx({ user: central }))).toBe(false);
    expect(leavesMissedCallTrace(centralCall, ctx({ category: { ...CALL, alert: 0 }, user: central }))).toBe(false);
  });
  it('not for an event created by this device', () => {
    expect(alertDecision(alerting({ deviceId: 11 }), ctx())).toEqual({ raise: false, reason: 'own-device' });
    expect(alertDecision(alerting({ deviceId: 12 }), ctx())).toEqual({ raise: true });
  });
  it('not for an inactive event (states 3–7); for calls only in states 0 and 1', () => {
    for (const state of [3, 4, 5, 6, 7]) {
      expect(alertDecision(alerting({ eventStateId: state }), ctx())).toEqual({ raise: false, reason: 'inactive' });
    }
    expect(alertDecision(alerting({ eventStateId: 2 }), ctx())).toEqual({ raise: true });
    expect(alertDecision(alerting({ eventStateId: 1 }), ctx({ category: CALL }))).toEqual({ raise: true });
    expect(alertDecision(alerting({ eventStateId: 2 }), ctx({ category: CALL }))).toEqual({
      raise: false,
      reason: 'call-state-above-1',
    });
  });
});

describe('bearsAlert: the user-independent part', () => {
  it('an alert title, alerts on, active, a call in state 0/1 and not of the central base', () => {
    expect(bearsAlert(alerting(), KOPIS)).toBe(true);
    expect(bearsAlert(alerting({ alert: null }), KOPIS)).toBe(false);
    expect(bearsAlert(alerting(), { ...KOPIS, alert: 0 })).toBe(false);
    expect(bearsAlert(alerting({ eventStateId: 5 }), KOPIS)).toBe(false);
    expect(bearsAlert(alerting({ eventStateId: 2 }), CALL)).toBe(false);
    expect(bearsAlert(alerting({ baseId: 2 }), CALL)).toBe(false);
    expect(bearsAlert(alerting({ baseId: 2 }), KOPIS)).toBe(true);
  });
});

describe('canAcceptAlert: may update the event state 0 → 1', () => {
  const update = abilityWith('event.update');
  it('own base, a unit of the event, the central base, or updateState', () => {
    expect(canAcceptAlert(update, { baseId: 7 }, { baseId: 7, eventStateId: 0 })).toBe(true);
    expect(canAcceptAlert(update, { baseId: 7 }, { baseId: 9, eventStateId: 0, eventToBase: [7] })).toBe(true);
    expect(canAcceptAlert(update, { baseId: 2 }, { baseId: 9, eventStateId: 0 })).toBe(true);
    expect(canAcceptAlert(update, { baseId: 7 }, { baseId: 9, eventStateId: 0 })).toBe(false);
    expect(
      canAcceptAlert(abilityWith('event.update', 'event.updateState'), { baseId: 7 }, { baseId: 9, eventStateId: 0 }),
    ).toBe(true);
  });
  it('never without update Event (group MNG only views), never on an inactive event', () => {
    expect(canAcceptAlert(mngAbility(), { baseId: 7 }, { baseId: 7, eventStateId: 0 })).toBe(false);
    expect(canAcceptAlert(abilityWith(), { baseId: 7 }, { baseId: 7, eventStateId: 0 })).toBe(false);
    expect(canAcceptAlert(update, { baseId: 7 }, { baseId: 7, eventStateId: 5 })).toBe(false);
  });
  it('isAddressee: the base or a unit, never without a base', () => {
    expect(isAddressee({ baseId: 7, eventToBase: [] }, { baseId: 7 })).toBe(true);
    expect(isAddressee({ baseId: 2, eventToBase: [7] }, { baseId: 7 })).toBe(true);
    expect(isAddressee({ baseId: null, eventToBase: [] }, { baseId: null })).toBe(false);
  });
});

describe('alertForNewEvent: a created event of an alerting category carries an alert', () => {
  it('subject (else the category name), address (else the caller), description', () => {
    expect(
      alertForNewEvent({ subject: 'Požár', address: 'Praha', description: 'Hoří' }, { alert: 1, name: 'MU' }),
    ).toEqual({ title: 'Požár', subtitle: 'Praha', description: 'Hoří' });
    expect(alertForNewEvent({ reporterNumber: '602318447' }, { alert: 1, name: 'Příchozí volání' })).toEqual({
      title: 'Příchozí volání',
      subtitle: '602318447',
      description: null,
    });
    expect(alertForNewEvent({ subject: 'Požár' }, { alert: 0, name: 'MU' })).toBeNull();
  });
});
