/** The report map's own features: the target marker and each track's end labelled with its vehicle. */
import Feature from 'ol/Feature';
import { Point } from 'ol/geom';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { JobTrack, TrackCoordinate } from '@panel/domain/tracking';
import { toView } from '../map/projection';
import { JOB_STATUS_COLORS } from '../map/layers/vehicleStyles';

const label = (text: string, offsetY: number) =>
  new Text({
    text,
    font: 'bold 12px sans-serif',
    offsetY,
    fill: new Fill({ color: '#212121' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  });

/** The event's place: a red ring with its label above. */
export function targetFeature(target: TrackCoordinate, text: string): Feature<Point> {
  const f = new Feature({ geometry: new Point(toView(target)) });
  f.setStyle(
    new Style({
      image: new Circle({
        radius: 8,
        fill: new Fill({ color: 'rgba(229,57,53,0.35)' }),
        stroke: new Stroke({ color: '#c62828', width: 3 }),
      }),
      text: label(text, -18),
    }),
  );
  return f;
}

/** The last point of a track: a dot in the job's status colour with the vehicle's name under it. */
export function trackEndFeature(track: JobTrack, name: string): Feature<Point> | null {
  const last = track.points.at(-1);
  if (!last) return null;
  const f = new Feature({ geometry: new Point(toView(last)) });
  f.setStyle(
    new Style({
      image: new Circle({
        radius: 5,
        fill: new Fill({ color: JOB_STATUS_COLORS[track.eventJobStatusId] ?? '#616161' }),
        stroke: new Stroke({ color: '#ffffff', width: 2 }),
      }),
      text: label(name, 16),
    }),
  );
  return f;
}
