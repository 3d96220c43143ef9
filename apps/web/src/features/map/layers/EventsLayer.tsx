/**
 * Event targets (z 101, the active one emphasised and labelled) and destinations (z 102) of the events in
 * the bundle and of the new local ones; a click on either makes that event active (001 §4).
 */
import { useEffect, useMemo } from 'react';
import { LAYER_Z } from '@panel/domain/constants';
import type { Event } from '@panel/domain/sync';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { destinationFeatures, targetFeatures } from './eventFeatures';
import { whenIconFontReady } from './markers';
import { useVectorLayer } from './useVectorLayer';

const select = (uuid: string) => useUiStore.getState().setActiveEvent(uuid);

export function EventsLayer() {
  const eventsMap = useEntitiesStore((s) => s.events);
  const categories = useEntitiesStore((s) => s.eventCategories);
  const priorities = useEntitiesStore((s) => s.priorities);
  const activeUuid = useUiStore((s) => s.activeEventUuid);
  const localEvents = useUiStore((s) => s.localEvents);
  // new (unsaved) events show their target too: 'Nastavit jako cíl nové události', 'Příjem volání'
  const events = useMemo(
    () => [...Object.values(eventsMap), ...(Object.values(localEvents) as unknown as Event[])],
    [eventsMap, localEvents],
  );
  // an image layer: thousands of targets pan smoothly (bench/mapBrowser.bench.ts)
  const targets = useVectorLayer({ name: 'event-targets', zIndex: LAYER_Z.eventsMin, image: true });
  const destinations = useVectorLayer({ name: 'event-destinations', zIndex: LAYER_Z.eventsMin + 1 });

  useEffect(() => {
    targets.clear(true);
    targets.addFeatures(targetFeatures({ events, categories, priorities, activeUuid, onSelect: select }));
  }, [targets, events, categories, priorities, activeUuid]);

  useEffect(() => {
    destinations.clear(true);
    destinations.addFeatures(destinationFeatures({ events, onSelect: select }));
  }, [destinations, events]);

  // glyphs drawn before the icon font arrived are redrawn once it is there
  useEffect(() => {
    void whenIconFontReady().then(() => targets.changed());
  }, [targets]);

  return null;
}
