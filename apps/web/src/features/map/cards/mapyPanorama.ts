/**
 * Mapy.com's JS Panorama in the browser (issue 15 item 3): the script their documentation gives
 * (`MAPY_PANORAMA_SCRIPT`), loaded once on first use, and the two calls we make of its `Panorama` class.
 * The shapes below are theirs, as documented in the public repository mapycom/developer
 * (docs/js-panorama/README.md, "API Reference"): radians, yaw from north, pitch + down, `errorCode` NONE /
 * PANORAMA_NOT_FOUND / MISSING_API_KEY / WRONG_API_KEY, `info {lon, lat, date 'YYYY-MM-DD hh:mm:ss'}`.
 */
import type { MapyPanoramaAnswer, PanoramaCamera } from '@panel/domain/map';
import type { LonLat } from '../../../api/mapServices';

export type MapyErrorCode = 'NONE' | 'PANORAMA_NOT_FOUND' | 'MISSING_API_KEY' | 'WRONG_API_KEY' | (string & {});

export interface MapyPanoramaInfo {
  lon: number;
  lat: number;
  date: string;
}

/** The result of `Panorama.panoramaFromPosition` (their `ICreatePanoFromPositionOutput`). */
export interface MapyPanoramaView {
  info?: MapyPanoramaInfo;
  error: string;
  errorCode: MapyErrorCode;
  addListener: (name: 'pano-view' | 'pano-place', callback: (data: unknown) => void) => void;
  removeListener: (name: 'pano-view' | 'pano-place', callback: (data: unknown) => void) => void;
  getCamera: () => PanoramaCamera;
  setCamera: (camera: PanoramaCamera) => void;
  destroy: () => void;
}

export interface MapyPanoramaApi {
  panoramaFromPosition(options: {
    parent: HTMLElement;
    lon: number;
    lat: number;
    apiKey: string;
    radius?: number;
    yaw?: 'auto' | 'point' | number;
    pitch?: number;
    fov?: number;
    showNavigation?: boolean;
    lang?: string;
    hideErrors?: boolean;
  }): Promise<MapyPanoramaView>;
  panoramaExists(options: {
    lon: number;
    lat: number;
    apiKey: string;
    radius?: number;
  }): Promise<{ exists: boolean; info?: MapyPanoramaInfo }>;
}

declare global {
  interface Window {
    Panorama?: MapyPanoramaApi;
  }
}

/** How long the script may take before the panel says the panorama could not be loaded. */
export const MAPY_SCRIPT_TIMEOUT_MS = 10_000;

let loading: Promise<MapyPanoramaApi> | null = null;

/** Loads their script once; a failure (no network, blocked, timeout) rejects and lets the next call retry. */
export function loadMapyPanorama(scriptUrl: string, timeoutMs = MAPY_SCRIPT_TIMEOUT_MS): Promise<MapyPanoramaApi> {
  if (window.Panorama) return Promise.resolve(window.Panorama);
  if (loading) return loading;
  const attempt = new Promise<MapyPanoramaApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.mapyPanorama = 'true';
    const done = (error: Error | null) => {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      if (!error && window.Panorama) return resolve(window.Panorama);
      script.remove();
      reject(error ?? new Error('Mapy.com panorama script loaded without window.Panorama'));
    };
    const timer = setTimeout(
      () => done(new Error(`Mapy.com panorama script: no answer in ${timeoutMs} ms`)),
      timeoutMs,
    );
    script.onload = () => done(null);
    script.onerror = () => done(new Error(`Mapy.com panorama script failed to load: ${scriptUrl}`));
    document.head.appendChild(script);
  });
  loading = attempt;
  attempt.catch(() => {
    if (loading === attempt) loading = null;
  });
  return attempt;
}

/** For tests: forget a loaded or failed script. */
export function resetMapyPanoramaLoader(): void {
  loading = null;
  document.querySelectorAll('script[data-mapy-panorama]').forEach((s) => s.remove());
}

export type MapyLookup = { found: true; lonLat: LonLat; capturedAt: string | null } | { found: false };

/**
 * Is there a Mapy.com panorama near the asked point? Their `panoramaExists` answers without drawing
 * anything, so the panel opens its panorama view only when there is one (else the map just moves, 001 §8).
 */
export async function findMapyPanorama(answer: MapyPanoramaAnswer): Promise<MapyLookup> {
  const api = await loadMapyPanorama(answer.scriptUrl);
  const result = await api.panoramaExists({
    lon: answer.lon,
    lat: answer.lat,
    apiKey: answer.apiKey,
    radius: answer.radius,
  });
  if (!result.exists) return { found: false };
  const info = result.info;
  return {
    found: true,
    lonLat:
      info && Number.isFinite(info.lon) && Number.isFinite(info.lat) ? [info.lon, info.lat] : [answer.lon, answer.lat],
    capturedAt: info?.date ?? null,
  };
}
