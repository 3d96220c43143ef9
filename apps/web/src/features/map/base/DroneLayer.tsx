/**
 * The drone aerial WMS overlay: the chosen layer asked in the CRS `chooseDroneCrs` picks from what the
 * service's capabilities offer — EPSG:5514 on the view's tile grid, or a CRS the map reprojects (OpenLayers
 * raster reprojection) — and nothing at all while the capabilities are unknown or offer no usable CRS, so the
 * service is never asked in a CRS it lacks.
 */
import { useEffect, useMemo } from 'react';
import TileLayer from 'ol/layer/Tile';
import { OVERLAYS, type LayerSource, type WmsCrs } from '@panel/domain/map';
import { useMap } from '../MapContext';
import { registerProjection } from '../projection';
import { chooseDroneCrs } from '../controls/droneCapabilities';
import { useDroneStore } from '../controls/droneStore';
import { serviceSource } from './serviceSource';
import { useTileHealthStore } from './tileHealth';
import type { TileReport } from './tileLoader';

const label = OVERLAYS.find((o) => o.id === 'drone')?.label ?? 'Dron';

export function droneTileSource(
  source: LayerSource,
  layer: string,
  crs: WmsCrs,
  version = '1.3.0',
  report?: TileReport,
) {
  registerProjection(); // idempotent; EPSG:5514 must be known to OpenLayers before a source names it
  if (source.type !== 'wms') return serviceSource({ ...source, layers: layer }, true, report);
  return serviceSource({ ...source, layers: layer, version, crs }, true, report);
}

export function DroneLayer({
  source,
  layer,
  zIndex,
  opacity,
}: {
  source: LayerSource;
  layer: string | null;
  zIndex: number;
  opacity: number;
}) {
  const map = useMap();
  const layers = useDroneStore((s) => s.layers);
  const info = layer ? layers?.find((l) => l.name === layer) : undefined;
  const crs = useMemo(() => (info ? chooseDroneCrs(info.crs).crs : null), [info]);

  useEffect(() => {
    if (!info || !crs) return;
    const health = useTileHealthStore.getState();
    const tileSource = droneTileSource(source, info.name, crs, info.version, health.report('overlay-drone', label));
    if (!tileSource) return; // a drone WMTS without a tile grid from its capabilities: nothing to ask
    const tiles = new TileLayer({
      source: tileSource,
      zIndex,
      properties: { name: 'overlay-drone', crs },
    });
    map.addLayer(tiles);
    return () => {
      map.removeLayer(tiles);
      useTileHealthStore.getState().forget('overlay-drone');
    };
  }, [map, source, info, crs, zIndex]);

  useEffect(() => {
    map
      .getLayers()
      .getArray()
      .find((l) => l.get('name') === 'overlay-drone')
      ?.setOpacity(opacity);
  }, [map, opacity, info, crs]);
  return null;
}
