/**
 * Registers /sw.js (production builds only), checks for a new version every hour (001 §9: 3 600 000 ms) and,
 * when new content is installed and waiting, raises the 'swUpdated' document event (001 §4) and the update
 * prompt. `applyUpdate()` is the prompt's reload button: it activates the waiting worker (asking the server
 * first when the version check saw a new build the worker has not found yet) and reloads.
 */
import { SKIP_WAITING } from './swToken';
import { usePwaStore } from './pwaStore';

export const SW_UPDATE_PERIOD = 3_600_000;
export const SW_URL = '/sw.js';

let registration: ServiceWorkerRegistration | null = null;

function markWaiting(reg: ServiceWorkerRegistration, container: ServiceWorkerContainer) {
  // the very first install is not an update: nothing to prompt for
  if (!reg.waiting || !container.controller) return;
  usePwaStore.getState().set({ needRefresh: true, dismissed: false });
  document.dispatchEvent(new CustomEvent('swUpdated', { detail: reg }));
}

function watchInstalling(reg: ServiceWorkerRegistration, container: ServiceWorkerContainer) {
  const installing = reg.installing;
  installing?.addEventListener('statechange', () => {
    if (installing.state === 'installed') markWaiting(reg, container);
  });
}

export async function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.serviceWorker,
  period: number = SW_UPDATE_PERIOD,
): Promise<{ registration: ServiceWorkerRegistration; stop: () => void } | null> {
  if (!container) return null;
  try {
    const reg = await container.register(SW_URL, { scope: '/' });
    registration = reg;
    usePwaStore.getState().set({ registered: true });
    markWaiting(reg, container);
    watchInstalling(reg, container);
    reg.addEventListener('updatefound', () => watchInstalling(reg, container));
    const timer = setInterval(() => {
      reg.update().catch((error: unknown) => console.warn('[sw] update check failed', error));
    }, period);
    return { registration: reg, stop: () => clearInterval(timer) };
  } catch (error) {
    console.warn('[sw] registration failed', error);
    return null;
  }
}

function waitFor<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

/** The installed worker of `reg`, waiting for `ms` for one being installed. */
function waitingWorker(reg: ServiceWorkerRegistration, ms: number): Promise<ServiceWorker | null | undefined> {
  if (reg.waiting) return Promise.resolve(reg.waiting);
  const installing = reg.installing;
  if (!installing) return Promise.resolve(null);
  return waitFor(
    new Promise<ServiceWorker | null>((resolve) =>
      installing.addEventListener('statechange', () => {
        if (installing.state === 'installed') resolve(reg.waiting);
        if (installing.state === 'redundant') resolve(null);
      }),
    ),
    ms,
  );
}

/** Activates the waiting worker (if any) and reloads the page. */
export async function applyUpdate(
  reg: ServiceWorkerRegistration | null = registration,
  container: ServiceWorkerContainer | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  try {
    if (reg && container) {
      if (!reg.waiting) await waitFor(reg.update(), 5000).catch(() => undefined);
      const worker = await waitingWorker(reg, 10_000);
      if (worker && container.controller) {
        const controlling = waitFor(
          new Promise<void>((resolve) =>
            container.addEventListener('controllerchange', () => resolve(), { once: true }),
          ),
          5000,
        );
        worker.postMessage({ type: SKIP_WAITING });
        await controlling;
      }
    }
  } catch (error) {
    console.warn('[sw] update failed', error);
  }
  reload();
}
