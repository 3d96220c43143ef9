import { describe, expect, it } from 'vitest';
import { toWireTime } from '@panel/domain/locale';
import { makeMessage } from '../messages/testMessages';
import { isSoundDialogMessage, messageAlertDecision } from './alertRules';

// the event rule (alertDecision, canAcceptAlert) is tested where it lives: packages/domain/src/events/alerts.test.ts

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
