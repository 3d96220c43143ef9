/**
 * Web Push rules, pure (server and service worker): which endpoints a subscription may name, and the
 * notification the worker shows for a payload.
 */
import type { WebPushPayload } from './schema';
import { webPushNotificationTexts as t } from './texts';

export { isAllowedEndpoint } from './endpoint';

/** The notification's tag: one per event (an alert, its reminder and escalation replace each other). */
export const notificationTag = (p: Pick<WebPushPayload, 'kind' | 'eventId' | 'messageId'>): string =>
  p.kind === 'message' ? `panel-message-${p.messageId}` : `panel-event-${p.eventId}`;

/** The title shown: the alert title, prefixed for a reminder, an escalation or a message. */
export function notificationTitle(p: Pick<WebPushPayload, 'reason' | 'title'>): string {
  const title = p.title.trim() || t.alertFallback;
  if (p.reason === 'reminder') return `${t.reminder}: ${title}`;
  if (p.reason === 'escalation') return `${t.escalation}: ${title}`;
  if (p.reason === 'message') return `${t.message}: ${title}`;
  return title;
}

export interface NotificationAction {
  action: 'open' | 'accept';
  title: string;
}

/** 'Otevřít' always; 'Přijmout' for an alert the user may accept. */
export function notificationActions(p: Pick<WebPushPayload, 'kind' | 'acceptable'>): NotificationAction[] {
  const actions: NotificationAction[] = [{ action: 'open', title: t.open }];
  if (p.kind === 'alert' && p.acceptable) actions.push({ action: 'accept', title: t.accept });
  return actions;
}

/** The panel's address that opens an event (the web reads `?event=` at start; `accept=1` accepts it). */
export function eventUrl(scope: string, eventId: number, accept = false): string {
  const base = scope.endsWith('/') ? scope : `${scope}/`;
  return `${base}?event=${eventId}${accept ? '&accept=1' : ''}`;
}
