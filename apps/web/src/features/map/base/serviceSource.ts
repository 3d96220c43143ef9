/**
 * Tile sources of configured map services in S-JTSK: WMTS on the tile grid its capabilities announce (sent by
 * the server), WMS and XYZ on the view's grid.
 */
import TileWMS from 'ol/source/TileWMS';
import WMTS from 'ol/source/WMTS';
import XYZ from 'ol/source/XYZ';
import TileGrid from 'ol/tilegrid/TileGrid';
import WMTSTileGrid from 'ol/tilegrid/WMTS';
import type TileSource from 'ol/source/Tile';
import { MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import type { LayerSource, TileGridDef } from '@panel/domain/map';
import { corsSafeTileLoad, type TileReport } from './tileLoader';
import { GRID_EXTENT, GRID_ORIGIN, RESOLUTIONS, registerProjection } from '../projection';

const tileGrid = () =>
  new TileGrid({ origin: [...GRID_ORIGIN], resolutions: [...RESOLUTIONS], tileSize: 256, extent: GRID_EXTENT });

/** OpenLayers' WMTS grid from the server's reading of the capabilities: matrix ids, resolutions, origin(s). */
export function wmtsTileGrid(grid: TileGridDef): WMTSTileGrid {
  return new WMTSTileGrid({
    ...(grid.origins ? { origins: grid.origins } : { origin: grid.origin ?? [grid.extent[0], grid.extent[3]] }),
    resolutions: grid.resolutions,
    matrixIds: grid.matrixIds,
    tileSize: grid.tileSize,
    extent: grid.extent,
  });
}

/**
 * A tile source for a configured service; `transparent` for overlays; null for a WMTS layer without grid. Tiles
 * are loaded by `corsSafeTileLoad` (through the tile proxy when the host sends no CORS header) and reported to
 * `report`.
 */
export function serviceSource(config: LayerSource, transparent = false, report?: TileReport): TileSource | null {
  const attributions = config.attribution ? [config.attribution] : undefined;
  const tileLoadFunction = corsSafeTileLoad(report);
  if (config.type === 'wmts') {
    const grid = config.tileGrid;
    // the server adds the grid from the service's capabilities (issue 15); without it the matrix ids would be
    // guessed (they were ČÚZK's minus 2), so the layer is not drawn and the map falls back (isConfigured)
    if (!grid) return null;
    return new WMTS({
      url: config.url,
      layer: config.layer ?? config.layers ?? '',
      matrixSet: grid.matrixSet,
      format: config.format ?? 'image/png',
      projection: MAP_VIEW_PROJECTION,
      style: config.style ?? 'default',
      requestEncoding: 'KVP',
      crossOrigin: 'anonymous',
      attributions,
      tileLoadFunction,
      tileGrid: wmtsTileGrid(grid),
    });
  }
  if (config.type === 'xyz') {
    return new XYZ({
      url: config.url,
      projection: MAP_VIEW_PROJECTION,
      tileGrid: tileGrid(),
      crossOrigin: 'anonymous',
      attributions,
      tileLoadFunction,
    });
  }
  // a WMS in its own version, and in the CRS it offers: EPSG:5514 on the view's grid, another one on its own
  // default grid, reprojected by OpenLayers (CRS:84 and EPSG:4326 transforms: projection.ts)
  const crs = config.crs ?? MAP_VIEW_PROJECTION;
  const params = {
    LAYERS: config.layers ?? '0',
    FORMAT: config.format ?? 'image/png',
    TRANSPARENT: transparent,
    VERSION: config.version ?? '1.3.0',
  };
  if (crs !== MAP_VIEW_PROJECTION) {
    registerProjection();
    return new TileWMS({
      url: config.url,
      params,
      projection: crs,
      crossOrigin: 'anonymous',
      attributions,
      tileLoadFunction,
    });
  }
  return new TileWMS({
    url: config.url,
    params,
    projection: MAP_VIEW_PROJECTION,
    tileGrid: tileGrid(),
    crossOrigin: 'anonymous',
    attributions,
    tileLoadFunction,
  });
}
