/**
 * Map services of the cards (API.md "Map services (issue 6) — contract"): cadastre, rail image, hunting
 * regions, SAP explore and panorama. Coordinates are WGS84 [lon, lat]. Images are private routes: they are
 * fetched as blobs with the session headers (`fetchImageBlob`) and shown through object URLs.
 */
import type { PanoramaAnswer } from '@panel/domain/map';
import { api, fetchRaw } from './client';

export type LonLat = [number, number];

export interface CadastreAnswer {
  link: string;
  /** HTML fragment (sanitized by the server; the panel sanitizes again before showing it) */
  content: string;
}

/** GET /v2/cadastre?latitude=&longitude= */
export function fetchCadastre([lon, lat]: LonLat, signal?: AbortSignal): Promise<CadastreAnswer> {
  const query = new URLSearchParams({ latitude: String(lat), longitude: String(lon) });
  return api.get<CadastreAnswer>(`/v2/cadastre?${query}`, { signal });
}

export interface RailImageAnswer {
  status: 'OK' | 'ERROR' | string;
  message: string | null;
  longitude: number;
  latitude: number;
  image: string | null;
  capturedAt: string | null;
  deviation: number | null;
  /** a real service may add the km of the point */
  km?: number | string | null;
}

/** GET /v2/rail-image?longitude=&latitude= (a new call cancels the previous one: same GET key). */
export function fetchRailImage([lon, lat]: LonLat, signal?: AbortSignal): Promise<RailImageAnswer> {
  const query = new URLSearchParams({ longitude: String(lon), latitude: String(lat) });
  return api.get<RailImageAnswer>(`/v2/rail-image?${query}`, { signal });
}

/** An image of our server (rail image, panorama) as a blob, with the session headers. */
export async function fetchImageBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetchRaw(url, { signal });
  return response.blob();
}

export interface HuntingContact {
  id: number;
  name: string;
  phone: string;
}

export interface HuntingRegionProperties {
  id: string | number;
  name: string;
  kraj: string | null;
  okres: string | null;
  orp: string | null;
  huntingCompany: {
    name: string | null;
    address: string | null;
    postalCode: string | null;
    phone: string | null;
  } | null;
  contacts: HuntingContact[];
}

export interface HuntingRegionFeature {
  type: 'Feature';
  id?: string | number;
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown } | null;
  properties: HuntingRegionProperties;
}

/** POST /hunting-region {lat, lon} → {features} */
export function fetchHuntingRegion(
  [lon, lat]: LonLat,
  signal?: AbortSignal,
): Promise<{ features: HuntingRegionFeature[] }> {
  return api.post<{ features: HuntingRegionFeature[] }>('/hunting-region', { lat, lon }, { signal });
}

export interface HuntingContactBody {
  hunting_region_id: string | number;
  name: string;
  phone: string;
  id?: number;
}

/** POST /hunting-region/contact → {type: 'success', contact} (422 [{field, message}]). */
export function saveHuntingContact(
  body: HuntingContactBody,
): Promise<{ type: string; contact?: HuntingContact; message?: string }> {
  return api.post('/hunting-region/contact', body);
}

/**
 * DELETE /hunting-region/contact/{id} → {type: 'success'} (create EventContact). Our server sends it on to the
 * real service in the spec's form GET …/hunting-region/contact/delete/{id}; a GET here would change data.
 */
export function deleteHuntingContact(id: number): Promise<{ type: string; message?: string }> {
  return api.del(`/hunting-region/contact/${id}`);
}

export interface ExplorePoint {
  id: number;
  code: string | null;
  name: string;
  kind: string | null;
  km: number | null;
  distance: number;
  lon: number;
  lat: number;
}

export interface ExploreLine {
  code: string;
  name: string;
  distance: number;
  lon: number;
  lat: number;
}

/** GET /v2/explore/sap/{lon}/{lat} */
export function fetchExplorePoints([lon, lat]: LonLat, signal?: AbortSignal): Promise<ExplorePoint[]> {
  return api.get<ExplorePoint[]>(`/v2/explore/sap/${lon}/${lat}`, { signal, key: 'explore-sap' });
}

/** GET /v2/explore/sap/routes/{lon}/{lat} */
export function fetchExploreLines([lon, lat]: LonLat, signal?: AbortSignal): Promise<ExploreLine[]> {
  return api.get<ExploreLine[]>(`/v2/explore/sap/routes/${lon}/${lat}`, { signal, key: 'explore-sap-routes' });
}

/** The answer of GET /v2/panorama: ours (offline cameras), Mapy.com's lookup for the browser, or an error code. */
export type { PanoramaAnswer } from '@panel/domain/map';

/** GET /v2/panorama?lon=&lat=&yaw=&pitch=&fov= */
export function fetchPanorama(
  [lon, lat]: LonLat,
  view: { yaw: number; pitch: number; fov: number } = { yaw: 0, pitch: 0, fov: 75 },
  signal?: AbortSignal,
): Promise<PanoramaAnswer> {
  const query = new URLSearchParams({
    lon: String(lon),
    lat: String(lat),
    yaw: String(view.yaw),
    pitch: String(view.pitch),
    fov: String(view.fov),
  });
  return api.get<PanoramaAnswer>(`/v2/panorama?${query}`, { signal });
}
