/**
 * The map context menus (001 §2, §4): the full menu, or the reduced one while linking an event. Opened by a
 * right click (long press on touch) on the map; changing the active event closes it (001 §4). Items come from
 * the map's areas (`menuItems.ts`) and decide themselves when they show.
 */
import { Fragment, useEffect, useState } from 'react';
import { Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { formatCoordinates, roundCoordinate } from '@panel/domain/map';
import { useAuthStore } from '../../../stores/authStore';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import { useAbility } from '../../../stores/useAbility';
import { useUiStore } from '../../../stores/uiStore';
import { useMap } from '../MapContext';
import { toLonLat } from '../projection';
import { useMapMenuStore } from './mapMenuStore';
import { MENU_ITEMS } from './menuItems';
import type { MapMenuContext, MapMenuItem } from './menuTypes';

interface Opened {
  x: number;
  y: number;
  lonLat: [number, number];
  pixel: number[];
}

export function visibleItems(items: readonly MapMenuItem[], ctx: MapMenuContext): MapMenuItem[] {
  return items.filter((item) => (!ctx.reduced || item.reducedMenu) && item.visible(ctx));
}

export function MapContextMenu() {
  const map = useMap();
  const ability = useAbility();
  const activeEvent = useActiveEvent();
  const user = useAuthStore((s) => s.user);
  const linking = useMapMenuStore((s) => s.linking);
  const activeUuid = useUiStore((s) => s.activeEventUuid);
  const [opened, setOpened] = useState<Opened | null>(null);

  useEffect(() => {
    const viewport = map.getViewport();
    if (!viewport) return;
    const onContext = (e: MouseEvent) => {
      e.preventDefault();
      const pixel = map.getEventPixel(e);
      const [lon, lat] = toLonLat(map.getCoordinateFromPixel(pixel));
      setOpened({ x: e.clientX, y: e.clientY, pixel, lonLat: [roundCoordinate(lon), roundCoordinate(lat)] });
    };
    viewport.addEventListener('contextmenu', onContext);
    return () => viewport.removeEventListener('contextmenu', onContext);
  }, [map]);

  // changing the active event closes the menu
  useEffect(() => setOpened(null), [activeUuid]);

  if (!opened) return null;
  const feature = map.forEachFeatureAtPixel(opened.pixel, (f) => f, { hitTolerance: 4 }) ?? null;
  const ctx: MapMenuContext = {
    map,
    lonLat: opened.lonLat,
    feature,
    activeEvent,
    ability,
    user: user ? { id: user.id, baseId: user.baseId, groups: user.groups ?? [], roles: user.roles ?? [] } : null,
    reduced: linking,
  };
  const items = visibleItems(MENU_ITEMS, ctx);
  const close = () => setOpened(null);

  return (
    <Menu
      open
      onClose={close}
      anchorReference="anchorPosition"
      anchorPosition={{ top: opened.y, left: opened.x }}
      data-testid="map-context-menu"
      slotProps={{ list: { dense: true } }}
    >
      <ListSubheader sx={{ lineHeight: '28px', fontVariantNumeric: 'tabular-nums' }}>
        {formatCoordinates({ latitude: opened.lonLat[1], longitude: opened.lonLat[0] })}
      </ListSubheader>
      {items.length === 0 && (
        <MenuItem disabled>
          <ListItemText primary="Žádná akce" />
        </MenuItem>
      )}
      {items.map((item, i) => (
        <Fragment key={item.key}>
          {i > 0 && items[i - 1].group !== item.group && <Divider />}
          <MenuItem
            disabled={item.disabled?.(ctx) ?? false}
            onClick={() => {
              close();
              void Promise.resolve(item.run(ctx)).catch((error: unknown) =>
                console.error('[map menu] action failed', item.key, error),
              );
            }}
          >
            {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
            <ListItemText primary={typeof item.label === 'function' ? item.label(ctx) : item.label} />
          </MenuItem>
        </Fragment>
      ))}
    </Menu>
  );
}
