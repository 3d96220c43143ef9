/** Starts the platform side of the panel: guards, the service worker (production builds) and its token bridge. */
import { startAuthBridge } from './authBridge';
import { installBackGuard, installPullToRefreshGuard } from './guards';
import { registerServiceWorker } from './registerSw';

export function startPwa(): void {
  installBackGuard();
  installPullToRefreshGuard();
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    startAuthBridge();
    void registerServiceWorker();
  }
}

export { UpdatePrompt } from './UpdatePrompt';
