/**
 * Train provider (001 §7 POST /train-location, POST /train-track, GET /v2/grapp/trains/{token}, POST
 * /muv-location; the train search of fire.search).
 *
 * - Default: the simulation (simulation.ts) over our railway_lines — ~60 trains and 25 MUV whose positions are a
 *   pure function of the time, so every server node answers alike.
 * - With `TRAINS_URL` (config `trainsUrl`): the real railway service. The calls are passed through as they come
 *   (`POST {url}/train-location`, `POST {url}/train-track`, `GET {url}/grapp/trains/{token}`, `POST
 *   {url}/muv-location`, JSON, 10 s timeout); a failure answers 502 `{message}`.
 */
import { normalizeSearch } from '@panel/domain/map';
import { fromWireTime } from '@panel/domain/locale';
import { eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { railwayPoints } from '../../db/schema/index.js';
import { HttpError } from '../../errors.js';
import { loadWorld, type SimWorld } from './network.js';
import { muvFeature } from './muv.js';
import { trackFeatures, trainDistanceTo, trainFeature, trainStateAt } from './simulation.js';
import type { MuvFeature, TrackFeature, TrainFeature } from './types.js';

export interface TrainLocationQuery {
  /** one train number */
  TR?: string;
  /** wire times of a window */
  CasOd?: string;
  CasDo?: string;
  VlakCislo?: string;
  /** SR70 code or name of an operating point */
  DopravniBod?: string;
  RealTime?: boolean;
}

export interface TrainsProvider {
  readonly kind: 'simulation' | 'http';
  location(query: TrainLocationQuery, nowMs: number): Promise<{ features: TrainFeature[]; tr: string | null }>;
  track(numbers: string[], nowMs: number): Promise<{ features: TrackFeature[] }>;
  feed(token: string | null, nowMs: number): Promise<{ token: string; features: TrainFeature[] }>;
  muv(nowMs: number): Promise<{ features: MuvFeature[] }>;
  /** trains whose number starts with (else contains) the digits, exact first, then by number */
  search(digits: string, nowMs: number): Promise<TrainFeature[]>;
}

export const trainsTexts = {
  unavailable: 'Služba polohy vlaků není dostupná.',
  timeout: 'Služba polohy vlaků neodpověděla včas.',
} as const;

export const TRAINS_TIMEOUT_MS = 10_000;
/** A feed token older than this gets the whole list again. */
export const FEED_TOKEN_MAX_AGE_MS = 10 * 60_000;
/** A train passes an operating point when it comes this close. */
const PASS_RADIUS_M = 1500;
const PASS_STEP_MS = 60_000;
/** Longest window of a CasOd/CasDo question. */
const MAX_WINDOW_MS = 24 * 3_600_000;

export function trainsProvider(db: Database, config: { trainsUrl?: string }): TrainsProvider {
  return config.trainsUrl ? httpTrainsProvider(config.trainsUrl) : simulatedTrainsProvider(db);
}

export function simulatedTrainsProvider(db: Database): TrainsProvider {
  const featureOf = (w: SimWorld, number: string, at: number) => {
    const t = w.trainByNumber.get(number);
    const line = t && w.lineByCode.get(t.line);
    return t && line ? trainFeature(t, line, at) : null;
  };
  const all = (w: SimWorld, at: number) =>
    w.fleet.flatMap((t) => {
      const line = w.lineByCode.get(t.line);
      return line ? [trainFeature(t, line, at)] : [];
    });

  return {
    kind: 'simulation',

    async location(query, nowMs) {
      const w = await loadWorld(db);
      if (query.TR != null) {
        const f = featureOf(w, query.TR, nowMs);
        return { features: f ? [f] : [], tr: query.TR };
      }
      const from = fromWireTime(query.CasOd)?.getTime() ?? nowMs;
      const to = Math.min(fromWireTime(query.CasDo)?.getTime() ?? nowMs, from + MAX_WINDOW_MS);
      const at = query.RealTime ? nowMs : Math.min(to, nowMs);
      if (query.VlakCislo != null) {
        const f = featureOf(w, query.VlakCislo, at);
        return { features: f ? [f] : [], tr: query.VlakCislo };
      }
      const point = query.DopravniBod ? await resolvePoint(db, query.DopravniBod) : null;
      if (!point) return { features: [], tr: null };
      const features: TrainFeature[] = [];
      for (const t of w.fleet) {
        const line = w.lineByCode.get(t.line);
        if (!line) continue;
        let best: { d: number; at: number } | null = null;
        for (let time = from; time <= to; time += PASS_STEP_MS) {
          const d = trainDistanceTo(t, line, time, point.latitude, point.longitude);
          if (d <= PASS_RADIUS_M && (!best || d < best.d)) best = { d, at: time };
        }
        if (best) features.push(trainFeature(t, line, query.RealTime ? nowMs : best.at));
      }
      return { features, tr: null };
    },

    async track(numbers, nowMs) {
      const w = await loadWorld(db);
      const features = numbers.flatMap((n) => {
        const t = w.trainByNumber.get(n);
        const line = t && w.lineByCode.get(t.line);
        return t && line ? trackFeatures(t, line, nowMs) : [];
      });
      return { features };
    },

    async feed(token, nowMs) {
      const w = await loadWorld(db);
      const since = token != null && /^\d{10,16}$/.test(token) ? Number(token) : null;
      const fresh = since != null && since <= nowMs && nowMs - since <= FEED_TOKEN_MAX_AGE_MS;
      if (!fresh) return { token: String(nowMs), features: all(w, nowMs) };
      // changed since the token: every train that moves now or stood elsewhere at the token's time
      const features = w.fleet.flatMap((t) => {
        const line = w.lineByCode.get(t.line);
        if (!line) return [];
        const now = trainStateAt(t, line.length, nowMs);
        const then = trainStateAt(t, line.length, since);
        const changed = now.moving || Math.abs(now.s - then.s) > 1 || now.forward !== then.forward;
        return changed ? [trainFeature(t, line, nowMs)] : [];
      });
      return { token: String(nowMs), features };
    },

    async muv(nowMs) {
      const w = await loadWorld(db);
      const features = w.muvs.flatMap((m) => {
        const line = w.lineByCode.get(m.line);
        return line ? [muvFeature(m, line, nowMs)] : [];
      });
      return { features };
    },

    async search(digits, nowMs) {
      const w = await loadWorld(db);
      if (!digits) return [];
      const hits = w.fleet
        .filter((t) => t.number.includes(digits))
        .sort(
          (a, b) =>
            Number(b.number === digits) - Number(a.number === digits) ||
            Number(b.number.startsWith(digits)) - Number(a.number.startsWith(digits)) ||
            Number(a.number) - Number(b.number),
        );
      return hits.flatMap((t) => {
        const line = w.lineByCode.get(t.line);
        return line ? [trainFeature(t, line, nowMs)] : [];
      });
    },
  };
}

async function resolvePoint(db: Database, codeOrName: string) {
  const term = codeOrName.trim();
  const [row] = await db
    .select({ latitude: railwayPoints.latitude, longitude: railwayPoints.longitude })
    .from(railwayPoints)
    .where(or(eq(railwayPoints.code, term), eq(railwayPoints.search, normalizeSearch(term))))
    .limit(1);
  return row ?? null;
}

export function httpTrainsProvider(
  baseUrl: string,
  opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
): TrainsProvider {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? TRAINS_TIMEOUT_MS;
  const root = baseUrl.replace(/\/+$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${root}${path}`, {
        method,
        headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      throw new HttpError(
        502,
        name === 'TimeoutError' || name === 'AbortError' ? trainsTexts.timeout : trainsTexts.unavailable,
      );
    }
    if (!res.ok) throw new HttpError(502, trainsTexts.unavailable);
    try {
      return (await res.json()) as T;
    } catch {
      throw new HttpError(502, trainsTexts.unavailable);
    }
  }
  return {
    kind: 'http',
    async location(query) {
      const r = await call<{ features?: TrainFeature[]; tr?: string | null }>('POST', '/train-location', query);
      return { features: r.features ?? [], tr: r.tr ?? query.TR ?? query.VlakCislo ?? null };
    },
    async track(numbers) {
      const r = await call<{ features?: TrackFeature[] }>('POST', '/train-track', { TR: numbers });
      return { features: r.features ?? [] };
    },
    async feed(token) {
      const r = await call<{ token?: string; features?: TrainFeature[] }>(
        'GET',
        `/grapp/trains/${encodeURIComponent(token ?? 'null')}`,
      );
      return { token: r.token ?? '', features: r.features ?? [] };
    },
    async muv() {
      const r = await call<{ features?: MuvFeature[] }>('POST', '/muv-location', {});
      return { features: r.features ?? [] };
    },
    async search(digits) {
      if (!digits) return [];
      const r = await call<{ features?: TrainFeature[] }>('POST', '/train-location', { TR: digits });
      return r.features ?? [];
    },
  };
}
