/** One configured map service as a tile layer (base layer or overlay). */
import { useEffect } from 'react';
import TileLayer from 'ol/layer/Tile';
import type { LayerSource } from '@panel/domain/map';
import { useMap } from '../MapContext';
import { serviceSource } from './serviceSource';

export function ServiceLayer({
  name,
  source,
  zIndex,
  opacity = 1,
  overlay = false,
}: {
  name: string;
  source: LayerSource;
  zIndex: number;
  opacity?: number;
  overlay?: boolean;
}) {
  const map = useMap();
  useEffect(() => {
    const layer = new TileLayer({
      source: serviceSource(source, overlay),
      zIndex,
      opacity,
      properties: { name },
    });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
    // opacity is applied below without recreating the layer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, name, source, zIndex, overlay]);
  useEffect(() => {
    map
      .getLayers()
      .getArray()
      .find((l) => l.get('name') === name)
      ?.setOpacity(opacity);
  }, [map, name, opacity]);
  return null;
}
