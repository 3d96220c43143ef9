/**
 * The offline default base map, drawn from data we own so a dispatcher can orient without internet: the
 * Czech land and border (world-atlas), railway lines, operating points and place names from our database.
 * Points and places load by view extent and zoom bucket (more detail as the map zooms in).
 */
import { useEffect } from 'react';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { all as allStrategy, bbox as bboxStrategy } from 'ol/loadingstrategy';
import LayerGroup from 'ol/layer/Group';
import { api } from '../../../api/client';
import { useMap } from '../MapContext';
import { bboxParam, loadCountry, readFeatures } from './mapData';
import { LAND, lineStyle, placeStyle, pointStyle } from './offlineStyles';
import { LABEL_DECLUTTER } from '../layers/declutter';

/**
 * Zoom buckets at which the server answers more detail (docs/API.md "Map data": stations at every zoom, every
 * operating point from 3; cities always, towns from 1, villages from 4). Zoom 0 is 512 m/px (the country).
 */
export const pointBucket = (zoom: number) => (zoom >= 3 ? 1 : 0);
export const placeBucket = (zoom: number) => (zoom >= 4 ? 2 : zoom >= 1 ? 1 : 0);
/** A failed extent is tried again after this long (not at every render: that would hammer the server). */
export const RETRY_MS = 30_000;

function extentSource(path: string, zoomOf: () => number) {
  const source: VectorSource = new VectorSource({
    strategy: bboxStrategy,
    loader: (extent, _resolution, _projection, success, failure) => {
      const zoom = zoomOf();
      api
        .get<unknown>(`${path}?bbox=${bboxParam(extent)}&zoom=${zoom}`)
        .then((json) => {
          const features = readFeatures(json);
          source.addFeatures(features.filter((f) => f.getId() === undefined || !source.getFeatureById(f.getId()!)));
          success?.(features);
        })
        .catch((error: unknown) => {
          console.warn('[map] offline data failed', path, error);
          failure?.();
          setTimeout(() => source.removeLoadedExtent(extent), RETRY_MS);
        });
    },
  });
  return source;
}

export function OfflineBaseMap({ visible }: { visible: boolean }) {
  const map = useMap();

  useEffect(() => {
    const view = map.getView();
    const zoom = () => Math.round(view.getZoom() ?? 0);

    const land = new VectorSource();
    loadCountry()
      .then((features) => land.addFeatures(features.map((f) => f.clone())))
      .catch((error: unknown) => console.warn('[map] country outline failed', error));

    const lines: VectorSource = new VectorSource({
      strategy: allStrategy,
      loader: (_extent, _resolution, _projection, success, failure) => {
        api
          .get<unknown>('/v2/map/railway-lines')
          .then((json) => {
            const features = readFeatures(json);
            lines.addFeatures(features);
            success?.(features);
          })
          .catch((error: unknown) => {
            console.warn('[map] railway lines failed', error);
            failure?.();
            setTimeout(() => lines.removeLoadedExtent([-Infinity, -Infinity, Infinity, Infinity]), RETRY_MS);
          });
      },
    });
    const points = extentSource('/v2/map/railway-points', zoom);
    const placesSource = extentSource('/v2/map/places', zoom);

    const pointsLayer = new VectorLayer({
      source: points,
      style: pointStyle(zoom()),
      declutter: LABEL_DECLUTTER,
      properties: { name: 'railway-points' },
    });
    const group = new LayerGroup({
      zIndex: 0,
      properties: { name: 'offline-base' },
      layers: [
        new VectorLayer({ source: land, style: LAND, properties: { name: 'land' } }),
        new VectorLayer({ source: lines, style: lineStyle, properties: { name: 'railway-lines' } }),
        pointsLayer,
        new VectorLayer({
          source: placesSource,
          style: placeStyle,
          declutter: LABEL_DECLUTTER,
          properties: { name: 'places' },
        }),
      ],
    });
    map.addLayer(group);

    let buckets = [pointBucket(zoom()), placeBucket(zoom())];
    const onZoom = () => {
      const z = zoom();
      pointsLayer.setStyle(pointStyle(z));
      const next = [pointBucket(z), placeBucket(z)];
      if (next[0] !== buckets[0]) points.refresh();
      if (next[1] !== buckets[1]) placesSource.refresh();
      buckets = next;
    };
    view.on('change:resolution', onZoom);
    return () => {
      view.un('change:resolution', onZoom);
      map.removeLayer(group);
    };
  }, [map]);

  useEffect(() => {
    const group = map
      .getLayers()
      .getArray()
      .find((l) => l.get('name') === 'offline-base');
    group?.setVisible(visible);
  }, [map, visible]);

  return null;
}
