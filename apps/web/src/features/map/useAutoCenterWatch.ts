/**
 * Auto-centre switches (001 §4): off when the user drags the map or turns the mouse wheel (the zoom buttons
 * and train reload switch it off themselves); on again 0.5 s after the map mounts.
 */
import { useEffect } from 'react';
import { useMap } from './MapContext';
import { useMapStore } from './mapStore';

export const AUTO_CENTER_REARM_MS = 500;

export function useAutoCenterWatch(): void {
  const map = useMap();
  useEffect(() => {
    const off = () => {
      if (useMapStore.getState().autoCenter) useMapStore.getState().set({ autoCenter: false });
    };
    map.on('pointerdrag', off);
    const viewport = map.getViewport();
    viewport?.addEventListener('wheel', off, { passive: true });
    const timer = setTimeout(() => useMapStore.getState().set({ autoCenter: true }), AUTO_CENTER_REARM_MS);
    return () => {
      clearTimeout(timer);
      map.un('pointerdrag', off);
      viewport?.removeEventListener('wheel', off);
    };
  }, [map]);
}
