/**
 * When an alert is raised (000 §4, 001 §4). The event rule is the domain's (`@panel/domain/events` alerts.ts:
 * `alertDecision`, `canAcceptAlert`, with the readings of the DZIN gate, "not a call for base 2" and who may
 * accept), shared with the server and its demo-role property test; re-exported here for the panel.
 *
 * Message alerts (ours, pure): not own, created within RECENT_MESSAGE_ALERT_WINDOW (60 s, 000 §9; a clock ahead
 * by up to 60 s is tolerated), not read.
 */
import { RECENT_MESSAGE_ALERT_WINDOW, SOUND_DIALOG_EVENT_ROLE, SOUND_DIALOG_TYPES } from '@panel/domain/constants';
import { fromWireTime } from '@panel/domain/locale';
import type { Event, Message } from '@panel/domain/sync';

export {
  DZIN_GROUPS,
  DZIN_PREFIX,
  alertDecision,
  canAcceptAlert,
  leavesMissedCallTrace,
  type AlertContext,
  type AlertDecision,
  type AlertSkipReason,
} from '@panel/domain/events';

export type MessageSkipReason = 'own' | 'old' | 'read';
export type MessageDecision = { raise: true } | { raise: false; reason: MessageSkipReason };

export interface MessageAlertContext {
  userId: number | null;
  now: number;
  /** the message's read flag with the local read marks applied */
  read: boolean;
}

export function messageAlertDecision(
  message: Pick<Message, 'userId' | 'createdAt'>,
  ctx: MessageAlertContext,
): MessageDecision {
  if (message.userId !== null && message.userId === ctx.userId) return { raise: false, reason: 'own' };
  const created = fromWireTime(message.createdAt)?.getTime();
  if (
    created === undefined ||
    Number.isNaN(created) ||
    ctx.now - created > RECENT_MESSAGE_ALERT_WINDOW ||
    created - ctx.now > RECENT_MESSAGE_ALERT_WINDOW
  ) {
    return { raise: false, reason: 'old' };
  }
  if (ctx.read) return { raise: false, reason: 'read' };
  return { raise: true };
}

/** INST-01, INST-03, INST-18 on an event with event role 51 open the sound dialog (000 §9). */
export function isSoundDialogMessage(
  message: Pick<Message, 'type'>,
  event: Pick<Event, 'eventRoles'> | null | undefined,
): boolean {
  return (
    SOUND_DIALOG_TYPES.includes(message.type) && (event?.eventRoles ?? []).map(Number).includes(SOUND_DIALOG_EVENT_ROLE)
  );
}
