/**
 * The map screen: one OpenLayers map in EPSG:5514 on the ČÚZK grid, its state (centre, zoom) kept in the map
 * store across reloads. Layers and controls are children: each adds itself in an effect and removes itself in
 * the cleanup. The map instance is also `window.__panelMap` for the journeys and the benchmark.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import 'ol/ol.css';
import { MAP_VIEW_PROJECTION, MAP_ZOOM_MAX, MAP_ZOOM_MIN } from '@panel/domain/constants';
import { MapContext } from './MapContext';
import { useMapStore } from './mapStore';
import { GRID_EXTENT, RESOLUTIONS, registerProjection, toLonLat, toView } from './projection';

declare global {
  interface Window {
    __panelMap?: OlMap;
  }
}

export function MapView({ children }: { children?: ReactNode }) {
  const targetRef = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<OlMap | null>(null);

  useEffect(() => {
    registerProjection();
    const { center, zoom } = useMapStore.getState();
    const view = new View({
      projection: MAP_VIEW_PROJECTION,
      resolutions: [...RESOLUTIONS],
      center: toView(center),
      zoom,
      minZoom: MAP_ZOOM_MIN,
      maxZoom: MAP_ZOOM_MAX,
      extent: GRID_EXTENT,
      constrainOnlyCenter: true,
      showFullExtent: true,
    });
    const created = new OlMap({
      target: targetRef.current ?? undefined,
      view,
      controls: [],
      interactions: defaultInteractions({ pinchRotate: false, altShiftDragRotate: false }),
    });
    const remember = () => {
      const c = view.getCenter();
      const z = view.getZoom();
      if (c && z !== undefined) useMapStore.getState().setView(toLonLat(c), z);
    };
    created.on('moveend', remember);
    window.__panelMap = created;
    setMap(created);
    return () => {
      created.un('moveend', remember);
      created.setTarget(undefined);
      if (window.__panelMap === created) delete window.__panelMap;
      setMap(null);
    };
  }, []);

  return (
    <Box data-testid="map" sx={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}>
      <Box ref={targetRef} sx={{ position: 'absolute', inset: 0, bgcolor: '#dfe4e8' }} />
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </Box>
  );
}
