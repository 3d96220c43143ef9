/**
 * Muted events (000 §4: events can be muted per event, sound alerts off). Keyed by event uuid and persisted in
 * localStorage; the event head shows the muted icon, the view dialog toggles it.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface MuteState {
  muted: Record<string, true>;
  setMuted: (uuid: string, muted: boolean) => void;
  toggleMute: (uuid: string) => void;
  isMuted: (uuid: string) => boolean;
}

export const useMuteStore = create<MuteState>()(
  persist(
    (set, get) => ({
      muted: {},
      setMuted: (uuid, muted) =>
        set((s) => {
          if (Boolean(s.muted[uuid]) === muted) return s;
          const next = { ...s.muted };
          if (muted) next[uuid] = true;
          else delete next[uuid];
          return { muted: next };
        }),
      toggleMute: (uuid) => get().setMuted(uuid, !get().muted[uuid]),
      isMuted: (uuid) => Boolean(get().muted[uuid]),
    }),
    { name: 'panel.muted', partialize: ({ muted }) => ({ muted }) },
  ),
);

/** uuid → true for every muted event. */
export function useMutedEvents(): Record<string, true> {
  return useMuteStore((s) => s.muted);
}

export function useIsMuted(uuid: string): boolean {
  return useMuteStore((s) => Boolean(s.muted[uuid]));
}
