/**
 * The map of the report: the event's place and the deployments' tracks (`resource_positions` during each job,
 * as the event view draws them) on the offline base map — our own data, so it draws without internet and
 * without a map service (and no foreign tile can taint the canvas). Static: no interactions, the view fitted
 * to the place and the tracks. Once drawn, the map's layer canvases are composed into one image (the map
 * screenshot's recipe) and print shows that image: a live canvas would be stretched to the page's width.
 * `data-ready` tells the print journey the map is drawn.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import OlMap from 'ol/Map';
import View from 'ol/View';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { createEmpty, extend, isEmpty, type Extent } from 'ol/extent';
import 'ol/ol.css';
import { MAP_VIEW_PROJECTION, MAP_ZOOM_MAX, MAP_ZOOM_MIN } from '@panel/domain/constants';
import { incidentReportTexts as T, type IncidentReport } from '@panel/domain/incidentReport';
import { MapContext } from '../map/MapContext';
import { OfflineBaseMap } from '../map/base/OfflineBaseMap';
import { GRID_EXTENT, RESOLUTIONS, registerProjection, toView } from '../map/projection';
import { composeMapCanvas } from '../map/screenshot/capture';
import { jobTrackFeature } from '../tracking/trackFeatures';
import { targetFeature, trackEndFeature } from './mapFeatures';
import { Section } from './Section';

/** A map that is still loading after this long is captured as it is (a slow layer must not block print). */
const CAPTURE_AFTER_MS = 8_000;
/** Not closer than this zoom (8 m/px: the station and the villages around stay in view for orientation). */
const MAX_FIT_ZOOM = 6;

export const MAP_HEIGHT = 340;

export function ReportMap({ report }: { report: IncidentReport }) {
  const targetRef = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const target = report.event.target;
  const hasTracks = report.tracks.some((t) => t.points.length > 0);

  useEffect(() => {
    if (!target && !hasTracks) return;
    registerProjection();
    const features = new VectorSource();
    const names = new Map(report.vehicles.map((v) => [v.jobId, v.name]));
    const extent: Extent = createEmpty();
    for (const track of report.tracks) {
      if (track.points.length === 0) continue;
      if (track.points.length > 1) features.addFeature(jobTrackFeature(track));
      const end = trackEndFeature(track, names.get(track.jobId) ?? '');
      if (end) features.addFeature(end);
      for (const p of track.points) extend(extent, [...toView(p), ...toView(p)]);
    }
    if (target) {
      features.addFeature(targetFeature(target, report.event.code ?? T.map.target));
      extend(extent, [...toView(target), ...toView(target)]);
    }
    const view = new View({
      projection: MAP_VIEW_PROJECTION,
      resolutions: [...RESOLUTIONS],
      minZoom: MAP_ZOOM_MIN,
      maxZoom: MAP_ZOOM_MAX,
      extent: GRID_EXTENT,
      constrainOnlyCenter: true,
    });
    const created = new OlMap({ target: targetRef.current ?? undefined, view, controls: [], interactions: [] });
    created.addLayer(new VectorLayer({ source: features, zIndex: 10, properties: { name: 'report' } }));
    if (!isEmpty(extent)) view.fit(extent, { padding: [40, 40, 40, 40], maxZoom: MAX_FIT_ZOOM });
    let captured = false;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const capture = () => {
      captured = true;
      try {
        setImage(composeMapCanvas(created).toDataURL('image/png'));
      } catch (error) {
        console.warn('[report] map capture failed', error); // print then shows the live canvas
        setImage('');
      }
    };
    // again after every complete render (the country outline arrives outside the layers' loaders), settled
    const onComplete = () => {
      clearTimeout(pending);
      pending = setTimeout(capture, 400);
    };
    created.on('rendercomplete', onComplete);
    const timer = setTimeout(() => captured || capture(), CAPTURE_AFTER_MS);
    setMap(created);
    return () => {
      clearTimeout(timer);
      clearTimeout(pending);
      created.un('rendercomplete', onComplete);
      created.setTarget(undefined);
      setMap(null);
    };
  }, [report, target, hasTracks]);

  return (
    <Section title={T.sections.map} testId="report-map">
      {!target && !hasTracks ? (
        <Typography variant="body2">{T.map.noTarget}</Typography>
      ) : (
        <>
          <Box
            className="report-map-live"
            data-ready={image !== null ? 'true' : 'false'}
            data-testid="report-map-canvas"
            sx={{
              position: 'relative',
              height: MAP_HEIGHT,
              border: '1px solid #c9d1da',
              bgcolor: '#dfe4e8',
              '@media print': image ? { display: 'none' } : {},
            }}
          >
            <Box ref={targetRef} sx={{ position: 'absolute', inset: 0 }} />
            {map && (
              <MapContext.Provider value={map}>
                <OfflineBaseMap visible />
              </MapContext.Provider>
            )}
          </Box>
          {image && (
            <Box
              component="img"
              src={image}
              alt={T.sections.map}
              className="report-map-print"
              sx={{ display: 'none', '@media print': { display: 'block', width: '100%', border: '1px solid #c9d1da' } }}
            />
          )}
          <Typography variant="caption" sx={{ display: 'block', mt: 0.5 }}>
            {T.map.legend}
          </Typography>
        </>
      )}
    </Section>
  );
}
