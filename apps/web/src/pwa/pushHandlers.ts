/**
 * The service worker's Web Push handlers (issue 25 item 2), kept free of worker globals so they can be tested
 * (like `swToken.ts`); `sw.ts` wires them to the `push` and `notificationclick` events.
 * - push: the payload is checked, acknowledged to the server (POST /v2/web-push/ack with its signed token — the
 *   worker has no session; only this makes the push *delivered*), then shown as a notification with the
 *   event's title, 'Otevřít' and, where the user may accept, 'Přijmout'. A panel that is visible already shows
 *   the alert itself (its socket brought it): then nothing is shown twice, the page is only told.
 * - notificationclick: focuses an open panel and tells it to open the event (and accept it for 'Přijmout'),
 *   or opens a new panel on `/?event={id}` (`&accept=1`).
 */
import {
  eventUrl,
  notificationActions,
  notificationTag,
  notificationTitle,
  type WebPushPayload,
} from '@panel/domain/webPush';

/** page ← worker: a push arrived while this panel was visible */
export const PANEL_PUSH = 'PANEL_PUSH';
/** page ← worker: the user clicked a notification; open (and maybe accept) this event */
export const PANEL_OPEN_EVENT = 'PANEL_OPEN_EVENT';
export const ACK_URL = '/v2/web-push/ack';

export interface WindowClientLike {
  url: string;
  visibilityState?: string;
  focused?: boolean;
  focus: () => Promise<unknown>;
  postMessage: (message: unknown) => void;
}

export interface NotificationOptionsLike {
  body: string;
  tag: string;
  data: NotificationData;
  actions: { action: string; title: string }[];
  requireInteraction: boolean;
  renotify: boolean;
  silent: boolean;
  icon: string;
  badge: string;
  lang: string;
  timestamp: number;
  vibrate: number[];
  /** the category's sound: honoured by the few platforms that still read it, ignored by the rest */
  sound?: string;
}

export interface NotificationData {
  eventId: number;
  kind: WebPushPayload['kind'];
  acceptable: boolean;
}

export interface PushWorker {
  scope: string;
  showNotification: (title: string, options: NotificationOptionsLike) => Promise<void>;
  windows: () => Promise<readonly WindowClientLike[]>;
  openWindow: (url: string) => Promise<unknown>;
  fetch: (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<unknown>;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * The payload, when it is one of ours. A hand check instead of the zod schema: the worker bundle stays small
 * and a malformed push is simply not shown.
 */
export function readPayload(data: unknown): WebPushPayload | null {
  if (!data || typeof data !== 'object') return null;
  const p = data as Record<string, unknown>;
  if (p.v !== 1 || (p.kind !== 'alert' && p.kind !== 'message')) return null;
  if (!['alert', 'reminder', 'escalation', 'message'].includes(p.reason as string)) return null;
  if (!isInt(p.eventId) || !(p.messageId === null || isInt(p.messageId))) return null;
  if (!isString(p.title) || !isString(p.body) || !isString(p.ack) || !isString(p.at)) return null;
  if (!(p.sound === null || isString(p.sound)) || typeof p.acceptable !== 'boolean') return null;
  return p as unknown as WebPushPayload;
}

/** The notification the worker shows for a payload. */
export function notificationFor(p: WebPushPayload, scope: string): { title: string; options: NotificationOptionsLike } {
  const alert = p.kind === 'alert';
  return {
    title: notificationTitle(p),
    options: {
      body: p.body,
      tag: notificationTag(p),
      data: { eventId: p.eventId, kind: p.kind, acceptable: p.acceptable },
      actions: notificationActions(p),
      // an alarm stays until somebody acts on it; a message may go by itself
      requireInteraction: alert,
      renotify: true,
      silent: false,
      icon: new URL('icons/pwa-192.png', scope).href,
      badge: new URL('icons/pwa-192.png', scope).href,
      lang: 'cs',
      timestamp: Date.parse(p.at) || Date.now(),
      vibrate: alert ? [400, 200, 400, 200, 400] : [200],
      ...(p.sound ? { sound: new URL(p.sound, scope).href } : {}),
    },
  };
}

/** Acknowledges the push to the server; a failure is only logged (the server then counts it undelivered). */
async function acknowledge(worker: PushWorker, token: string): Promise<void> {
  try {
    await worker.fetch(new URL(ACK_URL, worker.scope).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
  } catch (error) {
    console.warn('[push] ack failed', error);
  }
}

/** The `push` event: `data` is the decrypted JSON (`event.data.json()`), null when it was not JSON. */
export async function handlePush(worker: PushWorker, data: unknown): Promise<'shown' | 'visible' | 'ignored'> {
  const payload = readPayload(data);
  if (!payload) return 'ignored';
  const ack = acknowledge(worker, payload.ack);
  const windows = await worker.windows();
  const visible = windows.filter((w) => w.visibilityState === 'visible');
  let outcome: 'shown' | 'visible';
  if (visible.length) {
    // the open panel raised (or raises) the alert from its socket: tell it, show nothing twice
    for (const w of visible) w.postMessage({ type: PANEL_PUSH, eventId: payload.eventId, kind: payload.kind });
    outcome = 'visible';
  } else {
    const { title, options } = notificationFor(payload, worker.scope);
    await worker.showNotification(title, options);
    outcome = 'shown';
  }
  await ack;
  return outcome;
}

/** The `notificationclick` event (the caller closes the notification). */
export async function handleNotificationClick(
  worker: PushWorker,
  data: unknown,
  action: string,
): Promise<'focused' | 'opened' | 'ignored'> {
  const d = data as Partial<NotificationData> | null;
  if (!d || !isInt(d.eventId)) return 'ignored';
  const accept = action === 'accept' && d.kind === 'alert' && d.acceptable === true;
  const windows = await worker.windows();
  const panel = windows.find((w) => w.focused) ?? windows[0];
  if (panel) {
    // told first: focusing needs the click's user activation and may be refused, the event opens all the same
    panel.postMessage({ type: PANEL_OPEN_EVENT, eventId: d.eventId, accept });
    await panel.focus().catch((error: unknown) => console.warn('[push] focus refused', error));
    return 'focused';
  }
  await worker.openWindow(eventUrl(worker.scope, d.eventId, accept));
  return 'opened';
}
