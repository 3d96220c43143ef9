/**
 * When an alert is raised (000 §4, 001 §4) — pure functions, one reason per refused condition.
 *
 * Readings where the spec is open:
 * - DZIN group gate (000 §4 "the user's group is allowed for the DZIN categories", ambiguous per 000 §6):
 *   events of a category whose code starts with 'DZIN' (DZIN-CALL, DZIN-EVENT, DZIN-EVENT2) alert only users of
 *   group COIS or MNG (the central dispatch and management, who handle the DŽIN application's input).
 * - "not a call for base 2": the panel's user belongs to the central base (CENTRAL_BASE_ID 2) and the
 *   category is of type 'call' — the central dispatch is not alerted by the units' calls.
 * - "the event is active": not in the inactive states 3–7; "for calls the state is not above 1".
 * - Message alerts: not own, created within RECENT_MESSAGE_ALERT_WINDOW (60 s, 000 §9; a clock ahead by up to
 *   60 s is tolerated), not read.
 */
import {
  CENTRAL_BASE_ID,
  INACTIVE_STATES,
  RECENT_MESSAGE_ALERT_WINDOW,
  SOUND_DIALOG_EVENT_ROLE,
  SOUND_DIALOG_TYPES,
} from '@panel/domain/constants';
import { fromWireTime } from '@panel/domain/locale';
import type { Event, EventCategory, Message } from '@panel/domain/sync';

export const DZIN_PREFIX = 'DZIN';
export const DZIN_GROUPS: readonly string[] = ['COIS', 'MNG'];

export type AlertSkipReason =
  | 'not-loaded'
  | 'no-event'
  | 'no-alert-title'
  | 'category-alerts-off'
  | 'dzin-group'
  | 'call-for-central-base'
  | 'own-device'
  | 'inactive'
  | 'call-state-above-1';

export type AlertDecision = { raise: true } | { raise: false; reason: AlertSkipReason };

export interface AlertContext {
  loaded: boolean;
  category: Pick<EventCategory, 'code' | 'type' | 'alert'> | null | undefined;
  user: { baseId: number | null; groups?: readonly string[] | null } | null;
  /** this panel's device */
  deviceId: number | null;
}

const inactive = new Set<number>(INACTIVE_STATES);
const skip = (reason: AlertSkipReason): AlertDecision => ({ raise: false, reason });

export function alertDecision(
  event: Pick<Event, 'alert' | 'eventStateId' | 'deviceId'> | null | undefined,
  ctx: AlertContext,
): AlertDecision {
  if (!ctx.loaded) return skip('not-loaded');
  if (!event) return skip('no-event');
  if (!event.alert?.title) return skip('no-alert-title');
  const category = ctx.category;
  if (!category || Number(category.alert) !== 1) return skip('category-alerts-off');
  const groups = ctx.user?.groups ?? [];
  if (String(category.code ?? '').startsWith(DZIN_PREFIX) && !groups.some((g) => DZIN_GROUPS.includes(g)))
    return skip('dzin-group');
  const isCall = category.type === 'call';
  if (isCall && ctx.user?.baseId === CENTRAL_BASE_ID) return skip('call-for-central-base');
  if (event.deviceId !== null && event.deviceId !== undefined && event.deviceId === ctx.deviceId)
    return skip('own-device');
  const state = Number(event.eventStateId);
  if (inactive.has(state)) return skip('inactive');
  if (isCall && state > 1) return skip('call-state-above-1');
  return { raise: true };
}

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
  )
    return { raise: false, reason: 'old' };
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
