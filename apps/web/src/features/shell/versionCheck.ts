/**
 * GET /version.json?t= at start and every 60 s. A hash different from the first one read raises the
 * newVersion flag (the reload button turns red); a failure sets the network error flag. The server's release
 * (version, commit) is kept for the options menu.
 */
import { VERSION_CHECK_PERIOD } from '@panel/domain/constants';
import { fetchVersion, type VersionInfo } from '../../api/version';
import { useAppStore } from '../../stores/appStore';

export async function checkVersion(fetcher: () => Promise<VersionInfo> = fetchVersion): Promise<void> {
  try {
    const info = await fetcher();
    const app = useAppStore.getState();
    const patch: Parameters<typeof app.set>[0] = { networkError: false };
    if (info?.environment !== undefined) patch.environment = info.environment;
    if (info?.version && info.commit) patch.release = { version: info.version, commit: info.commit };
    if (info?.hash) {
      if (!app.hash) patch.hash = info.hash;
      else if (app.hash !== info.hash) patch.newVersion = true;
    }
    app.set(patch);
  } catch (error) {
    console.warn('[version] check failed', error);
    useAppStore.getState().set({ networkError: true });
  }
}

export function startVersionCheck(period: number = VERSION_CHECK_PERIOD): () => void {
  void checkVersion();
  const timer = setInterval(() => void checkVersion(), period);
  return () => clearInterval(timer);
}
