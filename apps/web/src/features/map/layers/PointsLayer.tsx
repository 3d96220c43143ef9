/** Chosen map points (search results, entered coordinates) and the ctrl-click origin (z 40). */
import { useEffect } from 'react';
import Feature from 'ol/Feature';
import { Point } from 'ol/geom';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { LAYER_Z } from '@panel/domain/constants';
import { useMapStore } from '../mapStore';
import { toView } from '../projection';
import { LABEL_DECLUTTER, SYMBOL_MODE } from './declutter';
import { useVectorLayer } from './useVectorLayer';

const pointStyle = (title: string) =>
  new Style({
    image: new Circle({
      radius: 7,
      fill: new Fill({ color: '#7b1fa2' }),
      stroke: new Stroke({ color: '#ffffff', width: 2.5 }),
      declutterMode: SYMBOL_MODE,
    }),
    text: new Text({
      text: title,
      font: '600 12px Roboto, Arial, sans-serif',
      fill: new Fill({ color: '#4a148c' }),
      stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 }),
      offsetY: -16,
    }),
  });

const originStyle = new Style({
  image: new Circle({
    radius: 6,
    fill: new Fill({ color: '#ffffff' }),
    stroke: new Stroke({ color: '#00838f', width: 3 }),
    declutterMode: SYMBOL_MODE,
  }),
});

export function PointsLayer() {
  const points = useMapStore((s) => s.points);
  const origin = useMapStore((s) => s.origin);
  const source = useVectorLayer({ name: 'map-points', zIndex: LAYER_Z.points, declutter: LABEL_DECLUTTER });
  useEffect(() => {
    source.clear(true);
    source.addFeatures(
      points.map((p) => {
        const f = new Feature({ geometry: new Point(toView(p.coordinates)), kind: 'map-point', pointId: p.id });
        f.setId(`point:${p.id}`);
        f.setStyle(pointStyle(p.title));
        return f;
      }),
    );
    if (origin) {
      const f = new Feature({ geometry: new Point(toView(origin)), kind: 'origin' });
      f.setStyle(originStyle);
      source.addFeature(f);
    }
  }, [source, points, origin]);
  return null;
}
