/**
 * Editing on the map (issue 6): the note banner, the terrain dialog, drawing and editing geo objects, the
 * destination point editor and the linking overlay. The context menu items live in `contextMenu/eventItems.ts`,
 * `objectItems.ts` and `linkItems.ts`; a click on a note the user may edit opens the note banner.
 */
import { useEffect, useRef } from 'react';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { editData } from '../contextMenu/eventItems';
import { openNote } from '../contextMenu/objectItems';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useMap } from '../MapContext';
import { DestinationEditor } from './DestinationEditor';
import { DrawingTool } from './DrawingTool';
import { useEditingStore } from './editingStore';
import { GeoEditor } from './GeoEditor';
import { LinkOverlay } from './LinkOverlay';
import { NoteBanner } from './NoteBanner';
import { canEditNote } from './rules';
import { AddressChoiceDialog } from './AddressChoiceDialog';
import { TerrainDialog } from './TerrainDialog';
import { useRuleContext, type RuleContext } from './useRuleContext';

function useNoteClicks() {
  const map = useMap();
  const ctx = useRuleContext();
  const ctxRef = useRef<RuleContext>(ctx);
  ctxRef.current = ctx;
  useEffect(() => {
    const onClick = (e: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => {
      if (useEditingStore.getState().drawStatus !== 0) return;
      const noteId = map.forEachFeatureAtPixel(
        e.pixel,
        (f) => (typeof f.get('noteId') === 'number' ? (f.get('noteId') as number) : undefined),
        { hitTolerance: 4 },
      );
      if (noteId === undefined) return;
      const note = useEntitiesStore.getState().eventObjects[noteId];
      if (note && canEditNote(ctxRef.current, editData(), note.eventId)) openNote(noteId);
    };
    map.on('singleclick', onClick);
    return () => map.un('singleclick', onClick);
  }, [map]);
}

export function MapEditing() {
  useNoteClicks();
  return (
    <>
      <DrawingTool />
      <GeoEditor />
      <DestinationEditor />
      <LinkOverlay />
      <NoteBanner />
      <TerrainDialog />
      <AddressChoiceDialog />
    </>
  );
}
