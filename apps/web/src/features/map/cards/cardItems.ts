/** Cards opened from the map menu: cadastre, rail image, hunting region, explore, panorama. */
import { createElement } from 'react';
import ForestIcon from '@mui/icons-material/Forest';
import MapIcon from '@mui/icons-material/Map';
import ThreeSixtyIcon from '@mui/icons-material/ThreeSixty';
import TrainIcon from '@mui/icons-material/Train';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { MAP_FIT_DURATION } from '@panel/domain/constants';
import type { MapMenuItem } from '../contextMenu/menuTypes';
import { toView } from '../projection';
import { openCard, useCardsStore } from './cardsStore';
import { CARD_TEXTS } from './texts';

const icon = (component: typeof MapIcon) => createElement(component, { fontSize: 'small' });
const always = () => true;

export const cardItems: MapMenuItem[] = [
  {
    key: 'card-cadastre',
    group: 'cards',
    label: CARD_TEXTS.menuCadastre,
    icon: icon(MapIcon),
    visible: always,
    run: (ctx) => openCard('cadastre', ctx.lonLat),
  },
  {
    key: 'card-rail-image',
    group: 'cards',
    label: CARD_TEXTS.menuRailImage,
    icon: icon(TrainIcon),
    visible: always,
    run: (ctx) => openCard('railImage', ctx.lonLat),
  },
  {
    key: 'card-panorama',
    group: 'cards',
    label: CARD_TEXTS.menuPanorama,
    icon: icon(ThreeSixtyIcon),
    visible: always,
    run: (ctx) =>
      useCardsStore
        .getState()
        .openPanorama(ctx.lonLat, (lonLat) =>
          ctx.map.getView().animate({ center: toView(lonLat), duration: MAP_FIT_DURATION }),
        ),
  },
  {
    key: 'card-hunting',
    group: 'cards',
    label: CARD_TEXTS.menuHunting,
    icon: icon(ForestIcon),
    visible: always,
    run: (ctx) => openCard('hunting', ctx.lonLat),
  },
  {
    key: 'card-explore',
    group: 'cards',
    label: CARD_TEXTS.menuExplore,
    icon: icon(TravelExploreIcon),
    visible: always,
    run: (ctx) => openCard('explore', ctx.lonLat),
  },
];
