/**
 * Clicks on the map (001 §4): ctrl-click sets the origin point; otherwise the topmost feature with an
 * `onClick` property handles it (targets and destinations make their event active, a job its event, a message
 * opens its first media, a cluster zooms to fit). Features carry their own handler, so layers stay apart.
 */
import { useEffect } from 'react';
import type { FeatureLike } from 'ol/Feature';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { roundCoordinate } from '@panel/domain/map';
import { useMap } from '../MapContext';
import { useMapStore } from '../mapStore';
import { toLonLat } from '../projection';

export type FeatureClick = (feature: FeatureLike) => void;

export function useMapClick(): void {
  const map = useMap();
  useEffect(() => {
    const onClick = (e: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => {
      const original = e.originalEvent as MouseEvent;
      if (original.ctrlKey || original.metaKey) {
        const [lon, lat] = toLonLat(e.coordinate);
        useMapStore.getState().set({ origin: [roundCoordinate(lon), roundCoordinate(lat)] });
        return;
      }
      map.forEachFeatureAtPixel(
        e.pixel,
        (feature) => {
          const handler = feature.get('onClick') as FeatureClick | undefined;
          if (!handler) return undefined;
          handler(feature);
          return true;
        },
        { hitTolerance: 4 },
      );
    };
    const onMove = (e: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => {
      if (e.dragging) return;
      const hit = map.forEachFeatureAtPixel(e.pixel, (f) => (f.get('onClick') ? true : undefined), { hitTolerance: 4 });
      const viewport = map.getViewport();
      if (viewport) viewport.style.cursor = hit ? 'pointer' : '';
    };
    map.on('singleclick', onClick);
    map.on('pointermove', onMove);
    return () => {
      map.un('singleclick', onClick);
      map.un('pointermove', onMove);
    };
  }, [map]);
}
