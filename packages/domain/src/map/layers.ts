/**
 * Base layers and overlays of the map (001 §2, §4, §9). The offline base map (drawn from our own data) is
 * always there; production layers exist only when the server's configuration names their service
 * (`settings.mapLayers`). Each base layer has a zoom range; outside it the map falls back to the next layer of
 * its chain, and returns to the chosen one when the zoom comes back.
 */
import { z } from 'zod';
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN } from '../constants/index';

/** The map's layers: the base layers (one shown at a time) and the overlays, in the order the panel lists them. */
export const mapLayerIdSchema = z.enum([
  'offline',
  'ztm',
  'ortho',
  'tourist',
  'orthoLabels',
  'mapService',
  'cadastre',
  'traffic',
  'drone',
  'hunting',
]);
export type OverlayId = Extract<z.infer<typeof mapLayerIdSchema>, 'cadastre' | 'traffic' | 'drone' | 'hunting'>;
export type BaseLayerId = Exclude<z.infer<typeof mapLayerIdSchema>, OverlayId>;

/** The CRSs a WMS layer is asked in: the view's S-JTSK, else one the map reprojects (in this order). */
export const WMS_CRS = ['EPSG:5514', 'EPSG:3857', 'EPSG:4326', 'CRS:84'] as const;
export type WmsCrs = (typeof WMS_CRS)[number];

/** [x, y] in the service's projection (EPSG:5514 metres for ČÚZK) */
const xySchema = z.tuple([z.number(), z.number()]);

/** A WMTS tile matrix set as OpenLayers' WMTS tile grid takes it; resolutions in m/px, largest first. */
export const tileGridDefSchema = z.object({
  matrixSet: z.string(),
  matrixIds: z.array(z.string()),
  resolutions: z.array(z.number()),
  /** top-left corner [x, y] of every matrix, or `origins` per matrix when they differ */
  origin: xySchema.optional(),
  origins: z.array(xySchema).optional(),
  tileSize: z.number(),
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

/**
 * One configured service: WMS (layers), WMTS (layer, matrixSet) or an XYZ template in EPSG:5514 tiles. The one
 * schema of a layer: the bundle's `settings.mapLayers` carries it, the server's MAP_LAYERS is read with it.
 */
export const layerSourceSchema = z.object({
  type: z.enum(['wms', 'wmts', 'xyz']),
  url: z.string(),
  layers: z.string().optional(),
  layer: z.string().optional(),
  matrixSet: z.string().optional(),
  format: z.string().optional(),
  attribution: z.string().optional(),
  /**
   * WMS: the version the service speaks ('1.1.1' → `SRS=` and lon/lat for EPSG:4326; '1.3.0', the default →
   * `CRS=` and lat/lon for EPSG:4326)
   */
  version: z
    .string()
    .regex(/^1\.[0-3]\.\d$/, 'verze WMS je 1.1.1 nebo 1.3.0')
    .optional(),
  /**
   * WMS: the CRS to ask a service in that lacks EPSG:5514 (EPSG:3857, EPSG:4326 or CRS:84; the map reprojects);
   * EPSG:5514 when absent
   */
  crs: z.enum(WMS_CRS).optional(),
  /** WMTS style (the capabilities' default when absent) */
  style: z.string().optional(),
  /**
   * WMTS: the tile grid the service's capabilities announce, added by the server (issue 15); a WMTS layer
   * without it is not shown (its grid would be guessed)
   */
  tileGrid: tileGridDefSchema.optional(),
});

/** `settings.mapLayers`: the configured services by layer id (absent ids are not configured). */
export const mapLayersConfigSchema = z.partialRecord(mapLayerIdSchema, layerSourceSchema);

export type TileGridDef = z.infer<typeof tileGridDefSchema>;
export type LayerSource = z.infer<typeof layerSourceSchema>;
export type MapLayersConfig = z.infer<typeof mapLayersConfigSchema>;

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
  { id: 'hunting', label: 'Honitby (ÚHÚL)' },
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
