/**
 * While auto-centre is on, the map keeps the active event's target and the chosen points in view (fit with
 * the 500 ms map fit duration); with nothing to show it leaves the map where it is.
 */
import { useEffect } from 'react';
import { boundingExtent } from 'ol/extent';
import { MAP_FIT_DURATION, MAP_ZOOM_TO } from '@panel/domain/constants';
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

  useEffect(() => {
    if (!on) return;
    const coordinates = points.map((p) => toView(p.coordinates));
    if (lon !== null && lat !== null) coordinates.push(toView([lon, lat]));
    if (!coordinates.length) return;
    map.getView().fit(boundingExtent(coordinates), {
      maxZoom: FIT_MAX_ZOOM,
      duration: MAP_FIT_DURATION,
      padding: [80, 80, 80, 80],
    });
  }, [map, on, points, lon, lat]);
  return null;
}
