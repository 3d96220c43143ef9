/** Tile sources of configured map services (WMS, WMTS, XYZ) on the ČÚZK S-JTSK grid. */
import TileWMS from 'ol/source/TileWMS';
import WMTS from 'ol/source/WMTS';
import XYZ from 'ol/source/XYZ';
import TileGrid from 'ol/tilegrid/TileGrid';
import WMTSTileGrid from 'ol/tilegrid/WMTS';
import type TileSource from 'ol/source/Tile';
import { MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import type { LayerSource } from '@panel/domain/map';
import { GRID_EXTENT, GRID_ORIGIN, RESOLUTIONS } from '../projection';

const tileGrid = () =>
  new TileGrid({ origin: [...GRID_ORIGIN], resolutions: [...RESOLUTIONS], tileSize: 256, extent: GRID_EXTENT });

/** A tile source for a configured service; `transparent` for overlays. */
export function serviceSource(config: LayerSource, transparent = false): TileSource {
  const attributions = config.attribution ? [config.attribution] : undefined;
  if (config.type === 'wmts') {
    return new WMTS({
      url: config.url,
      layer: config.layer ?? config.layers ?? '',
      matrixSet: config.matrixSet ?? MAP_VIEW_PROJECTION,
      format: config.format ?? 'image/png',
      projection: MAP_VIEW_PROJECTION,
      style: 'default',
      crossOrigin: 'anonymous',
      attributions,
      tileGrid: new WMTSTileGrid({
        origin: [...GRID_ORIGIN],
        resolutions: [...RESOLUTIONS],
        matrixIds: RESOLUTIONS.map((_, i) => String(i)),
        extent: GRID_EXTENT,
      }),
    });
  }
  if (config.type === 'xyz') {
    return new XYZ({
      url: config.url,
      projection: MAP_VIEW_PROJECTION,
      tileGrid: tileGrid(),
      crossOrigin: 'anonymous',
      attributions,
    });
  }
  return new TileWMS({
    url: config.url,
    params: { LAYERS: config.layers ?? '0', FORMAT: config.format ?? 'image/png', TRANSPARENT: transparent },
    projection: MAP_VIEW_PROJECTION,
    tileGrid: tileGrid(),
    crossOrigin: 'anonymous',
    attributions,
  });
}
