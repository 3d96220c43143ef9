/**
 * The cards' points on the map (001 §2 "panorama point, cadastre point, rail-image point, explore point,
 * hunting-region point"): the open card's coordinate and the hunting region's polygon (z 40, `LAYER_Z.points`),
 * the panorama point (z 105, `LAYER_Z.panorama`).
 */
import { useEffect } from 'react';
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { Point } from 'ol/geom';
import { Circle, Fill, RegularShape, Stroke, Style } from 'ol/style';
import { LAYER_Z, MAP_DATA_PROJECTION, MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import { useVectorLayer } from '../layers/useVectorLayer';
import { toView } from '../projection';
import type { CardKind } from './cardRules';
import { useCardsStore } from './cardsStore';

const COLOURS: Record<CardKind, string> = {
  cadastre: '#ef6c00',
  railImage: '#1565c0',
  explore: '#00897b',
  hunting: '#2e7d32',
  train: '#6d4c41',
};

const pointStyle = (colour: string) =>
  new Style({
    image: new Circle({
      radius: 7,
      fill: new Fill({ color: colour }),
      stroke: new Stroke({ color: '#ffffff', width: 2.5 }),
    }),
  });

const regionStyle = new Style({
  stroke: new Stroke({ color: '#2e7d32', width: 2.5, lineDash: [8, 5] }),
  fill: new Fill({ color: 'rgba(46,125,50,0.12)' }),
});

const panoramaStyle = new Style({
  image: new RegularShape({
    points: 3,
    radius: 10,
    rotation: 0,
    fill: new Fill({ color: '#c62828' }),
    stroke: new Stroke({ color: '#ffffff', width: 2 }),
  }),
});

const geojson = new GeoJSON({ dataProjection: MAP_DATA_PROJECTION, featureProjection: MAP_VIEW_PROJECTION });

export function CardLayers() {
  const kind = useCardsStore((s) => s.kind);
  const lonLat = useCardsStore((s) => s.lonLat);
  const hunting = useCardsStore((s) => s.hunting);
  const panorama = useCardsStore((s) => s.panorama);
  const points = useVectorLayer({ name: 'card-points', zIndex: LAYER_Z.points });
  const panoramaSource = useVectorLayer({ name: 'panorama-point', zIndex: LAYER_Z.panorama });

  useEffect(() => {
    points.clear(true);
    // the train has its own symbol on the train layer
    if (!kind || kind === 'train' || !lonLat) return;
    if (kind === 'hunting' && hunting?.geometry) {
      try {
        const region = geojson.readFeature({ type: 'Feature', geometry: hunting.geometry, properties: {} }) as Feature;
        region.setStyle(regionStyle);
        region.set('kind', 'hunting-region');
        points.addFeature(region);
      } catch (error) {
        console.warn('[cards] hunting polygon unreadable', error);
      }
    }
    const point = new Feature({ geometry: new Point(toView(lonLat)), kind: `card-${kind}` });
    point.setId(`card:${kind}`);
    point.setStyle(pointStyle(COLOURS[kind]));
    points.addFeature(point);
  }, [points, kind, lonLat, hunting]);

  useEffect(() => {
    panoramaSource.clear(true);
    if (!panorama) return;
    const point = new Feature({ geometry: new Point(toView(panorama.lonLat)), kind: 'panorama' });
    point.setId('panorama');
    point.setStyle(panoramaStyle);
    panoramaSource.addFeature(point);
  }, [panoramaSource, panorama]);

  return null;
}
