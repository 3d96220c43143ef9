/**
 * Measuring distance and area (001 §2, §4): type none/line/polygon from the map store; each finished
 * measurement stays labelled on the map until measuring is switched off, which clears them. Lengths and areas
 * are geodesic (ol/sphere in the view projection).
 */
import { useEffect } from 'react';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { LineString, Polygon, type Geometry } from 'ol/geom';
import { getArea, getLength } from 'ol/sphere';
import { Fill, Stroke, Style, Text, Circle } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import { LAYER_Z, MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import { useMap } from '../MapContext';
import { useMapStore } from '../mapStore';
import { formatArea, formatLength } from './measureFormat';

export function measureLabel(geometry: Geometry): string {
  if (geometry instanceof Polygon) return formatArea(getArea(geometry, { projection: MAP_VIEW_PROJECTION }));
  if (geometry instanceof LineString) return formatLength(getLength(geometry, { projection: MAP_VIEW_PROJECTION }));
  return '';
}

const stroke = new Stroke({ color: '#d32f2f', width: 2.5, lineDash: [8, 6] });
const styleOf = (feature: FeatureLike) =>
  new Style({
    stroke,
    fill: new Fill({ color: 'rgba(211,47,47,0.12)' }),
    image: new Circle({ radius: 4, fill: new Fill({ color: '#d32f2f' }) }),
    text: new Text({
      text: feature.get('label') ?? '',
      font: '600 13px Roboto, Arial, sans-serif',
      fill: new Fill({ color: '#ffffff' }),
      backgroundFill: new Fill({ color: 'rgba(183,28,28,0.9)' }),
      padding: [2, 4, 2, 4],
      placement: 'point',
      overflow: true,
      offsetY: -14,
    }),
  });

export function MeasureTool() {
  const map = useMap();
  const type = useMapStore((s) => s.measure);

  useEffect(() => {
    if (type === 'none') return;
    const source = new VectorSource();
    const layer = new VectorLayer({ source, style: styleOf, zIndex: LAYER_Z.measure, properties: { name: 'measure' } });
    const draw = new Draw({ source, type: type === 'line' ? 'LineString' : 'Polygon', style: styleOf });
    draw.on('drawstart', (e) => {
      const geometry = e.feature.getGeometry();
      geometry?.on('change', () => e.feature.set('label', measureLabel(geometry)));
    });
    draw.on('drawend', (e) => {
      const geometry = e.feature.getGeometry();
      if (geometry) e.feature.set('label', measureLabel(geometry));
    });
    map.addLayer(layer);
    map.addInteraction(draw);
    return () => {
      map.removeInteraction(draw);
      map.removeLayer(layer); // switching off (or to the other type) clears the results
    };
  }, [map, type]);
  return null;
}
