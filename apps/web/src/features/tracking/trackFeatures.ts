/** Trails (the last 30 minutes of a vehicle) and deployment tracks as line features (data [lon, lat] → view). */
import Feature from 'ol/Feature';
import { LineString } from 'ol/geom';
import { Stroke, Style } from 'ol/style';
import type { JobTrack, ResourceTrail } from '@panel/domain/tracking';
import { toView } from '../map/projection';
import { JOB_STATUS_COLORS } from '../map/layers/vehicleStyles';

/** A trail: a thin dark-blue line under a white casing, so it reads on the base map and on an orthophoto. */
const TRAIL_STYLE = [
  new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.85)', width: 5 }) }),
  new Style({ stroke: new Stroke({ color: 'rgba(13,71,161,0.9)', width: 2.5 }) }),
];

export function trailFeature(trail: ResourceTrail): Feature<LineString> {
  const f = new Feature({ geometry: new LineString(trail.points.map((p) => toView(p))) });
  f.setId(`trail:${trail.resourceId}`);
  f.setProperties({ kind: 'trail', resourceId: trail.resourceId });
  f.setStyle(TRAIL_STYLE);
  return f;
}

const trackStyles = new Map<string, Style[]>();

/** A deployment's track in its job status colour (as the vehicle's marker), wider than a trail. */
export function jobTrackFeature(track: JobTrack): Feature<LineString> {
  const color = JOB_STATUS_COLORS[track.eventJobStatusId] ?? '#616161';
  let style = trackStyles.get(color);
  if (!style) {
    style = [
      new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 7 }) }),
      new Style({ stroke: new Stroke({ color, width: 4 }) }),
    ];
    trackStyles.set(color, style);
  }
  const f = new Feature({ geometry: new LineString(track.points.map((p) => toView(p))) });
  f.setId(`job-track:${track.jobId}`);
  f.setProperties({ kind: 'job-track', jobId: track.jobId, resourceId: track.resourceId });
  f.setStyle(style);
  return f;
}
