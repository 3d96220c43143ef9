/** Service-worker state of the page: a new version is installed and waiting for the user's consent. */
import { create } from 'zustand';

export interface PwaState {
  /** a new service worker is installed and waiting (the 'swUpdated' document event was raised) */
  needRefresh: boolean;
  registered: boolean;
  /** the user closed the prompt for this page life */
  dismissed: boolean;
  set: (patch: Partial<Omit<PwaState, 'set'>>) => void;
}

export const usePwaStore = create<PwaState>()((set) => ({
  needRefresh: false,
  registered: false,
  dismissed: false,
  set: (patch) => set(patch),
}));
