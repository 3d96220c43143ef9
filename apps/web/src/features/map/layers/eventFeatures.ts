/** Event targets and destinations as map features (pure: tested without a map). */
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import type { Event, EventCategory, Priority } from '@panel/domain/sync';
import { toView } from '../projection';
import { markerLook, markerStyle } from './markers';
import { Fill, Icon, Stroke, Style } from 'ol/style';

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
export const hasTarget = (e: Pick<Event, 'targetLatitude' | 'targetLongitude'>) =>
  finite(e.targetLatitude) && finite(e.targetLongitude) && (e.targetLatitude !== 0 || e.targetLongitude !== 0);
export const hasDestination = (e: Pick<Event, 'destinationLatitude' | 'destinationLongitude'>) =>
  finite(e.destinationLatitude) && finite(e.destinationLongitude);

const FLAG_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="26" height="30" viewBox="0 0 26 30">' +
  '<path d="M4 28V3" stroke="#263238" stroke-width="2.5" stroke-linecap="round"/>' +
  '<path d="M5 3h17l-4 6 4 6H5z" fill="#e53935" stroke="#ffffff" stroke-width="1.5"/></svg>';
const destinationStyle = new Style({
  image: new Icon({ src: `data:image/svg+xml;utf8,${encodeURIComponent(FLAG_SVG)}`, anchor: [0.15, 0.95] }),
});
const destinationLine = new Style({ stroke: new Stroke({ color: 'rgba(229,57,53,0.8)', width: 2, lineDash: [6, 6] }) });
export const targetFill = new Fill({ color: '#000' });

export interface EventFeatureInput {
  events: Event[];
  categories: Record<number, EventCategory>;
  priorities: Record<number, Priority>;
  activeUuid: string | null;
  onSelect: (uuid: string) => void;
}

/** One target feature per event with coordinates (`kind` 'event-target'), the active one emphasised. */
export function targetFeatures({ events, categories, priorities, activeUuid, onSelect }: EventFeatureInput): Feature[] {
  return events.filter(hasTarget).map((event) => {
    const active = event.uuid === activeUuid;
    const look = markerLook(
      categories[event.eventCategoryId]?.marker,
      event.priorityId !== null ? priorities[event.priorityId]?.color : null,
    );
    const feature = new Feature({
      geometry: new Point(toView([event.targetLongitude!, event.targetLatitude!])),
      kind: 'event-target',
      eventUuid: event.uuid,
      onClick: () => onSelect(event.uuid),
    });
    feature.setId(`target:${event.uuid}`);
    feature.setStyle(markerStyle(look, active, active ? (event.code ?? event.header?.title?.value ?? null) : null));
    return feature;
  });
}

/** Destination flags with a dashed line from the target (`kind` 'event-destination'). */
export function destinationFeatures({ events, onSelect }: Pick<EventFeatureInput, 'events' | 'onSelect'>): Feature[] {
  const out: Feature[] = [];
  for (const event of events.filter(hasDestination)) {
    const destination = toView([event.destinationLongitude!, event.destinationLatitude!]);
    const flag = new Feature({
      geometry: new Point(destination),
      kind: 'event-destination',
      eventUuid: event.uuid,
      onClick: () => onSelect(event.uuid),
    });
    flag.setId(`destination:${event.uuid}`);
    flag.setStyle(destinationStyle);
    out.push(flag);
    if (hasTarget(event)) {
      const line = new Feature({
        geometry: new LineString([toView([event.targetLongitude!, event.targetLatitude!]), destination]),
      });
      line.setStyle(destinationLine);
      out.push(line);
    }
  }
  return out;
}
