/**
 * Setup state (001 §3): developer panel, dark mode, auto refresh, send-on-Enter and `endpoints.imageProxyUrl`.
 * Persisted in localStorage.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  AUTO_REFRESH_DEFAULT,
  AUTO_REFRESH_MIN,
  AUTO_REFRESH_PERIOD,
  SEND_ON_ENTER_DEFAULT,
} from '@panel/domain/constants';

export interface SetupState {
  devPanel: { visible: boolean; activeTab: string };
  darkMode: boolean;
  autoRefresh: boolean;
  autoRefreshPeriod: number;
  sendOnEnter: boolean;
  /**
   * 001 §3 `endpoints.imageProxyUrl`: a path prefix on the panel's own origin (e.g. a caching proxy location of
   * nginx) that media images are loaded through; null = straight from the API. Media calls carry the session
   * token, so another origin is refused (setImageProxyUrl).
   */
  endpoints: { imageProxyUrl: string | null };
  setDevPanel: (patch: Partial<SetupState['devPanel']>) => void;
  setDarkMode: (darkMode: boolean) => void;
  setAutoRefresh: (autoRefresh: boolean) => void;
  /** Returns false (and changes nothing) for a period below the minimum of 500 ms. */
  setAutoRefreshPeriod: (period: number) => boolean;
  setSendOnEnter: (sendOnEnter: boolean) => void;
  /** Returns false (and changes nothing) for anything but a same-origin path ('/…', not '//…') or null. */
  setImageProxyUrl: (url: string | null) => boolean;
}

/** A path on this origin: starts with one slash, no scheme, no protocol-relative '//host'. */
export const isSameOriginPath = (url: string): boolean => /^\/(?![/\\])[^\s]*$/.test(url);

export const useSetupStore = create<SetupState>()(
  persist(
    (set) => ({
      devPanel: { visible: false, activeTab: 'app' },
      darkMode: false,
      autoRefresh: AUTO_REFRESH_DEFAULT,
      autoRefreshPeriod: AUTO_REFRESH_PERIOD,
      sendOnEnter: SEND_ON_ENTER_DEFAULT,
      endpoints: { imageProxyUrl: null },
      setDevPanel: (patch) => set((s) => ({ devPanel: { ...s.devPanel, ...patch } })),
      setDarkMode: (darkMode) => set({ darkMode }),
      setAutoRefresh: (autoRefresh) => set({ autoRefresh }),
      setAutoRefreshPeriod: (period) => {
        if (!Number.isFinite(period) || period < AUTO_REFRESH_MIN) return false;
        set({ autoRefreshPeriod: period });
        return true;
      },
      setSendOnEnter: (sendOnEnter) => set({ sendOnEnter }),
      setImageProxyUrl: (url) => {
        if (url !== null && !isSameOriginPath(url)) return false;
        set({ endpoints: { imageProxyUrl: url === null ? null : url.replace(/\/+$/, '') || null } });
        return true;
      },
    }),
    {
      name: 'panel.setup',
      partialize: ({ devPanel, darkMode, autoRefresh, autoRefreshPeriod, sendOnEnter, endpoints }) => ({
        devPanel,
        darkMode,
        autoRefresh,
        autoRefreshPeriod,
        sendOnEnter,
        endpoints,
      }),
    },
  ),
);
