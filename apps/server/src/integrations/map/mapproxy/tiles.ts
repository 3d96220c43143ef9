/**
 * The map proxy for tiles (issue 24 item 15). A tile host that sends no `Access-Control-Allow-Origin` cannot be
 * drawn on the map's canvas with `crossOrigin='anonymous'` (the image fails) nor without it (the canvas is
 * tainted and the map screenshot fails), so the panel asks such a host through us: GET /v2/map/tile?url=….
 * Only hosts of the configured map layers (MAP_LAYERS, DRONE_WMS_URL, CADASTRE_WMS_URL) and MAP_PROXY_HOSTS
 * are fetched, only a tile request (no REQUEST, or GetMap/GetTile), and only raster images pass (not SVG). Tiles
 * are kept in a small in-memory cache (bytes-bounded LRU with a TTL), so a panned-back view costs the host
 * nothing; the answer carries caching headers for the browser. Tile URLs may carry a key: only the host is
 * ever logged.
 */
import type { MapLayersConfig } from '@panel/domain/map';
import { callService, ServiceError, type FetchOptions } from '../../geo/http.js';
import { checkAllowedUrl, type ProxyCheck } from './proxy.js';
import { LRUCache } from 'lru-cache';

export const TILE_MAX_BYTES = 2 * 1024 * 1024;
/** how long the browser and our cache keep a tile */
export const TILE_MAX_AGE_S = 3600;

export const tileProxyTexts = {
  onlyTiles: 'Mapový proxy předává jen dlaždice mapy (GetMap, GetTile nebo XYZ).',
  failed: 'Dlaždici mapy se nepodařilo načíst.',
} as const;

/** MAP_PROXY_HOSTS plus the host (with a non-default port) of every configured map layer. */
export function tileProxyHosts(proxyHosts: readonly string[], layers: MapLayersConfig | undefined): string[] {
  const hosts = new Set(proxyHosts.map((h) => h.trim().toLowerCase()));
  for (const layer of Object.values(layers ?? {})) {
    // an XYZ template's braces are legal in a URL's path, so it parses like any other address
    if (layer?.url && URL.canParse(layer.url)) hosts.add(new URL(layer.url).host.toLowerCase());
  }
  return [...hosts];
}

/** An allowed host and a tile request: no REQUEST parameter (XYZ, REST WMTS) or exactly one GetMap/GetTile. */
export function checkTileUrl(raw: string | undefined, allowedHosts: readonly string[]): ProxyCheck {
  const check = checkAllowedUrl(raw, allowedHosts);
  if (!check.ok) return check;
  const request = [...check.url.searchParams.entries()].filter(([k]) => k.toLowerCase() === 'request');
  if (request.length > 1 || (request.length === 1 && !/^get(map|tile)$/i.test(request[0][1]))) {
    return { ok: false, status: 403, message: tileProxyTexts.onlyTiles };
  }
  return check;
}

export interface Tile {
  contentType: string;
  body: Buffer;
}

/** image/* but SVG (which can carry scripts), without parameters. */
export function tileContentType(raw: string | null): string | null {
  const type = (raw ?? '').split(';')[0].trim().toLowerCase();
  return /^image\/[a-z0-9.+-]+$/.test(type) && type !== 'image/svg+xml' ? type : null;
}

/** Fetches one tile; ServiceError (logged by host only) on anything but a raster image of 200 within limits. */
export async function fetchTile(url: URL, opts: FetchOptions = {}): Promise<Tile> {
  const fail = (reason: string, status?: number) => {
    opts.log?.warn({ service: 'map-tiles', host: url.host, reason, status }, 'map-tiles: tile refused');
    return new ServiceError('map-tiles', `map-tiles: ${reason}`, status);
  };
  let res: Response;
  try {
    // callService logs the whole URL, which may hold a key: its own log is silenced, ours names the host
    res = await callService('map-tiles', url.toString(), { redirect: 'manual' }, { ...opts, log: undefined });
  } catch (err) {
    throw fail(err instanceof ServiceError ? err.message : 'unreachable', (err as ServiceError).status);
  }
  if (res.status !== 200) throw fail('not 200', res.status);
  const contentType = tileContentType(res.headers.get('content-type'));
  if (!contentType) {
    await res.body?.cancel().catch(() => undefined);
    throw fail('not a raster image', res.status);
  }
  if (Number(res.headers.get('content-length')) > TILE_MAX_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw fail('too large', res.status);
  }
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > TILE_MAX_BYTES) throw fail('too large', res.status);
  return { contentType, body };
}

/**
 * A bytes-bounded LRU of tiles with a TTL from when a tile was fetched (lru-cache; reading a tile does not
 * extend its life). `now` (ms) is for tests.
 */
export class TileCache {
  private readonly entries: LRUCache<string, Tile>;

  constructor(maxBytes = 32 * 1024 * 1024, ttlMs = TILE_MAX_AGE_S * 1000, now: () => number = Date.now) {
    this.entries = new LRUCache<string, Tile>({
      maxSize: maxBytes,
      sizeCalculation: (tile) => Math.max(1, tile.body.length),
      ttl: ttlMs,
      perf: { now },
      // the clock read on every check (the default caches it for a millisecond by a timer)
      ttlResolution: 0,
    });
  }

  get(key: string): Tile | undefined {
    return this.entries.get(key);
  }

  set(key: string, tile: Tile): void {
    this.entries.set(key, tile); // one over maxSize alone is not kept
  }

  get size(): { tiles: number; bytes: number } {
    this.entries.purgeStale();
    return { tiles: this.entries.size, bytes: this.entries.calculatedSize };
  }
}

/** Concurrent asks of one tile share one upstream fetch. */
export function cachedTile(cache: TileCache, inflight: Map<string, Promise<Tile>>, url: URL, opts: FetchOptions) {
  const key = url.toString();
  const hit = cache.get(key);
  if (hit) return { tile: Promise.resolve(hit), hit: true };
  let pending = inflight.get(key);
  if (!pending) {
    pending = fetchTile(url, opts)
      .then((tile) => {
        cache.set(key, tile);
        return tile;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  return { tile: pending, hit: false };
}
