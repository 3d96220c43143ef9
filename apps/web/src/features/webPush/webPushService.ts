/**
 * The panel's side of Web Push (issue 25 item 2). Started by SessionRuntime once the device is confirmed and the
 * data are loaded:
 * - permission already granted: (re)subscribes quietly and tells the server (PUT /v2/web-push/subscription; the
 *   same endpoint after another login or device is taken over by this session and device);
 * - never asked: raises the one question (WebPushPrompt, 'Povolit' / 'Teď ne'), remembered in this browser;
 * - denied: nothing.
 * Subscribing fails where no push service is reachable (headless Chromium, a closed network): one Czech notice
 * at most, ever, in this browser, and no retry loop — the next session tries once more, quietly.
 * Logout: the server deletes the session's subscriptions with the session; the browser's own subscription is
 * dropped here too, so the next user of the tablet starts clean.
 */
import { webPushTexts } from '@panel/domain/webPush';
import { webPushApi } from '../../api/webPush';
import { useAuthStore } from '../../stores/authStore';
import { toast } from '../../ui/toasts';
import { readMemory, remember, useWebPushStore } from './webPushStore';

/** How long to wait for the service worker before giving up for this session. */
export const WORKER_READY_TIMEOUT = 10_000;

export interface PushEnvironment {
  /** Notification.permission, null when the browser has no notifications */
  permission: () => NotificationPermission | null;
  requestPermission: () => Promise<NotificationPermission>;
  /** the registration of the panel's worker, null when there is none (development, no support) */
  registration: () => Promise<ServiceWorkerRegistration | null>;
}

function browserEnvironment(): PushEnvironment | null {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  if (typeof Notification === 'undefined' || !import.meta.env.PROD) return null;
  return {
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    registration: () =>
      Promise.race([
        navigator.serviceWorker.ready,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_READY_TIMEOUT)),
      ]),
  };
}

/** base64url → bytes (`applicationServerKey`) */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
};

function failedQuietly(error: unknown): false {
  console.warn('[webPush] subscription failed', error);
  if (!readMemory().noticed) {
    remember({ noticed: true });
    toast.info(webPushTexts.unavailable);
  }
  return false;
}

/** Subscribes this browser and registers the subscription for this session's device. */
export async function subscribePush(env: PushEnvironment | null = browserEnvironment()): Promise<boolean> {
  if (!env) return false;
  try {
    const registration = await env.registration();
    if (!registration) return failedQuietly(new Error('no service worker'));
    const key = keyBytes((await webPushApi.key()).publicKey);
    let subscription = await registration.pushManager.getSubscription();
    // a subscription made for another server key (keys changed) would be refused by the push service
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return failedQuietly(new Error('no keys'));
    await webPushApi.subscribe({ endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
    return true;
  } catch (error) {
    return failedQuietly(error);
  }
}

/** 'Povolit': the browser's own permission question, then the subscription. */
export async function allowWebPush(env: PushEnvironment | null = browserEnvironment()): Promise<void> {
  useWebPushStore.setState({ ask: false });
  remember({ asked: true });
  if (!env) return;
  const permission = await env.requestPermission().catch(() => 'denied' as const);
  if (permission !== 'granted') {
    toast.info(webPushTexts.denied);
    return;
  }
  if (await subscribePush(env)) toast.success(webPushTexts.enabled);
}

/** 'Teď ne': not asked again in this browser (the browser's site settings can still allow it). */
export function declineWebPush(): void {
  useWebPushStore.setState({ ask: false });
  remember({ asked: true });
}

async function dropBrowserSubscription(env: PushEnvironment): Promise<void> {
  try {
    const registration = await env.registration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch (error) {
    console.warn('[webPush] unsubscribe failed', error);
  }
}

/** Starts Web Push for this session; the returned stop drops the browser's subscription after a logout. */
export function startWebPush(env: PushEnvironment | null = browserEnvironment()): () => void {
  if (!env) return () => undefined;
  const permission = env.permission();
  if (permission === 'granted') void subscribePush(env);
  else if (permission === 'default' && !readMemory().asked) useWebPushStore.setState({ ask: true });
  return () => {
    useWebPushStore.setState({ ask: false });
    if (!useAuthStore.getState().token) void dropBrowserSubscription(env);
  };
}
