/**
 * Event target and destination items (001 §4, §5, §6; update Event and the attribute rules, see
 * `editing/rules.ts`). A map point under the pointer gives its own coordinates; plain coordinates and points of
 * type custom ask for the event terrain first (terrain dialog), then set the target.
 */
import { createElement } from 'react';
import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import PlaceIcon from '@mui/icons-material/Place';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { useEditingStore } from '../editing/editingStore';
import { createEventAt, setDestination, setEventTarget } from '../editing/eventEdits';
import { featureWith } from '../editing/featuresAt';
import {
  canEditAddress,
  canEditTerrain,
  canRemoveDestination,
  canSetDestination,
  canSetEventTarget,
  canSetNewEventTarget,
  needsTerrain,
  pointUnder,
  type EditData,
} from '../editing/rules';
import { EDIT_TEXTS } from '../editing/texts';
import { useMapStore } from '../mapStore';
import type { MapMenuContext, MapMenuItem } from './menuTypes';

export function editData(): EditData {
  const e = useEntitiesStore.getState();
  return { categories: e.eventCategories, tags: e.tags, events: e.events, points: useMapStore.getState().points };
}

/** Where the action applies: the map point under the pointer, else the clicked place. */
function placeOf(ctx: MapMenuContext) {
  const point = pointUnder({ feature: featureWith(ctx, 'pointId') }, editData());
  return { point, lonLat: point ? point.coordinates : ctx.lonLat };
}

export const eventItems: MapMenuItem[] = [
  {
    key: 'event-target',
    group: 'event',
    label: EDIT_TEXTS.setTarget,
    icon: createElement(PlaceIcon, { fontSize: 'small' }),
    visible: (ctx) => canSetEventTarget(ctx, editData()),
    run: async (ctx) => {
      const uuid = ctx.activeEvent!.event.uuid;
      const { point, lonLat } = placeOf(ctx);
      const withAddress = canEditAddress(ctx, editData());
      const apply = async () => void (await setEventTarget(uuid, lonLat, withAddress));
      if (needsTerrain(point)) {
        useEditingStore.getState().set({
          terrain: { eventUuid: uuid, editable: canEditTerrain(ctx, editData()), pending: apply },
        });
      } else await apply();
    },
  },
  {
    key: 'event-target-new',
    group: 'event',
    label: EDIT_TEXTS.setTargetNew,
    icon: createElement(AddLocationAltIcon, { fontSize: 'small' }),
    visible: (ctx) => canSetNewEventTarget(ctx),
    run: async (ctx) => {
      const { point, lonLat } = placeOf(ctx);
      const uuid = await createEventAt(lonLat);
      // a new event is the user's own: its terrain is editable unless the category says otherwise
      if (needsTerrain(point) && useUiStore.getState().localEvents[uuid]) {
        useEditingStore.getState().set({ terrain: { eventUuid: uuid, editable: true, pending: () => undefined } });
      }
    },
  },
  {
    key: 'destination-set',
    group: 'event',
    label: EDIT_TEXTS.setDestination,
    icon: createElement(FlagIcon, { fontSize: 'small' }),
    visible: (ctx) => canSetDestination(ctx, editData()),
    run: async (ctx) => void (await setDestination(ctx.activeEvent!.event.uuid, placeOf(ctx).lonLat)),
  },
  {
    key: 'destination-remove',
    group: 'event',
    label: EDIT_TEXTS.removeDestination,
    icon: createElement(OutlinedFlagIcon, { fontSize: 'small' }),
    visible: (ctx) => canRemoveDestination(ctx, editData()),
    run: async (ctx) => void (await setDestination(ctx.activeEvent!.event.uuid, null)),
  },
];
