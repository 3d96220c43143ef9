/** Every item of the map context menus, in display order (groups separated by dividers). */
import { cardItems } from '../cards/cardItems';
import { eventItems } from './eventItems';
import { jobItems } from './jobItems';
import { linkItems } from './linkItems';
import type { MapMenuItem } from './menuTypes';
import { objectItems } from './objectItems';

export const MENU_ITEMS: readonly MapMenuItem[] = [
  ...eventItems,
  ...jobItems,
  ...objectItems,
  ...linkItems,
  ...cardItems,
];
