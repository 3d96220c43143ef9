/**
 * 'Zobrazit na mapě' of a deployment's track in the event view (issue 14 item 6): the track is drawn highlighted
 * over the deployment tracks while its event is the active one, and the view fits it once. Mounted after
 * AutoCenter (MapPage), so on a phone, where the map mounts with the event's 'Mapa' tab and AutoCenter turns
 * itself on for the event, this explicit choice comes last and auto-centre stays off.
 */
import { useEffect } from 'react';
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import { boundingExtent } from 'ol/extent';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { LAYER_Z, MAP_FIT_DURATION, MAP_ZOOM_TO } from '@panel/domain/constants';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { useMap } from '../map/MapContext';
import { useMapStore, type FocusedTrack } from '../map/mapStore';
import { toView } from '../map/projection';
import { useVectorLayer } from '../map/layers/useVectorLayer';

const HALO = new Style({ stroke: new Stroke({ color: 'rgba(255,235,59,0.9)', width: 12 }) });

/** The highlighted line (a yellow halo under the job colour) and a dot where the track starts. */
export function focusedTrackFeatures(track: FocusedTrack): Feature[] {
  const coordinates = track.points.map((p) => toView(p));
  const start = new Feature({ geometry: new Point(coordinates[0]), kind: 'focused-track-start' });
  start.setStyle(
    new Style({
      image: new Circle({
        radius: 6,
        fill: new Fill({ color: track.color }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
    }),
  );
  if (coordinates.length < 2) return [start];
  const line = new Feature({ geometry: new LineString(coordinates), kind: 'focused-track', jobId: track.jobId });
  line.setId(`focused-track:${track.jobId}`);
  line.setStyle([HALO, new Style({ stroke: new Stroke({ color: track.color, width: 5 }) })]);
  return [line, start];
}

export function TrackFocus() {
  const map = useMap();
  const focused = useMapStore((s) => s.focusedTrack);
  const active = useActiveEvent();
  const activeId = active?.kind === 'saved' ? (active.event.id ?? null) : null;
  const shown = focused && focused.eventId === activeId && focused.points.length > 0 ? focused : null;
  const source = useVectorLayer({ name: 'focused-track', zIndex: LAYER_Z.jobLines + 1 });

  useEffect(() => {
    source.clear(true);
    if (shown) source.addFeatures(focusedTrackFeatures(shown));
  }, [source, shown]);

  useEffect(() => {
    if (!shown || shown.fitted) return;
    const view = map.getView();
    view.cancelAnimations();
    const extent = boundingExtent(shown.points.map((p) => toView(p)));
    view.fit(extent, { maxZoom: MAP_ZOOM_TO, duration: MAP_FIT_DURATION, padding: [80, 80, 80, 80] });
    // the user's explicit choice: auto-centre would pull the view back to the event's place
    useMapStore.getState().set({ autoCenter: false, focusedTrack: { ...shown, fitted: true } });
  }, [map, shown]);
  return null;
}
