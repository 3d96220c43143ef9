/**
 * While auto-centre is on, the map keeps the active event's target and the chosen points in view (500 ms map
 * fit duration); with nothing to show it leaves the map where it is. When the farthest two of them are at most
 * 150 m apart (000 §9, domain `zoomsToTargets`) it zooms to them: centred at MAP_ZOOM_TO whatever the window
 * size; farther apart it fits them all, never closer than MAP_ZOOM_TO.
 *
 * Picking an event (a new active event) is an explicit choice: auto-centre comes on for it and stops following
 * the search's train (`followTrain`), so the map moves to the event even while a train is tracked.
 */
import { useEffect, useRef } from 'react';
import { boundingExtent, getCenter } from 'ol/extent';
import { MAP_FIT_DURATION, MAP_ZOOM_TO } from '@panel/domain/constants';
import { zoomsToTargets } from '@panel/domain/map';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { useMap } from './MapContext';
import { useMapStore } from './mapStore';
import { toView } from './projection';

const FIT_MAX_ZOOM = MAP_ZOOM_TO;

export function AutoCenter() {
  const map = useMap();
  const on = useMapStore((s) => s.autoCenter);
  const points = useMapStore((s) => s.points);
  const active = useActiveEvent();
  const lon = active?.event.targetLongitude ?? null;
  const lat = active?.event.targetLatitude ?? null;
  const activeUuid = active?.event.uuid ?? null;
  const shownUuid = useRef<string | null>(null);

  // runs before the centring below (same commit, declaration order), so a pick centres at once
  useEffect(() => {
    if (activeUuid === shownUuid.current) return;
    shownUuid.current = activeUuid;
    if (activeUuid !== null) useMapStore.getState().set({ autoCenter: true, followTrain: false });
  }, [activeUuid]);

  useEffect(() => {
    if (!on) return;
    const lonLats: [number, number][] = points.map((p) => p.coordinates);
    if (lon !== null && lat !== null) lonLats.push([lon, lat]);
    if (!lonLats.length) return;
    const extent = boundingExtent(lonLats.map((c) => toView(c)));
    if (zoomsToTargets(lonLats)) {
      map.getView().animate({ center: getCenter(extent), zoom: FIT_MAX_ZOOM, duration: MAP_FIT_DURATION });
      return;
    }
    map.getView().fit(extent, {
      maxZoom: FIT_MAX_ZOOM,
      duration: MAP_FIT_DURATION,
      padding: [80, 80, 80, 80],
    });
  }, [map, on, points, lon, lat]);
  return null;
}
