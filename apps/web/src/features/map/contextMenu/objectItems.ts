/**
 * Notes and drawings items (001 §5, §6; rules in `editing/rules.ts`): add/edit/delete a note (the note
 * banner), draw a line or polygon, edit (Modify) or delete a drawn object, stop drawing.
 */
import { createElement } from 'react';
import EditNoteIcon from '@mui/icons-material/EditNote';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import PentagonIcon from '@mui/icons-material/PentagonOutlined';
import EditIcon from '@mui/icons-material/Edit';
import CloseIcon from '@mui/icons-material/Close';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { toast } from '../../../ui/toasts';
import { errorText } from '../../events/actions/errors';
import { deleteGeo, deleteNote } from '../editing/editingApi';
import { newUuid, useEditingStore } from '../editing/editingStore';
import { featureWith } from '../editing/featuresAt';
import { canAddNote, canDrawOnActive, canEditGeo, canEditNote, geoIdUnder, noteIdUnder } from '../editing/rules';
import { EDIT_TEXTS } from '../editing/texts';
import { editData } from './eventItems';
import type { MapMenuContext, MapMenuItem } from './menuTypes';

const noteOf = (ctx: MapMenuContext) => {
  const id = noteIdUnder({ feature: featureWith(ctx, 'noteId') });
  return id != null ? useEntitiesStore.getState().eventObjects[id] : undefined;
};
const geoOf = (ctx: MapMenuContext) => {
  const id = geoIdUnder({ feature: featureWith(ctx, 'geoId') });
  return id != null ? useEntitiesStore.getState().eventGeos[id] : undefined;
};
const idle = () => useEditingStore.getState().drawStatus === 0;

/** Opens the note banner for an existing note. */
export function openNote(id: number): void {
  const note = useEntitiesStore.getState().eventObjects[id];
  if (!note) return;
  useEditingStore.getState().set({
    note: {
      id: note.id,
      uuid: note.uuid,
      eventId: note.eventId,
      eventUuid: note.eventUuid,
      lonLat: [note.longitude, note.latitude],
      content: note.content ?? '',
    },
  });
}

export const objectItems: MapMenuItem[] = [
  {
    key: 'note-add',
    group: 'objects',
    label: EDIT_TEXTS.addNote,
    icon: createElement(NoteAddIcon, { fontSize: 'small' }),
    visible: (ctx) => !noteOf(ctx) && canAddNote(ctx, editData()),
    run: (ctx) => {
      const event = ctx.activeEvent!.event;
      useEditingStore.getState().set({
        note: { id: null, uuid: newUuid(), eventId: event.id!, eventUuid: event.uuid, lonLat: ctx.lonLat, content: '' },
      });
    },
  },
  {
    key: 'note-edit',
    group: 'objects',
    label: EDIT_TEXTS.editNote,
    icon: createElement(EditNoteIcon, { fontSize: 'small' }),
    visible: (ctx) => canEditNote(ctx, editData(), noteOf(ctx)?.eventId),
    run: (ctx) => openNote(noteOf(ctx)!.id),
  },
  {
    key: 'note-delete',
    group: 'objects',
    label: EDIT_TEXTS.deleteNote,
    icon: createElement(DeleteIcon, { fontSize: 'small' }),
    visible: (ctx) => canEditNote(ctx, editData(), noteOf(ctx)?.eventId),
    run: async (ctx) => {
      try {
        await deleteNote(noteOf(ctx)!.id);
      } catch (error) {
        toast.error(EDIT_TEXTS.noteDeleteFailed(errorText(error)));
      }
    },
  },
  {
    key: 'draw-line',
    group: 'objects',
    label: EDIT_TEXTS.drawLine,
    icon: createElement(TimelineIcon, { fontSize: 'small' }),
    visible: (ctx) => idle() && canDrawOnActive(ctx),
    run: () => useEditingStore.getState().set({ drawType: 'LineString' }),
  },
  {
    key: 'draw-polygon',
    group: 'objects',
    label: EDIT_TEXTS.drawPolygon,
    icon: createElement(PentagonIcon, { fontSize: 'small' }),
    visible: (ctx) => idle() && canDrawOnActive(ctx),
    run: () => useEditingStore.getState().set({ drawType: 'Polygon' }),
  },
  {
    key: 'draw-stop',
    group: 'objects',
    label: EDIT_TEXTS.stopDrawing,
    icon: createElement(CloseIcon, { fontSize: 'small' }),
    visible: () => useEditingStore.getState().drawStatus === 1,
    run: () => useEditingStore.getState().set({ drawType: 'none' }),
  },
  {
    key: 'geo-edit',
    group: 'objects',
    label: EDIT_TEXTS.editGeo,
    icon: createElement(EditIcon, { fontSize: 'small' }),
    visible: (ctx) => idle() && canEditGeo(ctx, editData(), geoOf(ctx)?.eventId),
    run: (ctx) => useEditingStore.getState().set({ editGeoId: geoOf(ctx)!.id }),
  },
  {
    key: 'geo-delete',
    group: 'objects',
    label: EDIT_TEXTS.deleteGeo,
    icon: createElement(DeleteIcon, { fontSize: 'small' }),
    visible: (ctx) => idle() && canEditGeo(ctx, editData(), geoOf(ctx)?.eventId),
    run: async (ctx) => {
      try {
        await deleteGeo(geoOf(ctx)!.id);
      } catch (error) {
        toast.error(EDIT_TEXTS.geoDeleteFailed(errorText(error)));
      }
    },
  },
];
