/**
 * What is pushed (issue 25 item 2): new event alerts, their reminders and escalations (helper E's escalation
 * calls `pushAlert`), and new messages that raise an alert. Called after the causing command committed; each
 * call only queues a job (service.ts) — it never throws and never waits for a push service.
 */
import type { WebPushPayload } from '@panel/domain/webPush';
import type { AppDeps } from '../../context.js';
import type { Database } from '../../db/client.js';
import { SOUND_FILES_PATH } from '../alerts/assets/routes.js';
import { sendToTargets, type PayloadBase, type SendOutcome } from './sender.js';
import { webPushFor } from './service.js';
import {
  alertTargets,
  liveSubscriptions,
  loadPushEvent,
  loadPushMessage,
  loadRecipients,
  messageTargets,
  type AlertPushReason,
  type PushEvent,
} from './targets.js';

export type { AlertPushReason };

/** the body line of an alert: its subtitle, else the address */
const MAX_BODY = 300;
const clip = (s: string) => (s.length > MAX_BODY ? `${s.slice(0, MAX_BODY - 1)}…` : s);

function eventBody(event: PushEvent): string {
  const parts = [event.code, event.alert?.subtitle ?? event.address].filter((p): p is string => !!p?.trim());
  return clip(parts.join(' · '));
}

const soundOf = (event: PushEvent): string | null =>
  event.category?.soundAssetId != null ? `${SOUND_FILES_PATH}/${event.category.soundAssetId}.mp3` : null;

/** The alert push itself (awaited by tests; `pushAlert` queues it). */
export async function sendAlertPush(db: Database, eventId: number, reason: AlertPushReason): Promise<SendOutcome[]> {
  const service = webPushFor(db);
  if (!service) return [];
  // the subscriptions first: where nobody subscribed (most installations at first) a push costs one statement
  const subscriptions = await liveSubscriptions(db);
  if (!subscriptions.length) return [];
  const event = await loadPushEvent(db, eventId);
  if (!event?.alert?.title) return [];
  const recipients = await loadRecipients(db, [...new Set(subscriptions.map((s) => s.userId))]);
  const targets = alertTargets(event, reason, subscriptions, recipients);
  const base: PayloadBase = {
    v: 1,
    kind: 'alert',
    reason,
    eventId: event.id,
    messageId: null,
    title: clip(event.alert.title),
    body: eventBody(event),
    sound: soundOf(event),
  };
  return sendToTargets(db, service, targets, { kind: 'alert', reason, itemId: event.id, eventId: event.id }, base);
}

/** The message push itself (awaited by tests; `pushMessage` queues it). */
export async function sendMessagePush(db: Database, messageId: number): Promise<SendOutcome[]> {
  const service = webPushFor(db);
  if (!service) return [];
  const subscriptions = await liveSubscriptions(db);
  if (!subscriptions.length) return [];
  const message = await loadPushMessage(db, messageId);
  if (!message) return [];
  const event = await loadPushEvent(db, message.eventId);
  if (!event) return [];
  const recipients = await loadRecipients(db, [...new Set(subscriptions.map((s) => s.userId))]);
  const targets = messageTargets(message, event, subscriptions, recipients);
  const from = message.senderName?.trim();
  const text = message.content?.trim() || '…';
  const base: PayloadBase = {
    v: 1,
    kind: 'message',
    reason: 'message',
    eventId: event.id,
    messageId: message.id,
    title: clip(event.alert?.title ?? event.subject ?? event.code ?? ''),
    body: clip(from ? `${from}: ${text}` : text),
    sound: null,
  } satisfies Omit<WebPushPayload, 'acceptable' | 'ack' | 'at'>;
  return sendToTargets(
    db,
    service,
    targets,
    { kind: 'message', reason: 'message', itemId: message.id, eventId: event.id },
    base,
  );
}

/**
 * Push an event's alert to the subscribed devices it alerts ('escalation': the central dispatch group COIS too).
 * Queues and returns at once; never throws.
 */
export function pushAlert(deps: Pick<AppDeps, 'db'>, eventId: number, reason: AlertPushReason): void {
  const service = webPushFor(deps.db);
  service?.enqueue(`alert ${eventId} ${reason}`, async () => {
    await sendAlertPush(deps.db, eventId, reason);
  });
}

/** Push a new message to the subscribed devices whose panel would raise its alert. Queues; never throws. */
export function pushMessage(deps: Pick<AppDeps, 'db'>, messageId: number): void {
  const service = webPushFor(deps.db);
  service?.enqueue(`message ${messageId}`, async () => {
    await sendMessagePush(deps.db, messageId);
  });
}
