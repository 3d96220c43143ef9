/**
 * Rail image provider — the track preview card (001 §2, §3 "Rail image response", §7, §8).
 *
 * Answer: `{status: 'OK'|'ERROR', message, longitude, latitude, image, capturedAt, deviation}`.
 *
 * - Default (offline): the nearest railway line (or, without lines, railway point) of our tables. Farther than
 *   300 m → `status: 'ERROR'` with 'Bod neleží na trati (nejbližší trať je {n} m daleko).'. Else the image of
 *   the point on the track: `GET /v2/rail-image/image/{key}.jpg` (key = the requested point in micro-degrees,
 *   `{lonE6}_{latE6}`; the image call recomputes the same scene), `longitude/latitude` = that point on the track,
 *   `deviation` = metres from the track, `capturedAt` a stable made-up capture time of that track stretch.
 * - `RAIL_IMAGE_URL`: GET `{url}?longitude=&latitude=`; its JSON is passed on (a relative `image` resolved
 *   against the URL). A failure (timeout, non-2xx, not JSON) throws ServiceError (logged).
 */
import { toWireTime, formatDateTime } from '@panel/domain/locale';
import type { RailImageAnswer } from '@panel/domain/map';
import type { Database } from '../../../db/client.js';
import { nearestLine, railwayPointsNear, type LineHit, type RailwayPointRow } from '../../geo/data.js';
import { callServiceJson, type FetchOptions } from '../../geo/http.js';
import { nearestOnPolyline, stableHash, type LonLat } from '../../geo/measure.js';
import { renderRailImage, type RailScene } from './render.js';

export const RAIL_MAX_DISTANCE = 300;

export interface RailImageProvider {
  readonly kind: 'offline' | 'http';
  lookup(lon: number, lat: number): Promise<RailImageAnswer>;
  /** the JPEG of an offline key; null when the key does not lie on a track */
  image?(key: string): Promise<Buffer | null>;
}

export const railImageTexts = {
  offTrack: (n: number) => `Bod neleží na trati (nejbližší trať je ${n} m daleko).`,
  noTrack: 'Bod neleží na trati (v okolí není žádná trať).',
} as const;

export const RAIL_IMAGE_PATH = '/v2/rail-image/image/';

export const railImageKey = (lon: number, lat: number) => `${Math.round(lon * 1e6)}_${Math.round(lat * 1e6)}`;

export function parseRailImageKey(key: string): LonLat | null {
  const m = /^(-?\d{1,9})_(-?\d{1,9})$/.exec(key);
  if (!m) return null;
  const lon = Number(m[1]) / 1e6;
  const lat = Number(m[2]) / 1e6;
  return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? [lon, lat] : null;
}

const round8 = (v: number) => Math.round(v * 1e8) / 1e8;

/** A stable capture time of a stretch of track (spring–autumn 2025, daytime). */
export function captureTime(seed: string): Date {
  const h = stableHash(seed);
  const start = Date.UTC(2025, 3, 1, 6, 0, 0); // 1 Apr 2025 08:00 Prague (CEST)
  return new Date(start + (h % 180) * 86_400_000 + ((h >>> 8) % 9) * 3_600_000 + ((h >>> 16) % 60) * 60_000);
}

export interface Analysis {
  point: LonLat;
  deviation: number;
  scene: Omit<RailScene, 'captured' | 'deviation'>;
  seed: string;
}

/** Operating points lying on the hit line (within 60 m of it), with their position along it. */
function pointsOnLine(hit: LineHit, candidates: { point: RailwayPointRow }[]) {
  return candidates
    .map(({ point }) => ({ point, on: nearestOnPolyline([point.longitude, point.latitude], hit.line.coordinates) }))
    .filter((c) => c.on && c.on.distance <= 60)
    .map((c) => ({ point: c.point, along: c.on!.along }))
    .sort((a, b) => a.along - b.along);
}

/** The km at `along` interpolated between operating points with a km on the same line. */
export function interpolateKm(along: number, onLine: { along: number; km: number | null }[]): number | null {
  const withKm = onLine.filter((p): p is { along: number; km: number } => p.km !== null && Number.isFinite(p.km));
  if (!withKm.length) return null;
  const before = [...withKm].reverse().find((p) => p.along <= along);
  const after = withKm.find((p) => p.along > along);
  if (before && after && after.along > before.along) {
    return before.km + ((after.km - before.km) * (along - before.along)) / (after.along - before.along);
  }
  // one side only: continue from the nearest with the direction the km run in (1 km per 1000 m)
  const nearest = before ?? after!;
  const [a, b] = withKm.length >= 2 ? [withKm[0], withKm[withKm.length - 1]] : [null, null];
  const sign = a && b && b.along !== a.along ? Math.sign((b.km - a.km) / (b.along - a.along)) || 1 : 0;
  return nearest.km + (sign * (along - nearest.along)) / 1000;
}

/** What the track preview at `p` shows, or the distance to the nearest track when it is out of reach. */
export async function analyse(db: Database, p: LonLat): Promise<Analysis | { distance: number | null }> {
  const hit = await nearestLine(db, p, 50_000);
  if (hit) {
    if (hit.distance > RAIL_MAX_DISTANCE) return { distance: hit.distance };
    const around = await railwayPointsNear(db, hit.point, 15_000);
    const onLine = pointsOnLine(hit, around);
    const km = interpolateKm(
      hit.along,
      onLine.map((o) => ({ along: o.along, km: o.point.km })),
    );
    // the station board: the nearest operating point on this line, else the nearest at all
    const onLineNearest = [...onLine].sort((a, b) => Math.abs(a.along - hit.along) - Math.abs(b.along - hit.along))[0];
    const station = onLineNearest?.point.name ?? around[0]?.point.name ?? null;
    const previous = [...onLine].reverse().find((o) => o.along < hit.along - 50 && o.point.name !== station);
    const next = onLine.find((o) => o.along > hit.along + 50 && o.point.name !== station);
    return {
      point: hit.point,
      deviation: hit.distance,
      seed: `${hit.line.code}|${Math.round(hit.along / 200)}`,
      scene: {
        station,
        km: km === null ? null : Math.round(km * 10) / 10,
        previous: previous?.point.name ?? null,
        next: next?.point.name ?? null,
        line: hit.line.name,
      },
    };
  }
  // no lines at all in reach: railway points stand for the track
  const [nearest] = await railwayPointsNear(db, p, 50_000);
  if (!nearest) return { distance: null };
  if (nearest.distance > RAIL_MAX_DISTANCE) return { distance: nearest.distance };
  return {
    point: [nearest.point.longitude, nearest.point.latitude],
    deviation: nearest.distance,
    seed: nearest.point.code,
    scene: { station: nearest.point.name, km: nearest.point.km, previous: null, next: null, line: null },
  };
}

export function offlineRailImageProvider(db: Database): RailImageProvider {
  return {
    kind: 'offline',
    async lookup(lon, lat) {
      const a = await analyse(db, [lon, lat]);
      if (!('point' in a)) {
        return {
          status: 'ERROR',
          message: a.distance === null ? railImageTexts.noTrack : railImageTexts.offTrack(Math.round(a.distance)),
          longitude: lon,
          latitude: lat,
          image: null,
          capturedAt: null,
          deviation: a.distance === null ? null : Math.round(a.distance * 10) / 10,
        };
      }
      return {
        status: 'OK',
        message: null,
        longitude: round8(a.point[0]),
        latitude: round8(a.point[1]),
        image: `${RAIL_IMAGE_PATH}${railImageKey(lon, lat)}.jpg`,
        capturedAt: toWireTime(captureTime(a.seed)),
        deviation: Math.round(a.deviation * 10) / 10,
      };
    },
    async image(key) {
      const p = parseRailImageKey(key);
      if (!p) return null;
      const a = await analyse(db, p);
      if (!('point' in a)) return null;
      return renderRailImage({
        ...a.scene,
        captured: formatDateTime(captureTime(a.seed)),
        deviation: Math.round(a.deviation * 10) / 10,
      });
    },
  };
}

export function httpRailImageProvider(url: string, opts: FetchOptions = {}): RailImageProvider {
  return {
    kind: 'http',
    async lookup(lon, lat) {
      const target = new URL(url);
      target.searchParams.set('longitude', String(lon));
      target.searchParams.set('latitude', String(lat));
      const body = await callServiceJson<Record<string, unknown>>('rail-image', target.toString(), {}, opts);
      const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : v == null ? null : Number(v));
      const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? null : String(v));
      const image = str(body.image);
      return {
        status: String(body.status).toUpperCase() === 'OK' ? 'OK' : 'ERROR',
        message: str(body.message),
        longitude: num(body.longitude),
        latitude: num(body.latitude),
        image:
          image && !/^(data:|https?:)/i.test(image) && URL.canParse(image, url)
            ? new URL(image, url).toString()
            : image,
        capturedAt: str(body.capturedAt),
        deviation: num(body.deviation),
      };
    },
  };
}

export function railImageProvider(db: Database, url: string | undefined, opts: FetchOptions = {}): RailImageProvider {
  return url ? httpRailImageProvider(url, opts) : offlineRailImageProvider(db);
}
