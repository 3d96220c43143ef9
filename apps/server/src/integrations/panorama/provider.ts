/**
 * Panorama provider — the street-level view (001 §2 "Street-level panorama view … capture date chip", §7
 * "Panorama service: lon, lat, yaw, pitch, fov", §8 "error code other than NONE: map just moves", §5/§9 fov
 * 10–75).
 *
 * Answer: `{errorCode: 'NONE', lon, lat, yaw, pitch, fov, capturedAt, imageUrl}` or `{errorCode: 'NOT_FOUND'}`.
 *
 * - Default (offline): our "track-side cameras" stand at the railway points; a panorama exists within 150 m of
 *   one (the nearest wins). `lon/lat` = that railway point, `imageUrl` = `/v2/panorama/image/{pointId}.jpg`
 *   (4096 × 2048 equirectangular, north in the middle column), `capturedAt` a stable made-up time per point.
 * - `PANORAMA_URL`: GET `{url}?lon=&lat=&yaw=&pitch=&fov=`; its JSON is passed on (a relative `imageUrl`
 *   resolved against the URL). Failures throw ServiceError (logged).
 */
import { PANORAMA_FOV } from '@panel/domain/constants';
import { toWireTime } from '@panel/domain/locale';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { railwayPoints } from '../../db/schema/index.js';
import { railwayPointsNear } from '../geo/data.js';
import { callServiceJson, type FetchOptions } from '../geo/http.js';
import { captureTime } from '../railimage/provider.js';
import { renderPanorama } from './render.js';

export const PANORAMA_RADIUS = 150;
export const PANORAMA_IMAGE_PATH = '/v2/panorama/image/';

export interface PanoramaQuery {
  lon: number;
  lat: number;
  yaw?: number;
  pitch?: number;
  fov?: number;
}

export type PanoramaAnswer =
  | {
      errorCode: 'NONE';
      lon: number;
      lat: number;
      yaw: number;
      pitch: number;
      fov: number;
      capturedAt: string | null;
      imageUrl: string;
    }
  | { errorCode: string };

export interface PanoramaProvider {
  readonly kind: 'offline' | 'http';
  lookup(q: PanoramaQuery): Promise<PanoramaAnswer>;
  image?(key: string): Promise<Buffer | null>;
}

export const clampFov = (fov: number | undefined) =>
  Math.min(PANORAMA_FOV.max, Math.max(PANORAMA_FOV.min, fov ?? PANORAMA_FOV.max));
export const normalizeYaw = (yaw: number | undefined) => ((((yaw ?? 0) % 360) + 360) % 360);
export const clampPitch = (pitch: number | undefined) => Math.min(90, Math.max(-90, pitch ?? 0));

export function offlinePanoramaProvider(db: Database): PanoramaProvider {
  return {
    kind: 'offline',
    async lookup(q) {
      const [hit] = await railwayPointsNear(db, [q.lon, q.lat], PANORAMA_RADIUS);
      if (!hit) return { errorCode: 'NOT_FOUND' };
      return {
        errorCode: 'NONE',
        lon: hit.point.longitude,
        lat: hit.point.latitude,
        yaw: normalizeYaw(q.yaw),
        pitch: clampPitch(q.pitch),
        fov: clampFov(q.fov),
        capturedAt: toWireTime(captureTime(`pano|${hit.point.code}`)),
        imageUrl: `${PANORAMA_IMAGE_PATH}${hit.point.id}.jpg`,
      };
    },
    async image(key) {
      if (!/^\d{1,9}$/.test(key)) return null;
      const [point] = await db.select().from(railwayPoints).where(eq(railwayPoints.id, Number(key)));
      if (!point) return null;
      return renderPanorama({ station: point.name });
    },
  };
}

export function httpPanoramaProvider(url: string, opts: FetchOptions = {}): PanoramaProvider {
  return {
    kind: 'http',
    async lookup(q) {
      const target = new URL(url);
      const params = {
        lon: q.lon,
        lat: q.lat,
        yaw: normalizeYaw(q.yaw),
        pitch: clampPitch(q.pitch),
        fov: clampFov(q.fov),
      };
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, String(v));
      const body = await callServiceJson<Record<string, unknown>>('panorama', target.toString(), {}, opts);
      const errorCode = typeof body.errorCode === 'string' ? body.errorCode : 'NOT_FOUND';
      if (errorCode !== 'NONE' || typeof body.imageUrl !== 'string') return { errorCode: errorCode === 'NONE' ? 'NOT_FOUND' : errorCode };
      const num = (v: unknown, fallback: number) => (Number.isFinite(Number(v)) && v !== null && v !== '' ? Number(v) : fallback);
      return {
        errorCode: 'NONE',
        lon: num(body.lon, q.lon),
        lat: num(body.lat, q.lat),
        yaw: num(body.yaw, params.yaw),
        pitch: num(body.pitch, params.pitch),
        fov: num(body.fov, params.fov),
        capturedAt: typeof body.capturedAt === 'string' ? body.capturedAt : null,
        imageUrl: URL.canParse(body.imageUrl, url) ? new URL(body.imageUrl, url).toString() : body.imageUrl,
      };
    },
  };
}

export function panoramaProvider(db: Database, url: string | undefined, opts: FetchOptions = {}): PanoramaProvider {
  return url ? httpPanoramaProvider(url, opts) : offlinePanoramaProvider(db);
}
