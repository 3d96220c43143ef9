/** Event notes (poi, z 150) and drawn geo objects (lines and polygons, z 150) of the events in the bundle. */
import { useEffect, useMemo } from 'react';
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { Point } from 'ol/geom';
import { Fill, Icon, Stroke, Style, Text } from 'ol/style';
import { LABEL_DECLUTTER, SYMBOL_MODE } from './declutter';
import type { FeatureLike } from 'ol/Feature';
import { MAP_DATA_PROJECTION, MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import type { EventGeo } from '@panel/domain/sync';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { toView } from '../projection';
import { useVectorLayer } from './useVectorLayer';

export const OBJECTS_Z = 150;

const NOTE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="30" viewBox="0 0 24 30">' +
  '<path d="M12 29s10-10.5 10-17A10 10 0 0 0 2 12c0 6.5 10 17 10 17z" fill="#fbc02d" stroke="#5d4037" stroke-width="1.5"/>' +
  '<rect x="7" y="7" width="10" height="2" fill="#5d4037"/><rect x="7" y="11" width="10" height="2" fill="#5d4037"/></svg>';
const noteIcon = new Icon({
  src: `data:image/svg+xml;utf8,${encodeURIComponent(NOTE_SVG)}`,
  anchor: [0.5, 1],
  declutterMode: SYMBOL_MODE,
});

const noteStyle = (text: string) =>
  new Style({
    image: noteIcon,
    text: new Text({
      text,
      font: '12px Roboto, Arial, sans-serif',
      fill: new Fill({ color: '#3e2723' }),
      backgroundFill: new Fill({ color: 'rgba(255,249,196,0.95)' }),
      padding: [2, 4, 2, 4],
      offsetY: 12,
      maxAngle: 0,
    }),
  });

const geoStyle = (feature: FeatureLike) =>
  new Style({
    stroke: new Stroke({ color: '#1565c0', width: 3 }),
    fill: new Fill({ color: 'rgba(21,101,192,0.15)' }),
    text: new Text({
      text: String(feature.get('title') ?? ''),
      font: '600 12px Roboto, Arial, sans-serif',
      fill: new Fill({ color: '#0d47a1' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
      overflow: true,
    }),
  });

const format = new GeoJSON();

/** The drawn object's features (its geojson is a Feature, FeatureCollection or bare geometry). */
export function geoFeatures(geo: EventGeo): Feature[] {
  try {
    const features = format.readFeatures(geo.geojson, {
      dataProjection: MAP_DATA_PROJECTION,
      featureProjection: MAP_VIEW_PROJECTION,
    }) as Feature[];
    for (const f of features) {
      f.set('kind', 'geo');
      f.set('geoId', geo.id);
      f.set('title', geo.title ?? f.get('title') ?? '');
    }
    return features;
  } catch (error) {
    console.warn('[map] bad geo object', geo.id, error);
    return [];
  }
}

export function MapObjectsLayer() {
  const objectsMap = useEntitiesStore((s) => s.eventObjects);
  const geosMap = useEntitiesStore((s) => s.eventGeos);
  const objects = useMemo(() => Object.values(objectsMap), [objectsMap]);
  const geos = useMemo(() => Object.values(geosMap), [geosMap]);
  const source = useVectorLayer({
    name: 'map-objects',
    zIndex: OBJECTS_Z,
    style: geoStyle,
    declutter: LABEL_DECLUTTER,
  });

  useEffect(() => {
    source.clear(true);
    source.addFeatures(geos.flatMap(geoFeatures));
    source.addFeatures(
      objects.map((o) => {
        const f = new Feature({ geometry: new Point(toView([o.longitude, o.latitude])), kind: 'note', noteId: o.id });
        f.setId(`note:${o.id}`);
        f.setStyle(noteStyle(o.content ?? ''));
        return f;
      }),
    );
  }, [source, objects, geos]);
  return null;
}
