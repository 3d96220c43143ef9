/**
 * The panel's service worker (built by vite-plugin-pwa, strategy injectManifest, emitted as /sw.js).
 * - Precaches the built scripts, styles and icons (not index.html, not version.json, never /v2 or other API).
 * - Navigations are network-first (cache only when offline), so an accepted update never meets a stale
 *   index.html: the page always gets the deployed one while the server answers.
 * - Waits (registerType 'prompt') until the page posts SKIP_WAITING, i.e. the user accepted the update.
 * - Keeps the session token in memory (SET_TOKEN / REQUEST_AUTH_TOKEN, `swToken.ts`) for its own calls.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { createTokenKeeper, SKIP_WAITING } from './swToken';

interface WorkerClient {
  postMessage: (message: unknown) => void;
}
interface WorkerEvent {
  data?: unknown;
  waitUntil: (promise: Promise<unknown>) => void;
}
interface WorkerScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  skipWaiting: () => Promise<void>;
  clients: {
    claim: () => Promise<void>;
    matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<readonly WorkerClient[]>;
  };
  addEventListener: (type: 'message' | 'activate', listener: (event: WorkerEvent) => void) => void;
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
