/**
 * Production map layers (issue 6) from MAP_LAYERS, a JSON object `{layerId: {type, url, layers?, layer?,
 * matrixSet?, format?, style?, attribution?, version?, crs?}}` (`version` and `crs`: a WMS in 1.1.1, or one
 * without EPSG:5514, asked in EPSG:3857, EPSG:4326 or CRS:84 and reprojected) with layer ids of
 * `@panel/domain/map` (ztm, ortho, orthoLabels, tourist, mapService, cadastre, traffic, drone, hunting).
 * DRONE_WMS_URL, CADASTRE_WMS_URL and HUNTING_WMS_URL add the drone, cadastre and hunting-ground overlays when
 * MAP_LAYERS does not name them.
 * Unset (issue 15): ČÚZK's public base maps in EPSG:5514 (no key needed), their tile grids read from the
 * services' capabilities (integrations/map/wmts/baseMaps.ts), the offline map standing in when they do not answer.
 * `MAP_LAYERS={}`: the offline map only (no outside service, e.g. for e2e journeys).
 */
import { z } from 'zod';
import { layerSourceSchema, mapLayerIdSchema, type MapLayersConfig } from '@panel/domain/map';
import { UHUL_DEFAULT_LAYERS } from './integrations/map/hunting/defaults.js';

/**
 * A layer of MAP_LAYERS: the domain's layer schema without the tile grid (the server reads it from the
 * service's capabilities) and with an http(s) url; the offline map is no service.
 */
const source = layerSourceSchema
  .omit({ tileGrid: true })
  .extend({ url: z.string().regex(/^https?:\/\/\S+$/, 'url musí být http(s) adresa') });

/**
 * ČÚZK's public WMTS base maps in S-JTSK (matrix set `jtsk:epsg:5514`, KVP): Základní mapy ČR for the
 * topographic layer and Ortofoto ČR. Layer ids as their capabilities name them (`zm`, `orto`).
 */
export const CUZK_BASE_LAYERS: MapLayersConfig = {
  ztm: {
    type: 'wmts',
    url: 'https://geoportal.cuzk.gov.cz/WMTS_ZM/WMTService.aspx',
    layer: 'zm',
    matrixSet: 'jtsk:epsg:5514',
    format: 'image/png',
    attribution: '© ČÚZK',
  },
  ortho: {
    type: 'wmts',
    url: 'https://geoportal.cuzk.gov.cz/WMTS_ORTOFOTO/WMTService.aspx',
    layer: 'orto',
    matrixSet: 'jtsk:epsg:5514',
    format: 'image/jpeg',
    attribution: '© ČÚZK',
  },
};

const schema = z.partialRecord(mapLayerIdSchema.exclude(['offline']), source);

/** The layers, or an error text naming the problem (the config turns it into a start-up error). */
export function parseMapLayers(
  json: string | undefined,
  extra: {
    droneWmsUrl?: string;
    cadastreWmsUrl?: string;
    cadastreWmsLayers?: string;
    huntingWmsUrl?: string;
    huntingWmsLayers?: string;
  } = {},
): { layers: MapLayersConfig | undefined; cuzkDefault: boolean } | { error: string } {
  let layers: MapLayersConfig = {};
  const cuzkDefault = !json?.trim();
  if (!json || cuzkDefault) layers = structuredClone(CUZK_BASE_LAYERS);
  else {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return { error: 'MAP_LAYERS musí být JSON objekt {vrstva: {type, url, …}}' };
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { error: `MAP_LAYERS: ${issue.path.join('.') || '(kořen)'}: ${issue.message}` };
    }
    layers = parsed.data;
  }
  if (extra.droneWmsUrl && !layers.drone) layers.drone = { type: 'wms', url: extra.droneWmsUrl };
  if (extra.cadastreWmsUrl && !layers.cadastre) {
    // ČÚZK's WMS KN has no layer `parcels`; its layer group `KN` (or CADASTRE_WMS_LAYERS) is what it draws
    layers.cadastre = { type: 'wms', url: extra.cadastreWmsUrl, layers: extra.cadastreWmsLayers ?? 'KN' };
  }
  if (extra.huntingWmsUrl && !layers.hunting) {
    // ÚHÚL's hunting grounds (integrations/map/hunting/uhul.ts): boundaries, names and codes
    layers.hunting = {
      type: 'wms',
      url: extra.huntingWmsUrl,
      layers: extra.huntingWmsLayers ?? UHUL_DEFAULT_LAYERS,
      attribution: '© ÚHÚL (NLI)',
    };
  }
  return { layers: Object.keys(layers).length ? layers : undefined, cuzkDefault };
}
