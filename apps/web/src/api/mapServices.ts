/**
 * Map services of the cards (API.md "Map services (issue 6) — contract"): cadastre, rail image, hunting
 * regions, SAP explore and panorama. Coordinates are WGS84 [lon, lat]. Images are private routes: they are
 * fetched as blobs with the session headers (`fetchImageBlob`) and shown through object URLs.
 *
 * Bodies and answers are the domain's schemas (`@panel/domain/map` schema.ts), imported as types only so zod
 * stays out of the bundle; the names below are aliases for the many files that use them.
 */
import type * as map from '@panel/domain/map';
import { api, fetchRaw } from './client';

export type LonLat = map.LonLat;
export type CadastreAnswer = map.CadastreAnswer;
export type RailImageAnswer = map.RailImageAnswer;
export type HuntingContact = map.HuntingContact;
export type HuntingRegionFeature = map.HuntingRegionFeature;
export type HuntingRegionProperties = HuntingRegionFeature['properties'];
export type HuntingContactBody = map.HuntingContactBody;
export type HuntingContactAnswer = map.HuntingContactAnswer;
export type ExplorePoint = map.ExplorePoint;
export type ExploreLine = map.ExploreLine;
/** The answer of GET /v2/panorama: ours (offline cameras), Mapy.com's lookup for the browser, or an error code. */
export type PanoramaAnswer = map.PanoramaAnswer;

/** GET /v2/cadastre?latitude=&longitude= */
export function fetchCadastre([lon, lat]: LonLat, signal?: AbortSignal): Promise<CadastreAnswer> {
  const query = new URLSearchParams({ latitude: String(lat), longitude: String(lon) });
  return api.get<CadastreAnswer>(`/v2/cadastre?${query}`, { signal });
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

/** POST /hunting-region {lat, lon} → {features} */
export function fetchHuntingRegion([lon, lat]: LonLat, signal?: AbortSignal): Promise<map.HuntingRegionAnswer> {
  return api.post<map.HuntingRegionAnswer>('/hunting-region', { lat, lon }, { signal });
}

/** POST /hunting-region/contact → {type: 'success', contact} (422 [{field, message}]). */
export function saveHuntingContact(body: HuntingContactBody): Promise<HuntingContactAnswer> {
  return api.post('/hunting-region/contact', body);
}

/**
 * DELETE /hunting-region/contact/{id} → {type: 'success'} (create EventContact). Our server sends it on to the
 * real service in the spec's form GET …/hunting-region/contact/delete/{id}; a GET here would change data.
 */
export function deleteHuntingContact(id: number): Promise<HuntingContactAnswer> {
  return api.del(`/hunting-region/contact/${id}`);
}

/** GET /v2/explore/sap/{lon}/{lat} */
export function fetchExplorePoints([lon, lat]: LonLat, signal?: AbortSignal): Promise<ExplorePoint[]> {
  return api.get<ExplorePoint[]>(`/v2/explore/sap/${lon}/${lat}`, { signal, key: 'explore-sap' });
}

/** GET /v2/explore/sap/routes/{lon}/{lat} */
export function fetchExploreLines([lon, lat]: LonLat, signal?: AbortSignal): Promise<ExploreLine[]> {
  return api.get<ExploreLine[]>(`/v2/explore/sap/routes/${lon}/${lat}`, { signal, key: 'explore-sap-routes' });
}

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
