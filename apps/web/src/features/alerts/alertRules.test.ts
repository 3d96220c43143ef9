import { describe, expect, it } from 'vitest';
import { toWireTime } from '@panel/domain/locale';
import type { EventCategory } from '@panel/domain/sync';
import { makeEvent } from '../../test/factories';
import { makeMessage } from '../messages/testMessages';
import { alertDecision, isSoundDialogMessage, messageAlertDecision, type AlertContext } from './alertRules';

const KOPIS = { code: 'KOPIS', type: 'event', alert: 1 } as Pick<EventCategory, 'code' | 'type' | 'alert'>;
const CALL = { code: 'DZIN-CALL', type: 'call', alert: 1 } as Pick<EventCategory, 'code' | 'type' | 'alert'>;
const alerting = (patch = {}) =>
  makeEvent(1, {
    eventStateId: 0,
    deviceId: null,
    alert: { title: 'Požár', subtitle: null, description: null },
    ...patch,
  });
const ctx = (patch: Partial<AlertContext> = {}): AlertContext => ({
  loaded: true,
  category: KOPIS,
  user: { baseId: 3, groups: [] },
  deviceId: 11,
  ...patch,
});

describe('alertDecision: one case per condition of 000 §4', () => {
  it('raises for a new event with an alert title of an alerting category', () => {
    expect(alertDecision(alerting(), ctx())).toEqual({ raise: true });
  });
  it('not before the data are loaded', () => {
    expect(alertDecision(alerting(), ctx({ loaded: false }))).toEqual({ raise: false, reason: 'not-loaded' });
  });
  it('not without the event', () => {
    expect(alertDecision(null, ctx())).toEqual({ raise: false, reason: 'no-event' });
  });
  it('not without an alert title', () => {
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
  it('DZIN categories only for the groups COIS and MNG', () => {
    const dzin = { code: 'DZIN-EVENT', type: 'event', alert: 1 } as AlertContext['category'];
    expect(alertDecision(alerting(), ctx({ category: dzin }))).toEqual({ raise: false, reason: 'dzin-group' });
    expect(alertDecision(alerting(), ctx({ category: dzin, user: { baseId: 3, groups: ['COIS'] } }))).toEqual({
      raise: true,
    });
    expect(alertDecision(alerting(), ctx({ category: dzin, user: { baseId: 3, groups: ['MNG'] } }))).toEqual({
      raise: true,
    });
  });
  it('not a call for the central base (2)', () => {
    const central = { baseId: 2, groups: ['COIS'] };
    expect(alertDecision(alerting(), ctx({ category: CALL, user: central }))).toEqual({
      raise: false,
      reason: 'call-for-central-base',
    });
    expect(alertDecision(alerting(), ctx({ user: central }))).toEqual({ raise: true });
  });
  it('not for an event created by this device', () => {
    expect(alertDecision(alerting({ deviceId: 11 }), ctx())).toEqual({ raise: false, reason: 'own-device' });
    expect(alertDecision(alerting({ deviceId: 12 }), ctx())).toEqual({ raise: true });
  });
  it('not for an inactive event (states 3–7)', () => {
    for (const state of [3, 4, 5, 6, 7])
      expect(alertDecision(alerting({ eventStateId: state }), ctx())).toEqual({ raise: false, reason: 'inactive' });
    expect(alertDecision(alerting({ eventStateId: 2 }), ctx())).toEqual({ raise: true });
  });
  it('for calls only in states 0 and 1', () => {
    const unit = { baseId: 3, groups: ['COIS'] };
    expect(alertDecision(alerting({ eventStateId: 1 }), ctx({ category: CALL, user: unit }))).toEqual({ raise: true });
    expect(alertDecision(alerting({ eventStateId: 2 }), ctx({ category: CALL, user: unit }))).toEqual({
      raise: false,
      reason: 'call-state-above-1',
    });
  });
});

describe('message alerts', () => {
  const NOW = new Date('2026-11-21T09:00:00Z').getTime();
  const at = (ago: number) => toWireTime(new Date(NOW - ago));
  const mctx = { userId: 7, now: NOW, read: false };
  it('raises for a new unread message of somebody else within 60 s', () => {
    expect(messageAlertDecision(makeMessage(1, { userId: 8, createdAt: at(59_000) }), mctx)).toEqual({ raise: true });
  });
  it('not own, not older than 60 s, not read', () => {
    expect(messageAlertDecision(makeMessage(1, { userId: 7, createdAt: at(1000) }), mctx)).toMatchObject({
      reason: 'own',
    });
    expect(messageAlertDecision(makeMessage(1, { userId: 8, createdAt: at(61_000) }), mctx)).toMatchObject({
      reason: 'old',
    });
    expect(
      messageAlertDecision(makeMessage(1, { userId: 8, createdAt: at(1000) }), { ...mctx, read: true }),
    ).toMatchObject({
      reason: 'read',
    });
  });
  it('the sound dialog: INST-01/03/18 on an event with role 51', () => {
    expect(isSoundDialogMessage({ type: 'INST-01' }, { eventRoles: [50, 51] })).toBe(true);
    expect(isSoundDialogMessage({ type: 'INST-18' }, { eventRoles: [51] })).toBe(true);
    expect(isSoundDialogMessage({ type: 'INST-03' }, { eventRoles: [50] })).toBe(false);
    expect(isSoundDialogMessage({ type: 'X03' }, { eventRoles: [51] })).toBe(false);
  });
});
