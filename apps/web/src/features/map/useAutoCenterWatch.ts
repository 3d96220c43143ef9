/**
 * Auto-centre switches (001 §4): off when the user drags the map or turns the mouse wheel (the zoom buttons
 * and train reload switch it off themselves); on again 0.5 s after the map mounts — unless the map shows a track
 * the user asked for ('Zobrazit na mapě' in the event's Technika tab): on a phone the map mounts for exactly that
 * (the event's 'Mapa' tab), and auto-centre would pull the view away from the track to the event's place.
 */
import { useEffect, useRef } from 'react';
import { AUTO_CENTRE_REENABLE_DELAY } from '@panel/domain/constants';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { useMap } from './MapContext';
import { throttleDrag } from './dragThrottle';
import { useMapStore } from './mapStore';

export const AUTO_CENTER_REARM_MS = AUTO_CENTRE_REENABLE_DELAY;

export function useAutoCenterWatch(): void {
  const map = useMap();
  const active = useActiveEvent();
  const activeId = useRef<number | null>(null);
  activeId.current = active?.kind === 'saved' ? (active.event.id ?? null) : null;
  useEffect(() => {
    const off = () => {
      if (useMapStore.getState().autoCenter) useMapStore.getState().set({ autoCenter: false });
    };
    const onDrag = throttleDrag(off);
    map.on('pointerdrag', onDrag);
    const viewport = map.getViewport();
    viewport?.addEventListener('wheel', off, { passive: true });
    const timer = setTimeout(() => {
      const track = useMapStore.getState().focusedTrack;
      if (track && track.eventId === activeId.current) return;
      useMapStore.getState().set({ autoCenter: true });
    }, AUTO_CENTER_REARM_MS);
    return () => {
      clearTimeout(timer);
      map.un('pointerdrag', onDrag);
      viewport?.removeEventListener('wheel', off);
    };
  }, [map]);
}
