/** A vector layer that lives as long as the component: created on mount, removed on unmount. */
import { useEffect, useState } from 'react';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import type { StyleLike } from 'ol/style/Style';
import type { FlatStyleLike } from 'ol/style/flat';
import { useMap } from '../MapContext';

export interface VectorLayerOptions {
  name: string;
  zIndex: number;
  style?: StyleLike | FlatStyleLike | null;
  /** a declutter group shared with other layers, see `declutter.ts` (LABEL_DECLUTTER) */
  declutter?: boolean | string;
  visible?: boolean;
  /**
   * Render into an image that is moved while the map pans and redrawn when it stops: many features (10,000
   * event targets) pan smoothly; its labels declutter only among themselves, not with other layers.
   */
  image?: boolean;
}

export function useVectorLayer(options: VectorLayerOptions): VectorSource {
  const map = useMap();
  const [source] = useState(() => new VectorSource());
  const { name, zIndex, style, declutter, visible = true, image = false } = options;
  const [layer] = useState(() =>
    image
      ? new VectorImageLayer({
          source,
          zIndex,
          style: style ?? undefined,
          imageRatio: 2,
          // an image layer declutters only within itself
          declutter: declutter ?? false,
          properties: { name },
        })
      : new VectorLayer({
          source,
          zIndex,
          style: style ?? undefined,
          declutter: declutter ?? false,
          properties: { name },
          updateWhileInteracting: false,
          updateWhileAnimating: false,
        }),
  );
  useEffect(() => {
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, layer]);
  useEffect(() => layer.setVisible(visible), [layer, visible]);
  useEffect(() => {
    if (style !== undefined) layer.setStyle(style ?? undefined);
  }, [layer, style]);
  return source;
}
