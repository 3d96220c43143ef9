/**
 * Linking on the map (001 §2, §4): while the map is in linking mode, the link radius circle around the active
 * event's target and arrows from it to each link candidate (GET /v2/events/{id}/link, nearest 50); clicking a
 * candidate (its mark or arrow) links the active event to it ('Připojeno'); the list of events to link is the
 * events feature's LinkCandidatesDialog. Linking ends when the active event changes or gets a parent.
 *
 * Radius: 001 §9 gives "link radius = 6.884e-6 × the maximum distance", a factor that turns metres into degrees
 * of longitude at Czech latitudes; with the maximum distance of twice NEARBY_RADIUS (000 §9 "2500 m, half of
 * 5000 m") that is ~0.0344° ≈ 2.5 km. We draw it as a geodesic circle of that many metres at the target's latitude.
 */
import { useEffect, useState } from 'react';
import { Button } from '@mui/material';
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import { circular } from 'ol/geom/Polygon';
import { Fill, RegularShape, Stroke, Style, Text, Circle } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import {
  LAYER_Z,
  LINK_RADIUS_FACTOR,
  MAP_DATA_PROJECTION,
  MAP_VIEW_PROJECTION,
  NEARBY_RADIUS,
} from '@panel/domain/constants';
import type { Event } from '@panel/domain/sync';
import { fetchLinkCandidates, type LinkCandidate } from '../../../api/events';
import { useUiStore } from '../../../stores/uiStore';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import { LinkCandidatesDialog } from '../../events/dialogs/LinkCandidatesDialog';
import { useMapMenuStore } from '../contextMenu/mapMenuStore';
import { hasTarget } from '../layers/eventFeatures';
import { useVectorLayer } from '../layers/useVectorLayer';
import { toView } from '../projection';
import { useEditingStore } from './editingStore';
import { linkActiveTo } from './linking';
import { StatusBar } from './StatusBar';
import { EDIT_TEXTS } from './texts';

const EARTH_DEGREE_M = 111_320;

/** The link radius in metres at this latitude (001 §9 factor × the maximum distance, degrees → metres). */
export function linkRadiusMetres(latitude: number, maxDistance = 2 * NEARBY_RADIUS): number {
  const degrees = LINK_RADIUS_FACTOR * maxDistance;
  return degrees * EARTH_DEGREE_M * Math.cos((latitude * Math.PI) / 180);
}

const circleStyle = new Style({
  stroke: new Stroke({ color: 'rgba(106,27,154,0.9)', width: 2, lineDash: [8, 6] }),
  fill: new Fill({ color: 'rgba(106,27,154,0.06)' }),
});

/** A line with its head just outside the candidate's mark (13 px ring), whatever the zoom. */
function arrowStyle(feature: FeatureLike, resolution: number): Style[] {
  const geometry = feature.getGeometry() as LineString;
  const [start, end] = [geometry.getFirstCoordinate(), geometry.getLastCoordinate()];
  const angle = Math.atan2(end[1] - start[1], end[0] - start[0]);
  const back = Math.min(22 * resolution, Math.hypot(end[0] - start[0], end[1] - start[1]) / 2);
  const tip = [end[0] - Math.cos(angle) * back, end[1] - Math.sin(angle) * back];
  return [
    new Style({
      geometry: new LineString([start, tip]),
      stroke: new Stroke({ color: 'rgba(106,27,154,0.85)', width: 2.5 }),
    }),
    new Style({
      geometry: new Point(tip),
      image: new RegularShape({
        points: 3,
        radius: 8,
        fill: new Fill({ color: '#6a1b9a' }),
        rotation: Math.PI / 2 - angle,
        rotateWithView: true,
      }),
    }),
  ];
}

const candidateStyle = (label: string) =>
  new Style({
    image: new Circle({
      radius: 13,
      stroke: new Stroke({ color: '#6a1b9a', width: 3 }),
      fill: new Fill({ color: 'rgba(106,27,154,0.12)' }),
    }),
    text: new Text({
      text: label,
      font: '600 12px Roboto, Arial, sans-serif',
      fill: new Fill({ color: '#4a148c' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
      offsetY: 24,
    }),
  });

export function LinkOverlay() {
  const linking = useMapMenuStore((s) => s.linking);
  const activeUuid = useUiStore((s) => s.activeEventUuid);
  const active = useActiveEvent();
  const event: Event | null = active?.kind === 'saved' ? active.event : null;
  const linkDialog = useEditingStore((s) => s.linkDialog);
  const [candidates, setCandidates] = useState<LinkCandidate[] | null>(null);
  const source = useVectorLayer({ name: 'link-overlay', zIndex: LAYER_Z.eventsMax });

  // the active event changes or gets linked: linking ends
  useEffect(() => {
    useMapMenuStore.getState().setLinking(false);
  }, [activeUuid]);
  useEffect(() => {
    if (linking && (!event || event.parentId != null)) useMapMenuStore.getState().setLinking(false);
  }, [linking, event]);

  const eventId = event?.id ?? null;
  useEffect(() => {
    setCandidates(null);
    if (!linking || eventId == null) return;
    let alive = true;
    useEditingStore.getState().set({ linkLoading: true });
    fetchLinkCandidates(eventId, 1, 50)
      .then((page) => alive && setCandidates(page.items))
      .catch((error: unknown) => console.error('[map] link candidates failed', error))
      .finally(() => useEditingStore.getState().set({ linkLoading: false }));
    return () => {
      alive = false;
    };
  }, [linking, eventId]);

  const targetLon = event?.targetLongitude;
  const targetLat = event?.targetLatitude;
  useEffect(() => {
    source.clear(true);
    if (!linking || !event || targetLon == null || targetLat == null || !hasTarget(event)) return;
    const from = toView([targetLon, targetLat]);
    const circle = circular([targetLon, targetLat], linkRadiusMetres(targetLat), 96).transform(
      MAP_DATA_PROJECTION,
      MAP_VIEW_PROJECTION,
    );
    const ring = new Feature({ geometry: circle, kind: 'link-radius' });
    ring.setStyle(circleStyle);
    source.addFeature(ring);
    for (const { event: other } of candidates ?? []) {
      if (!hasTarget(other)) continue;
      const to = toView([other.targetLongitude!, other.targetLatitude!]);
      const onClick = () => void linkActiveTo(event, other);
      const arrow = new Feature({
        geometry: new LineString([from, to]),
        kind: 'link-arrow',
        eventUuid: other.uuid,
        onClick,
      });
      arrow.setStyle(arrowStyle);
      const mark = new Feature({ geometry: new Point(to), kind: 'link-candidate', eventUuid: other.uuid, onClick });
      mark.setStyle(candidateStyle(other.code ?? other.header?.title?.value ?? `#${other.id}`));
      mark.setId(`link:${other.uuid}`);
      source.addFeatures([arrow, mark]);
    }
  }, [source, linking, event, targetLon, targetLat, candidates]);

  if (!linking || !event) return null;
  return (
    <>
      <StatusBar
        testId="linking-status"
        text={candidates && candidates.length === 0 ? EDIT_TEXTS.linkingNone : EDIT_TEXTS.linkingBanner}
      >
        <Button size="small" onClick={() => useEditingStore.getState().set({ linkDialog: true })}>
          {EDIT_TEXTS.linkList}
        </Button>
        <Button size="small" onClick={() => useMapMenuStore.getState().setLinking(false)}>
          {EDIT_TEXTS.cancelLinking}
        </Button>
      </StatusBar>
      <LinkCandidatesDialog
        event={event}
        open={linkDialog}
        onClose={() => useEditingStore.getState().set({ linkDialog: false })}
      />
    </>
  );
}
