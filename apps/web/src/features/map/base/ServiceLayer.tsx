/** One configured map service as a tile layer (base layer or overlay). */
import { useEffect, useMemo } from 'react';
import TileLayer from 'ol/layer/Tile';
import type { LayerSource } from '@panel/domain/map';
import { useMap } from '../MapContext';
import { serviceSource } from './serviceSource';
import { useTileHealthStore } from './tileHealth';

export function ServiceLayer({
  name,
  label,
  source,
  zIndex,
  opacity = 1,
  overlay = false,
}: {
  name: string;
  /** the layer's Czech name, for the notice when its tiles cannot be loaded */
  label: string;
  source: LayerSource;
  zIndex: number;
  opacity?: number;
  overlay?: boolean;
}) {
  const map = useMap();
  // every poll brings new but equal settings objects: recreate the layer only when the source really changed
  const sourceKey = JSON.stringify(source);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stable = useMemo(() => source, [sourceKey]);
  useEffect(() => {
    const tiles = serviceSource(stable, overlay, useTileHealthStore.getState().report(name, label));
    if (!tiles) return;
    const layer = new TileLayer({
      source: tiles,
      zIndex,
      opacity,
      properties: { name },
    });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      useTileHealthStore.getState().forget(name);
    };
    // opacity is applied below without recreating the layer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, name, label, stable, zIndex, overlay]);
  useEffect(() => {
    map
      .getLayers()
      .getArray()
      .find((l) => l.get('name') === name)
      ?.setOpacity(opacity);
  }, [map, name, opacity]);
  return null;
}
