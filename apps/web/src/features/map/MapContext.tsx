/** One OpenLayers map per panel, shared by the layers and controls below it (docs/ARCHITECTURE.md "map"). */
import { createContext, useContext } from 'react';
import type OlMap from 'ol/Map';

export const MapContext = createContext<OlMap | null>(null);

/** The map; only under <MapView>. */
export function useMap(): OlMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap outside <MapView>');
  return map;
}
