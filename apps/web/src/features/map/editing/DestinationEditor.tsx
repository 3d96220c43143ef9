/**
 * The destination point editor (001 §2): when the active event has a destination and the user may set it, a
 * handle around the flag can be dragged (ol/interaction/Translate on a layer of its own); the new place is saved
 * (destinationLatitude/Longitude, rounded to 8 decimals). A failed save puts the handle back.
 */
import { useEffect, useMemo } from 'react';
import Feature from 'ol/Feature';
import { Point } from 'ol/geom';
import { primaryAction } from 'ol/events/condition';
import Translate from 'ol/interaction/Translate';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { LAYER_Z } from '@panel/domain/constants';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { hasDestination } from '../layers/eventFeatures';
import { useMap } from '../MapContext';
import { useMapStore } from '../mapStore';
import { toLonLat, toView } from '../projection';
import { setDestination } from './eventEdits';
import { canSetDestination, type EditData } from './rules';
import { destinationHandleStyle } from './styles';
import { EDIT_TEXTS } from './texts';
import { useRuleContext } from './useRuleContext';

export function DestinationEditor() {
  const map = useMap();
  const ctx = useRuleContext();
  const categories = useEntitiesStore((s) => s.eventCategories);
  const tags = useEntitiesStore((s) => s.tags);
  const events = useEntitiesStore((s) => s.events);
  const points = useMapStore((s) => s.points);
  const data: EditData = useMemo(() => ({ categories, tags, events, points }), [categories, tags, events, points]);
  const event = ctx.activeEvent?.event;
  const editable =
    Boolean(event && hasDestination(event as Parameters<typeof hasDestination>[0])) && canSetDestination(ctx, data);
  const uuid = event?.uuid;
  const lon = event?.destinationLongitude;
  const lat = event?.destinationLatitude;

  useEffect(() => {
    if (!editable || !uuid || lon == null || lat == null) return;
    const feature = new Feature({ geometry: new Point(toView([lon, lat])), kind: 'destination-handle' });
    feature.set('title', EDIT_TEXTS.destinationDrag);
    const source = new VectorSource({ features: [feature] });
    const layer = new VectorLayer({
      source,
      style: destinationHandleStyle,
      zIndex: LAYER_Z.eventsMin + 2,
      properties: { name: 'destination-editor' },
    });
    // the left button only: a right click on the flag opens the map menu (to remove it), and OpenLayers' default
    // would take its press and release as a drag ending where it began: a save of the same place, which moved the
    // event's version under the removal the user then picked and had it refused as someone else's change
    const translate = new Translate({ layers: [layer], hitTolerance: 6, condition: primaryAction });
    translate.on('translateend', (e) => {
      const geometry = e.features.item(0)?.getGeometry() as Point | undefined;
      if (!geometry) return;
      // a click on the handle without a move changes nothing: nothing is saved
      if (e.coordinate.every((c, i) => c === e.startCoordinate[i])) return;
      const [newLon, newLat] = toLonLat(geometry.getCoordinates());
      void setDestination(uuid, [newLon, newLat]).then((ok) => {
        if (!ok) geometry.setCoordinates(toView([lon, lat]));
      });
    });
    map.addLayer(layer);
    map.addInteraction(translate);
    return () => {
      map.removeInteraction(translate);
      map.removeLayer(layer);
    };
  }, [map, editable, uuid, lon, lat]);

  return null;
}
