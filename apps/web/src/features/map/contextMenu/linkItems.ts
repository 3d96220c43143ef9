/**
 * Linking events on the map (001 §2, §4, §6): 'Připojit k události' switches the map into linking mode (the
 * reduced menu); there the user links to the target under the pointer, opens the list of events to link, or
 * cancels. Rules in `editing/rules.ts` (`canStartLinking`, `linkTargetUnder`).
 */
import { createElement } from 'react';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ListIcon from '@mui/icons-material/List';
import { useEditingStore } from '../editing/editingStore';
import { featuresAt } from '../editing/featuresAt';
import { linkActiveTo } from '../editing/linking';
import { canStartLinking, linkTargetUnder } from '../editing/rules';
import { EDIT_TEXTS } from '../editing/texts';
import { editData } from './eventItems';
import { useMapMenuStore } from './mapMenuStore';
import type { MapMenuItem } from './menuTypes';

export const linkItems: MapMenuItem[] = [
  {
    key: 'link-start',
    group: 'link',
    label: EDIT_TEXTS.link,
    icon: createElement(LinkIcon, { fontSize: 'small' }),
    visible: (ctx) => !ctx.reduced && canStartLinking(ctx, editData()),
    run: () => useMapMenuStore.getState().setLinking(true),
  },
  {
    key: 'link-here',
    group: 'link',
    label: EDIT_TEXTS.linkHere,
    icon: createElement(LinkIcon, { fontSize: 'small' }),
    reducedMenu: true,
    visible: (ctx) =>
      ctx.reduced && ctx.activeEvent?.kind === 'saved' && linkTargetUnder(ctx, editData(), featuresAt(ctx)) !== null,
    disabled: () => useEditingStore.getState().linkLoading,
    run: async (ctx) => {
      const target = linkTargetUnder(ctx, editData(), featuresAt(ctx));
      if (target && ctx.activeEvent) await linkActiveTo(ctx.activeEvent.event, target);
    },
  },
  {
    key: 'link-list',
    group: 'link',
    label: EDIT_TEXTS.linkList,
    icon: createElement(ListIcon, { fontSize: 'small' }),
    reducedMenu: true,
    visible: (ctx) => ctx.reduced && ctx.activeEvent?.kind === 'saved',
    run: () => useEditingStore.getState().set({ linkDialog: true }),
  },
  {
    key: 'link-cancel',
    group: 'link',
    label: EDIT_TEXTS.cancelLinking,
    icon: createElement(LinkOffIcon, { fontSize: 'small' }),
    reducedMenu: true,
    visible: (ctx) => ctx.reduced,
    run: () => useMapMenuStore.getState().setLinking(false),
  },
];
