/** OpenLayers features of the train, special-vehicle, zone and route layers (data in [lon, lat] → view). */
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { LineString, Point } from 'ol/geom';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { MAP_DATA_PROJECTION, MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import type {
  JpoFeature,
  LonLat,
  MuvFeature,
  RouteAnswer,
  TrackFeature,
  TrainFeature,
  TrainProperties,
} from '../../api/trains';
import { toView } from '../map/projection';
import { hasDangerousGoods, isSpecialVehicleActive, routeLabel, trainColor, trainLabel } from './rules';
import { ROUTE_COLOR, specialVehicleStyle, trackStyle, trainStyle, unitPointStyle, zoneStyle } from './styles';

/**
 * The on-screen rotation (radians, clockwise from up) of a heading given in degrees from north at a point:
 * the S-JTSK grid is turned against the meridians, so the heading is projected.
 */
export function viewRotation(lonLat: LonLat, azimut: number): number {
  const rad = (azimut * Math.PI) / 180;
  const step = 0.001;
  const [lon, lat] = lonLat;
  const ahead: LonLat = [lon + (Math.sin(rad) * step) / Math.cos((lat * Math.PI) / 180), lat + Math.cos(rad) * step];
  const [x0, y0] = toView(lonLat);
  const [x1, y1] = toView(ahead);
  return Math.atan2(x1 - x0, y1 - y0);
}

export function trainFeature(
  feature: TrainFeature,
  tracked: boolean,
  onClick: (train: TrainProperties) => void,
): Feature<Point> {
  const train = feature.properties;
  const lonLat = feature.geometry.coordinates;
  const f = new Feature({ geometry: new Point(toView(lonLat)) });
  f.setId(`train:${train.tr || feature.id}`);
  f.setProperties({ kind: 'train', tr: train.tr, tracked, train, onClick: () => onClick(train) });
  f.setStyle(
    trainStyle({
      color: trainColor(train),
      label: trainLabel(train),
      rotation: viewRotation(lonLat, train.azimut ?? 0),
      tracked,
      dangerous: hasDangerousGoods(train),
    }),
  );
  return f;
}

export function trackFeature(track: TrackFeature): Feature<LineString> {
  const f = new Feature({ geometry: new LineString(track.geometry.coordinates.map((c) => toView(c))) });
  f.setProperties({ kind: 'train-track', tr: track.properties.tr, part: track.properties.part });
  f.setStyle(trackStyle(track.properties.part));
  return f;
}

export function specialVehicleFeature(muv: MuvFeature, now: Date): Feature<Point> {
  const active = isSpecialVehicleActive(muv.properties.created, now);
  const f = new Feature({ geometry: new Point(toView(muv.geometry.coordinates)) });
  f.setId(muv.id);
  f.setProperties({ kind: 'special-vehicle', active, name: muv.properties.name, created: muv.properties.created });
  f.setStyle(specialVehicleStyle(muv.properties.name, active));
  return f;
}

const geojson = new GeoJSON();

export function zoneFeatures(zones: readonly JpoFeature[]): Feature[] {
  const features = geojson.readFeatures(
    { type: 'FeatureCollection', features: zones },
    { dataProjection: MAP_DATA_PROJECTION, featureProjection: MAP_VIEW_PROJECTION },
  ) as Feature[];
  for (const f of features) {
    f.set('kind', 'zone');
    f.setStyle(zoneStyle(f.get('color') as string));
  }
  return features;
}

/** The `[lon, lat]` of a Point geometry; null for anything else (JPO_URL's features are passed on as they came). */
function pointOf(geometry: JpoFeature['geometry']): LonLat | null {
  if (geometry?.type !== 'Point' || !Array.isArray(geometry.coordinates)) return null;
  const [lon, lat] = geometry.coordinates as unknown[];
  return typeof lon === 'number' && typeof lat === 'number' ? [lon, lat] : null;
}

export function unitPointFeatures(points: readonly JpoFeature[]): Feature<Point>[] {
  return points.flatMap((p) => {
    const at = pointOf(p.geometry);
    if (!at) return [];
    const { baseId, name = '' } = p.properties ?? {};
    const f = new Feature({ geometry: new Point(toView(at)) });
    f.setId(`unit:${baseId ?? p.id}`);
    f.setProperties({ kind: 'zone-unit', name, baseId });
    f.setStyle(unitPointStyle(name));
    return [f];
  });
}

/** px the route label keeps from the route's end, the event: the active event's marker with its halo */
export const ROUTE_LABEL_CLEARANCE = 44;
/** the label's half height and a margin */
const LABEL_HALF = 12;

/**
 * Where a route's label goes at a resolution: the middle of the line, unless that lies under the event marker at
 * its end (a vehicle at the scene: '0 min · 0 m' sat under the marker, issue 24 item 7) — then above the marker.
 */
export function routeLabelPlacement(line: LineString, resolution: number): { at: number[]; offsetY: number } {
  const end = line.getLastCoordinate();
  const middle = line.getCoordinateAt(0.5);
  const apartPx = Math.hypot(middle[0] - end[0], middle[1] - end[1]) / resolution;
  if (apartPx >= ROUTE_LABEL_CLEARANCE + LABEL_HALF) return { at: middle, offsetY: 0 };
  return { at: end, offsetY: -(ROUTE_LABEL_CLEARANCE + LABEL_HALF) };
}

export function routeFeature(route: RouteAnswer, id: string): Feature<LineString> {
  const line = new LineString(route.route.coordinates.map((c) => toView(c)));
  const f = new Feature({ geometry: line });
  f.setId(id);
  const label = routeLabel(route);
  f.setProperties({ kind: 'route', label });
  const strokes = [
    new Style({ stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.85)', width: 6 }) }),
    new Style({ stroke: new Stroke({ color: ROUTE_COLOR, width: 3, lineDash: [6, 6] }) }),
  ];
  f.setStyle((_feature, resolution) => {
    const { at, offsetY } = routeLabelPlacement(line, resolution);
    return [
      ...strokes,
      new Style({
        geometry: new Point(at),
        text: new Text({
          text: label,
          font: '700 11px Roboto, Arial, sans-serif',
          fill: new Fill({ color: '#ffffff' }),
          backgroundFill: new Fill({ color: ROUTE_COLOR }),
          padding: [2, 4, 2, 4],
          offsetY,
        }),
      }),
    ];
  });
  return f;
}
