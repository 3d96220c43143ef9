/**
 * Base layers and overlays of the map (001 §2, §4, §9). The offline base map (drawn from our own data) is
 * always there; production layers exist only when the server's configuration names their service
 * (`settings.mapLayers`). Each base layer has a zoom range; outside it the map falls back to the next layer of
 * its chain, and returns to the chosen one when the zoom comes back.
 */
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN } from '../constants/index';

export type BaseLayerId = 'offline' | 'ztm' | 'ortho' | 'tourist' | 'orthoLabels' | 'mapService';
export type OverlayId = 'cadastre' | 'traffic' | 'drone';

/** One configured service: WMS (layers), WMTS (layer, matrixSet) or an XYZ template in EPSG:5514 tiles. */
export interface LayerSource {
  type: 'wms' | 'wmts' | 'xyz';
  url: string;
  layers?: string;
  layer?: string;
  matrixSet?: string;
  format?: string;
  attribution?: string;
  /** WMTS style (the capabilities' default when absent) */
  style?: string;
  /**
   * WMTS: the tile grid the service's capabilities announce, added by the server (issue 15); a WMTS layer
   * without it is not shown (its grid would be guessed)
   */
  tileGrid?: TileGridDef;
}

/** A WMTS tile matrix set as OpenLayers' WMTS tile grid takes it; resolutions in m/px, largest first. */
export interface TileGridDef {
  matrixSet: string;
  matrixIds: string[];
  resolutions: number[];
  /** top-left corner [x, y] of every matrix, or `origins` per matrix when they differ */
  origin?: [number, number];
  origins?: [number, number][];
  tileSize: number;
  extent: [number, number, number, number];
}

export type MapLayersConfig = Partial<Record<BaseLayerId | OverlayId, LayerSource>>;

export interface BaseLayerDef {
  id: BaseLayerId;
  label: string;
  minZoom: number;
  maxZoom: number;
  /** where the map goes when this layer is unavailable at the zoom (the chain ends in 'offline') */
  fallback: BaseLayerId | null;
}

/** 001 §9: secondary 0-12, ortho 8-12, tourist 0-10, ortho with description 8-12, a map service 0-10. */
export const BASE_LAYERS: readonly BaseLayerDef[] = [
  { id: 'offline', label: 'Základní mapa (offline)', minZoom: MAP_ZOOM_MIN, maxZoom: MAP_ZOOM_MAX, fallback: null },
  { id: 'ztm', label: 'Topografická mapa ČÚZK', minZoom: 0, maxZoom: 12, fallback: 'offline' },
  { id: 'ortho', label: 'Ortofoto', minZoom: 8, maxZoom: 12, fallback: 'ztm' },
  { id: 'orthoLabels', label: 'Ortofoto s popisem', minZoom: 8, maxZoom: 12, fallback: 'ortho' },
  { id: 'tourist', label: 'Turistická mapa', minZoom: 0, maxZoom: 10, fallback: 'ztm' },
  { id: 'mapService', label: 'Mapová služba', minZoom: 0, maxZoom: 10, fallback: 'ztm' },
];

export const OVERLAYS: readonly { id: OverlayId; label: string }[] = [
  { id: 'cadastre', label: 'Katastrální mapa' },
  { id: 'traffic', label: 'Dopravní situace' },
  { id: 'drone', label: 'Letecké snímky z dronu' },
];

export const baseLayerDef = (id: BaseLayerId): BaseLayerDef => BASE_LAYERS.find((l) => l.id === id) ?? BASE_LAYERS[0];

/** Configured (or the offline one, always). */
export const isConfigured = (id: BaseLayerId, config: MapLayersConfig | null | undefined): boolean => {
  if (id === 'offline') return true;
  const source = config?.[id];
  return Boolean(source?.url) && (source?.type !== 'wmts' || Boolean(source.tileGrid));
};

export const isInZoomRange = (id: BaseLayerId, zoom: number): boolean => {
  const def = baseLayerDef(id);
  return zoom >= def.minZoom && zoom <= def.maxZoom;
};

/** The layer may be shown now: configured and the zoom inside its range. */
export const isLayerAvailable = (id: BaseLayerId, zoom: number, config: MapLayersConfig | null | undefined) =>
  isConfigured(id, config) && isInZoomRange(id, zoom);

/** The layer shown for the chosen one at this zoom: the chosen, or the first available along its fallbacks. */
export function effectiveBaseLayer(
  chosen: BaseLayerId,
  zoom: number,
  config: MapLayersConfig | null | undefined,
): BaseLayerId {
  let id: BaseLayerId | null = chosen;
  const seen = new Set<BaseLayerId>();
  while (id && !seen.has(id)) {
    if (isLayerAvailable(id, zoom, config)) return id;
    seen.add(id);
    id = baseLayerDef(id).fallback;
  }
  return 'offline';
}
