/** App state (001 §3): version hash, clocks, online status, sync progress and realtime status. */
import { create } from 'zustand';

export type RealtimeStatus = 'connecting' | 'disconnected' | 'connected';

export interface AppState {
  code: string;
  /** hash of the running build, read from /version.json at start */
  hash: string | null;
  /** the server's release `{version, commit}` from /version.json (issue 23: shown in the options menu) */
  release: { version: string; commit: string } | null;
  newVersion: boolean;
  networkError: boolean;
  environment: string | null;
  online: boolean;
  minuteDate: number;
  secondDate: number;
  /** time (ms) of the last successful POST /v2/app */
  lastUpdate: number | null;
  loading: boolean;
  loaded: boolean;
  realtimeStatus: RealtimeStatus;
  /** English message of the last realtime failure's category (001 §8); null once connected */
  realtimeError: string | null;
  set: (patch: Partial<Omit<AppState, 'set' | 'reset'>>) => void;
  /** back to the state before the first bundle (on logout) */
  reset: () => void;
}

export const useAppStore = create<AppState>()((set) => ({
  code: 'panel',
  hash: null,
  release: null,
  newVersion: false,
  networkError: false,
  environment: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  minuteDate: Date.now(),
  secondDate: Date.now(),
  lastUpdate: null,
  loading: false,
  loaded: false,
  realtimeStatus: 'disconnected',
  realtimeError: null,
  set: (patch) => set(patch),
  reset: () =>
    set({ lastUpdate: null, loading: false, loaded: false, realtimeStatus: 'disconnected', realtimeError: null }),
}));
