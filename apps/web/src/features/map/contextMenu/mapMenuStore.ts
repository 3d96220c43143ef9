/** Whether the reduced (linking) menu is in force: set while the user links the active event on the map. */
import { create } from 'zustand';

export const useMapMenuStore = create<{ linking: boolean; setLinking: (linking: boolean) => void }>()((set) => ({
  linking: false,
  setLinking: (linking) => set({ linking }),
}));
