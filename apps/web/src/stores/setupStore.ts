/** Setup state (001 §3): developer panel, dark mode, auto refresh, send-on-Enter. Persisted in localStorage. */
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
  setDevPanel: (patch: Partial<SetupState['devPanel']>) => void;
  setDarkMode: (darkMode: boolean) => void;
  setAutoRefresh: (autoRefresh: boolean) => void;
  /** Returns false (and changes nothing) for a period below the minimum of 500 ms. */
  setAutoRefreshPeriod: (period: number) => boolean;
  setSendOnEnter: (sendOnEnter: boolean) => void;
}

export const useSetupStore = create<SetupState>()(
  persist(
    (set) => ({
      devPanel: { visible: false, activeTab: 'app' },
      darkMode: false,
      autoRefresh: AUTO_REFRESH_DEFAULT,
      autoRefreshPeriod: AUTO_REFRESH_PERIOD,
      sendOnEnter: SEND_ON_ENTER_DEFAULT,
      setDevPanel: (patch) => set((s) => ({ devPanel: { ...s.devPanel, ...patch } })),
      setDarkMode: (darkMode) => set({ darkMode }),
      setAutoRefresh: (autoRefresh) => set({ autoRefresh }),
      setAutoRefreshPeriod: (period) => {
        if (!Number.isFinite(period) || period < AUTO_REFRESH_MIN) return false;
        set({ autoRefreshPeriod: period });
        return true;
      },
      setSendOnEnter: (sendOnEnter) => set({ sendOnEnter }),
    }),
    {
      name: 'panel.setup',
      partialize: ({ devPanel, darkMode, autoRefresh, autoRefreshPeriod, sendOnEnter }) => ({
        devPanel,
        darkMode,
        autoRefresh,
        autoRefreshPeriod,
        sendOnEnter,
      }),
    },
  ),
);
