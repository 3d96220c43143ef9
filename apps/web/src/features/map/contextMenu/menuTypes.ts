/** The map's context menus (001 §2): items contributed by the map's areas, each deciding when it shows. */
import type { ReactNode } from 'react';
import type { FeatureLike } from 'ol/Feature';
import type OlMap from 'ol/Map';
import type { AppAbility } from '@panel/domain/auth';
import type { ActiveEvent } from '../../../stores/useActiveEvent';

export interface MapMenuContext {
  map: OlMap;
  /** where the menu was opened, [lon, lat] rounded to 8 decimals */
  lonLat: [number, number];
  /** the topmost feature under the pointer (a map point, a note, a geo object, a vehicle …), if any */
  feature: FeatureLike | null;
  activeEvent: ActiveEvent;
  ability: AppAbility;
  user: { id: number; baseId: number | null; groups: string[]; roles: string[] } | null;
  /** the reduced menu while an event is being linked */
  reduced: boolean;
}

export type MenuGroup = 'event' | 'objects' | 'link' | 'cards' | 'tools';

export interface MapMenuItem {
  key: string;
  group: MenuGroup;
  label: string | ((ctx: MapMenuContext) => string);
  icon?: ReactNode;
  /** shown in this context (permissions, the feature under the pointer, the active event …) */
  visible: (ctx: MapMenuContext) => boolean;
  disabled?: (ctx: MapMenuContext) => boolean;
  /** shown in the reduced (linking) menu too */
  reducedMenu?: boolean;
  run: (ctx: MapMenuContext) => void | Promise<void>;
}
