/**
 * Panorama provider — the street-level view (001 §2 "Street-level panorama view … capture date chip", §7
 * "Panorama service: lon, lat, yaw, pitch, fov", §8 "error code other than NONE: map just moves", §5/§9 fov
 * 10–75). Wire type: the domain's `PanoramaAnswer` (packages/domain/src/map/panorama.ts).
 *
 * - Default (offline): our "track-side cameras" stand at the railway points; a panorama exists within 150 m of
 *   one (the nearest wins). `lon/lat` = that railway point, `imageUrl` = `/v2/panorama/image/{pointId}.jpg`
 *   (4096 × 2048 equirectangular, north in the middle column), `capturedAt` a stable made-up time per point.
 * - `MAPY_API_KEY`: Mapy.com's JS Panorama, which only a browser can show (it draws into a DOM element and
 *   fetches its tiles itself). The answer tells the panel the key, the script and the normalized camera; the
 *   panel asks Mapy.com and takes its `errorCode` (apps/web/src/features/map/cards/mapyPanorama.ts).
 */
import {
  PANORAMA_RADIUS,
  MAPY_PANORAMA_SCRIPT,
  clampPanoramaFov,
  clampPanoramaPitch,
  wrapHeading,
} from '@panel/domain/map';
import type { PanoramaAnswer, PanoramaQuery } from '@panel/domain/map';
import { toWireTime } from '@panel/domain/locale';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { railwayPoints } from '../../../db/schema/index.js';
import { railwayPointsNear } from '../../geo/data.js';
import { captureTime } from '../railimage/provider.js';
import { renderPanorama } from './render.js';

export const PANORAMA_IMAGE_PATH = '/v2/panorama/image/';

export interface PanoramaProvider {
  readonly kind: 'offline' | 'mapy';
  lookup(q: PanoramaQuery): Promise<PanoramaAnswer>;
  image?(key: string): Promise<Buffer | null>;
}

/** The asked camera as every answer gives it back: yaw 0–360, pitch −90…90, fov 10–75 (001 §5). */
function normalizedCamera(q: PanoramaQuery) {
  return { yaw: wrapHeading(q.yaw), pitch: clampPanoramaPitch(q.pitch), fov: clampPanoramaFov(q.fov) };
}

export function offlinePanoramaProvider(db: Database): PanoramaProvider {
  return {
    kind: 'offline',
    async lookup(q) {
      const [hit] = await railwayPointsNear(db, [q.lon, q.lat], PANORAMA_RADIUS);
      if (!hit) return { errorCode: 'NOT_FOUND' };
      return {
        errorCode: 'NONE',
        provider: 'offline',
        lon: hit.point.longitude,
        lat: hit.point.latitude,
        ...normalizedCamera(q),
        capturedAt: toWireTime(captureTime(`pano|${hit.point.code}`)),
        imageUrl: `${PANORAMA_IMAGE_PATH}${hit.point.id}.jpg`,
      };
    },
    async image(key) {
      if (!/^\d{1,9}$/.test(key)) return null;
      const [point] = await db
        .select()
        .from(railwayPoints)
        .where(eq(railwayPoints.id, Number(key)));
      if (!point) return null;
      return renderPanorama({ station: point.name });
    },
  };
}

/** Mapy.com's JS Panorama: the browser looks the panorama up; we normalize the camera and hand over the key. */
export function mapyPanoramaProvider(apiKey: string): PanoramaProvider {
  return {
    kind: 'mapy',
    async lookup(q) {
      return {
        provider: 'mapy',
        lon: q.lon,
        lat: q.lat,
        ...normalizedCamera(q),
        radius: PANORAMA_RADIUS,
        apiKey,
        scriptUrl: MAPY_PANORAMA_SCRIPT,
      };
    },
  };
}

export function panoramaProvider(db: Database, mapyApiKey: string | undefined): PanoramaProvider {
  return mapyApiKey ? mapyPanoramaProvider(mapyApiKey) : offlinePanoramaProvider(db);
}
