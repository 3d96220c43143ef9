/**
 * Drone WMS layers from GetCapabilities through the server's map proxy (001 §7: no auth header); a non-200
 * answer is 'Failed to get WMS capabilities'. The document is read by local names, so `<Layer>`,
 * `<wms:Layer>` or any other prefix of the WMS namespace read the same; layers nest, and a layer inherits
 * its parent's CRS list (WMS 1.3.0 §7.2.4.6.7; `SRS` in 1.1.1). The layer is asked in EPSG:5514 when the
 * service offers it; otherwise in a CRS it offers that the map can reproject (EPSG:3857 first), with a Czech
 * warning; with none such it is not asked at all (warning). The service is asked in its own version (the
 * document's `version`): 1.1.1 takes `SRS=` and lon/lat for EPSG:4326, 1.3.0 `CRS=` and lat/lon (OpenLayers'
 * TileWMS does both from `VERSION` and the CRS's axis order; CRS:84 is lon/lat in both).
 */
import { get as getProjection, getTransformFromProjections } from 'ol/proj';
import { MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { WMS_CRS, type WmsCrs } from '@panel/domain/map';
import { registerProjection } from '../projection';
import { MAP_TEXTS } from './texts';

export interface DroneLayerInfo {
  name: string;
  title: string;
  /** CRS codes the layer is offered in (own and inherited), normalised to `EPSG:n` / `CRS:84` */
  crs: string[];
  /** the WMS version of the service's document ('1.1.1', '1.3.0'), the one GetMap is asked in */
  version: string;
}

export function capabilitiesUrl(serviceUrl: string): string {
  const url = new URL(serviceUrl, window.location.origin);
  url.searchParams.set('SERVICE', 'WMS');
  url.searchParams.set('REQUEST', 'GetCapabilities');
  return `/v2/map/proxy?url=${encodeURIComponent(url.toString())}`;
}

/** 'epsg:5514', 'urn:ogc:def:crs:EPSG::5514', 'http://www.opengis.net/def/crs/EPSG/0/5514' → 'EPSG:5514' */
export function normalizeCrs(code: string): string {
  const value = code.trim();
  const epsg = /EPSG(?::+|\/0\/|\/)(\d+)$/i.exec(value);
  if (epsg) return `EPSG:${epsg[1]}`;
  return /^CRS:?84$/i.test(value) || /OGC\/1\.3\/CRS84$/i.test(value) ? 'CRS:84' : value.toUpperCase();
}

const children = (el: Element, name: string) => [...el.children].filter((c) => c.localName === name);
const childText = (el: Element, name: string) => children(el, name)[0]?.textContent?.trim() ?? '';

/** Named layers of a WMS capabilities document, depth first; throws on a document that is not WMS capabilities. */
export function parseCapabilities(xml: string): DroneLayerInfo[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = doc.documentElement;
  if (!root || root.getElementsByTagName('parsererror').length || doc.getElementsByTagName('parsererror').length) {
    throw new Error(texts.map.wmsCapabilitiesFailed);
  }
  if (!['WMS_Capabilities', 'WMT_MS_Capabilities'].includes(root.localName)) {
    throw new Error(texts.map.wmsCapabilitiesFailed);
  }
  // a document without a version is read as 1.1.1 when its root is the 1.1.x one, else 1.3.0
  const version =
    root.getAttribute('version')?.trim() || (root.localName === 'WMT_MS_Capabilities' ? '1.1.1' : '1.3.0');
  const out: DroneLayerInfo[] = [];
  const visit = (layer: Element, inherited: string[]) => {
    const own = [...children(layer, 'CRS'), ...children(layer, 'SRS')]
      .flatMap((c) => (c.textContent ?? '').trim().split(/\s+/))
      .filter(Boolean)
      .map(normalizeCrs);
    const crs = [...new Set([...inherited, ...own])];
    const name = childText(layer, 'Name');
    if (name) out.push({ name, title: childText(layer, 'Title'), crs, version });
    for (const child of children(layer, 'Layer')) visit(child, crs);
  };
  for (const capability of children(root, 'Capability')) {
    for (const layer of children(capability, 'Layer')) visit(layer, []);
  }
  return out;
}

export interface DroneCrsChoice {
  /** the CRS to ask the layer in, or null when none the map can use is offered */
  crs: WmsCrs | null;
  warning: string | null;
}

/** Preferred reprojection sources after EPSG:5514: web mercator, then geographic (EPSG:4326, CRS:84). */
const FALLBACKS = WMS_CRS.filter((c) => c !== MAP_VIEW_PROJECTION);

/** OpenLayers can draw a layer of this CRS on the view (a transform to and from EPSG:5514 is registered). */
function reprojectable(code: string): boolean {
  const from = getProjection(code);
  const view = getProjection(MAP_VIEW_PROJECTION);
  return Boolean(from && view && getTransformFromProjections(view, from) && getTransformFromProjections(from, view));
}

/**
 * EPSG:5514 when offered; else EPSG:3857, EPSG:4326 or CRS:84 when offered (OpenLayers reprojects it to the
 * view), with a warning; else no CRS and a warning. An empty list (the service names none) is taken at its
 * word as nothing usable.
 */
export function chooseDroneCrs(offered: readonly string[]): DroneCrsChoice {
  const codes = offered.map(normalizeCrs);
  if (codes.includes(MAP_VIEW_PROJECTION)) return { crs: MAP_VIEW_PROJECTION, warning: null };
  registerProjection();
  const crs = FALLBACKS.find((c) => codes.includes(c) && reprojectable(c)) ?? null;
  if (crs) return { crs, warning: MAP_TEXTS.droneReprojected(crs) };
  return { crs: null, warning: MAP_TEXTS.droneNoCrs };
}

export async function fetchDroneLayers(serviceUrl: string): Promise<DroneLayerInfo[]> {
  const response = await fetch(capabilitiesUrl(serviceUrl));
  if (!response.ok) throw new Error(texts.map.wmsCapabilitiesFailed);
  return parseCapabilities(await response.text());
}
