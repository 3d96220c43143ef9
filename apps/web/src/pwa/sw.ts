/**
 * The panel's service worker (built by vite-plugin-pwa, strategy injectManifest, emitted as /sw.js).
 * - Precaches the built scripts, styles and icons (not index.html, not version.json, never /v2 or other API).
 * - Navigations are network-first (cache only when offline), so an accepted update never meets a stale
 *   index.html: the page always gets the deployed one while the server answers.
 * - Waits (registerType 'prompt') until the page posts SKIP_WAITING, i.e. the user accepted the update.
 * - Keeps the session token in memory (SET_TOKEN / REQUEST_AUTH_TOKEN, `swToken.ts`) for its own calls.
 * - Shows Web Push alerts and messages of a closed or background panel and acknowledges them (`pushHandlers.ts`).
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { createTokenKeeper, SKIP_WAITING } from './swToken';
import {
  handleNotificationClick,
  handlePush,
  type NotificationOptionsLike,
  type WindowClientLike,
} from './pushHandlers';

interface WorkerClient {
  postMessage: (message: unknown) => void;
}
interface WorkerEvent {
  data?: unknown;
  waitUntil: (promise: Promise<unknown>) => void;
}
interface PushEventLike extends WorkerEvent {
  data: { json: () => unknown } | null;
}
interface NotificationClickLike extends WorkerEvent {
  action: string;
  notification: { data: unknown; close: () => void };
}
interface WorkerScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  skipWaiting: () => Promise<void>;
  clients: {
    claim: () => Promise<void>;
    matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<readonly WorkerClient[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  registration: {
    scope: string;
    showNotification: (title: string, options: NotificationOptionsLike) => Promise<void>;
  };
  addEventListener: ((type: 'message' | 'activate', listener: (event: WorkerEvent) => void) => void) &
    ((type: 'push', listener: (event: PushEventLike) => void) => void) &
    ((type: 'notificationclick', listener: (event: NotificationClickLike) => void) => void);
}

const worker = self as unknown as WorkerScope;

cleanupOutdatedCaches();
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);

registerRoute(
  new NavigationRoute(new NetworkFirst({ cacheName: 'panel-pages', networkTimeoutSeconds: 10 }), {
    denylist: [/^\/(v2|v3|api|socket\.io|ktc|hzs|tts)\//, /\/[^/?]+\.[^/?]+$/],
  }),
);

const tokens = createTokenKeeper(() => worker.clients.matchAll({ type: 'window', includeUncontrolled: true }));
// for the worker's own authenticated fetches (none yet): `await self.panelToken()`
Object.assign(worker, { panelToken: (): Promise<string | null> => tokens.get() });

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | undefined;
  if (data?.type === SKIP_WAITING) {
    void worker.skipWaiting();
    return;
  }
  tokens.handleMessage(event.data);
});

worker.addEventListener('activate', (event) => {
  // the first worker takes the open panel at once (an update is activated only after the user accepted it)
  event.waitUntil(worker.clients.claim().then(() => tokens.request()));
});

const pushWorker = {
  get scope() {
    return worker.registration.scope;
  },
  showNotification: (title: string, options: NotificationOptionsLike) =>
    worker.registration.showNotification(title, options),
  windows: () =>
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }) as Promise<readonly WindowClientLike[]>,
  openWindow: (url: string) => worker.clients.openWindow(url),
  fetch: (url: string, init: RequestInit) => fetch(url, init),
};

worker.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    // not JSON: not ours, shown as nothing
  }
  event.waitUntil(handlePush(pushWorker, data));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(handleNotificationClick(pushWorker, event.notification.data, event.action));
});
