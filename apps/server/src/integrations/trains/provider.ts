/**
 * Train provider (001 §7 POST /train-location, POST /train-track, GET /v2/grapp/trains/{token}, POST
 * /muv-location; the train search of fire.search).
 *
 * - Default: the simulation (simulation.ts) over our railway_lines — ~60 trains and 25 MUV whose positions are a
 *   pure function of the time, so every server node answers alike.
 * - With `TRAINS_URL` (config `trainsUrl`) a real service, chosen by `TRAINS_PROVIDER` (config `trainsProvider`):
 *   `grapp` — Správa železnic's public GRAPP (grapp.ts; the default when the URL's host is grapp.spravazeleznic.cz),
 *   `spec` — the spec's own service shape (specAdapter.ts; the default for any other URL).
 *   A failed or wrong-shaped answer is an outage: 502 with the Czech text, logged once (outage.ts).
 * One provider per database and URL, so the train routes and the search share GRAPP's session and list.
 */
import { normalizeSearch } from '@panel/domain/map';
import { fromWireTime } from '@panel/domain/locale';
import { eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { railwayPoints } from '../../db/schema/index.js';
import { HttpError } from '../../errors.js';
import type { ServiceLog } from '../geo/http.js';
import { grappTrainsProvider } from './grapp.js';
import { specTrainsProvider } from './specAdapter.js';
import { loadWorld, type SimWorld } from './network.js';
import { muvFeature } from './muv.js';
import { trackFeatures, trainDistanceTo, trainFeature, trainStateAt } from './simulation.js';
import type { TrainFeature, TrainLocationQuery, TrainsProvider } from './types.js';

export type { TrainLocationQuery, TrainsProvider };

export { trainsTexts } from './outage.js';
export { TRAINS_TIMEOUT_MS } from './specAdapter.js';
/** A feed token older than this gets the whole list again. */
export const FEED_TOKEN_MAX_AGE_MS = 10 * 60_000;
/** A train passes an operating point when it comes this close. */
const PASS_RADIUS_M = 1500;
const PASS_STEP_MS = 60_000;
/** Longest window of a CasOd/CasDo question. */
const MAX_WINDOW_MS = 24 * 3_600_000;

export type TrainsProviderName = 'grapp' | 'spec';

/** GRAPP's public host: a TRAINS_URL there speaks GRAPP unless TRAINS_PROVIDER says otherwise. */
export const GRAPP_HOST = 'grapp.spravazeleznic.cz';

export function trainsProviderName(url: string, configured?: TrainsProviderName): TrainsProviderName {
  if (configured) return configured;
  try {
    return new URL(url).hostname.toLowerCase() === GRAPP_HOST ? 'grapp' : 'spec';
  } catch {
    return 'spec';
  }
}

interface Shared {
  provider: TrainsProvider;
  /** the first logger given (the search routes may ask before the train routes, without one) */
  logs: { current: ServiceLog | undefined };
}
const shared = new WeakMap<Database, Map<string, Shared>>();

export function trainsProvider(
  db: Database,
  config: { trainsUrl?: string; trainsProvider?: TrainsProviderName },
  log?: ServiceLog,
): TrainsProvider {
  const url = config.trainsUrl;
  if (!url) return simulatedTrainsProvider(db);
  const name = trainsProviderName(url, config.trainsProvider);
  const key = `${name} ${url}`;
  let byUrl = shared.get(db);
  if (!byUrl) shared.set(db, (byUrl = new Map()));
  let entry = byUrl.get(key);
  if (!entry) {
    const logs: Shared['logs'] = { current: log };
    const viaLogs: ServiceLog = {
      warn: (o, m) => logs.current?.warn(o, m),
      error: (o, m) => logs.current?.error(o, m),
    };
    const provider =
      name === 'grapp' ? grappTrainsProvider(url, { log: viaLogs }) : specTrainsProvider(url, { log: viaLogs });
    byUrl.set(key, (entry = { provider: searchDegrades(provider), logs }));
  }
  entry.logs.current ??= log;
  return entry.provider;
}

/**
 * The search's train part during an outage: no trains instead of a failed search (001 §10: search failures are
 * ignored or logged — the outage is logged by the adapter), so addresses and stations are still found. The train
 * calls themselves keep answering 502.
 */
function searchDegrades(p: TrainsProvider): TrainsProvider {
  return {
    ...p,
    search: (digits, nowMs) =>
      p.search(digits, nowMs).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode >= 500) return [];
        throw err;
      }),
  };
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
