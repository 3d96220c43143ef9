/**
 * The base map services as the panel gets them (issue 15): every configured WMTS layer completed with the tile
 * grid its service's capabilities announce (matrix ids, resolutions, origin), so a 2 m/px view asks the service's
 * 2 m/px matrix. Capabilities are cached in memory (TTL); when a refresh fails the stale copy is kept; when there
 * is none the layer is left out — the panel falls back along 001 §9 to our offline map — with a notice the panel
 * shows and /readyz reports, and a warning logged once per outage. The next call after the retry interval tries
 * again, so the maps come back by themselves. Nothing here blocks a request longer than the fetch timeout, and
 * only until the first answer (or failure); afterwards refreshes run in the background.
 */
import type { LayerSource, MapLayersConfig, TileGridDef } from '@panel/domain/map';
import { MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import { parseWmtsCapabilities, type TileMatrixSet, type WmtsCapabilities } from './capabilities.js';

export const baseMapTexts = {
  cuzkUnavailable: 'Mapové podklady ČÚZK nejsou dostupné, zobrazuje se náhradní mapa.',
  unavailable: 'Mapové podklady nejsou dostupné, zobrazuje se náhradní mapa.',
};

export interface BaseMapsLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface BaseMapsOptions {
  /** the layers are our ČÚZK defaults (MAP_LAYERS unset): the notice names ČÚZK */
  cuzkDefault: boolean;
  timeoutMs: number;
  /** how long capabilities are trusted before a refresh */
  ttlMs?: number;
  /** how soon a failed service is asked again */
  retryMs?: number;
  log: BaseMapsLog;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface BaseMapsState {
  /** the layers to send to the panel (WMTS ones only with their tile grid) */
  layers: MapLayersConfig | undefined;
  /** 'ok' every WMTS service answered (now or before), 'fallback' some did not, 'none' no WMTS layer configured */
  status: 'ok' | 'fallback' | 'none';
  notice: string | null;
}

interface Entry {
  caps?: WmtsCapabilities;
  fetchedAt: number;
  failedAt: number;
  failing: boolean;
  inflight?: Promise<void>;
}

const MAX_BYTES = 5 * 1024 * 1024;

/** The capabilities address of a KVP WMTS endpoint (a RESTful …/WMTSCapabilities.xml is taken as it is). */
export function capabilitiesUrl(url: string): string {
  if (/\.xml(\?|$)/i.test(url)) return url;
  const u = new URL(url);
  const has = (name: string) => [...u.searchParams.keys()].some((k) => k.toLowerCase() === name);
  if (!has('service')) u.searchParams.set('SERVICE', 'WMTS');
  if (!has('request')) u.searchParams.set('REQUEST', 'GetCapabilities');
  if (!has('version')) u.searchParams.set('VERSION', '1.0.0');
  return u.toString();
}

const epsg = (crs: string) => /(\d+)$/.exec(crs)?.[1];

/** The tile grid of one matrix set, as OpenLayers' WMTS tile grid takes it. */
export function tileGridOf(set: TileMatrixSet): TileGridDef {
  const m = set.matrices;
  const first = m[0];
  const sameOrigin = m.every((x) => x.topLeft[0] === first.topLeft[0] && x.topLeft[1] === first.topLeft[1]);
  const width = first.matrixWidth * first.tileWidth * first.resolution;
  const height = first.matrixHeight * first.tileHeight * first.resolution;
  return {
    matrixSet: set.identifier,
    matrixIds: m.map((x) => x.identifier),
    resolutions: m.map((x) => x.resolution),
    ...(sameOrigin ? { origin: first.topLeft } : { origins: m.map((x) => x.topLeft) }),
    tileSize: first.tileWidth,
    extent: [first.topLeft[0], first.topLeft[1] - height, first.topLeft[0] + width, first.topLeft[1]],
  };
}

export class BaseMaps {
  private readonly cache = new Map<string, Entry>();
  private readonly ttl: number;
  private readonly retry: number;
  private readonly now: () => number;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly opts: BaseMapsOptions) {
    this.ttl = opts.ttlMs ?? 60 * 60_000;
    this.retry = opts.retryMs ?? 60_000;
    this.now = opts.now ?? (() => Date.now());
    this.fetchFn = opts.fetch ?? fetch;
  }

  /**
   * The layers with their tile grids, the status and the notice. Waits only for a first answer, and not at all
   * with `wait: false` (health checks): a service never read yet then counts as not answering.
   */
  async current(layers: MapLayersConfig | null | undefined, { wait = true } = {}): Promise<BaseMapsState> {
    const wmts = Object.values(layers ?? {}).filter((l): l is LayerSource => l?.type === 'wmts');
    if (!layers || wmts.length === 0) return { layers: layers ?? undefined, status: 'none', notice: null };
    const refreshes = Promise.all(wmts.map((l) => this.refreshIfDue(l.url)));
    if (wait) await refreshes;
    const out: MapLayersConfig = {};
    let missing = false;
    for (const [id, source] of Object.entries(layers) as [keyof MapLayersConfig, LayerSource | undefined][]) {
      if (!source) continue;
      if (source.type !== 'wmts') {
        out[id] = source;
        continue;
      }
      const resolved = this.resolve(source);
      if (resolved) out[id] = resolved;
      else missing = true;
    }
    const notice = missing ? (this.opts.cuzkDefault ? baseMapTexts.cuzkUnavailable : baseMapTexts.unavailable) : null;
    return { layers: out, status: missing ? 'fallback' : 'ok', notice };
  }

  /** Starts a refresh when due; waits for it only while nothing was ever read for this URL. */
  private async refreshIfDue(url: string): Promise<void> {
    let entry = this.cache.get(url);
    if (!entry) {
      entry = { fetchedAt: 0, failedAt: 0, failing: false };
      this.cache.set(url, entry);
    }
    const t = this.now();
    const due = entry.failing ? t - entry.failedAt >= this.retry : !entry.caps || t - entry.fetchedAt >= this.ttl;
    if (due && !entry.inflight) {
      const e = entry;
      e.inflight = this.load(url, e).finally(() => (e.inflight = undefined));
    }
    if (entry.inflight && !entry.caps && !entry.failing) await entry.inflight;
  }

  private async load(url: string, entry: Entry): Promise<void> {
    const address = capabilitiesUrl(url);
    try {
      const response = await this.fetchFn(address, {
        signal: AbortSignal.timeout(this.opts.timeoutMs),
        redirect: 'follow',
        headers: { accept: 'application/xml, text/xml' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = await response.text();
      if (body.length > MAX_BYTES) throw new Error('capabilities larger than 5 MB');
      entry.caps = parseWmtsCapabilities(body);
      entry.fetchedAt = this.now();
      if (entry.failing) this.opts.log.info({ url: address }, 'WMTS capabilities available again');
      entry.failing = false;
    } catch (err) {
      entry.failedAt = this.now();
      if (!entry.failing) {
        // once per outage, not on every retry
        this.opts.log.warn(
          { url: address, err: err instanceof Error ? err.message : String(err), stale: Boolean(entry.caps) },
          entry.caps
            ? 'WMTS capabilities refresh failed; the cached copy is kept'
            : 'WMTS capabilities unavailable; the panel shows the offline map instead',
        );
      }
      entry.failing = true;
    }
  }

  /** The source with its tile grid, or null when its capabilities are unknown or do not offer it. */
  private resolve(source: LayerSource): LayerSource | null {
    const caps = this.cache.get(source.url)?.caps;
    if (!caps) return null;
    const name = source.layer ?? source.layers;
    const layer = caps.layers.find((l) => l.identifier === name) ?? (name ? undefined : caps.layers[0]);
    if (!layer) return this.refuse(source, `layer ${name ?? ''} not in the capabilities`);
    const sets = caps.matrixSets.filter((s) => layer.matrixSets.includes(s.identifier) && s.matrices.length > 0);
    const set = source.matrixSet
      ? sets.find((s) => s.identifier === source.matrixSet)
      : sets.find((s) => epsg(s.crs) === epsg(MAP_VIEW_PROJECTION));
    if (!set) return this.refuse(source, `no tile matrix set in ${MAP_VIEW_PROJECTION} for layer ${layer.identifier}`);
    const format =
      source.format && layer.formats.includes(source.format) ? source.format : (layer.formats[0] ?? source.format);
    return {
      ...source,
      layer: layer.identifier,
      matrixSet: set.identifier,
      format,
      style: source.style ?? layer.defaultStyle ?? 'default',
      tileGrid: tileGridOf(set),
    };
  }

  private readonly refused = new Set<string>();
  private refuse(source: LayerSource, why: string): null {
    const key = `${source.url} ${why}`;
    if (!this.refused.has(key)) {
      this.refused.add(key);
      this.opts.log.warn({ url: source.url }, `WMTS layer left out: ${why}`);
    }
    return null;
  }
}

interface BaseMapsConfig {
  mapLayers?: MapLayersConfig;
  baseMaps?: { cuzkDefault: boolean; capabilitiesTimeoutMs: number };
}

const instances = new WeakMap<BaseMapsConfig, BaseMaps>();

/** The app's capabilities cache (one per configuration object, i.e. per app). */
export function baseMapsOf(config: BaseMapsConfig, log: BaseMapsLog): BaseMaps {
  let maps = instances.get(config);
  if (!maps) {
    maps = new BaseMaps({
      cuzkDefault: config.baseMaps?.cuzkDefault ?? false,
      timeoutMs: config.baseMaps?.capabilitiesTimeoutMs ?? 5000,
      log,
    });
    instances.set(config, maps);
  }
  return maps;
}
