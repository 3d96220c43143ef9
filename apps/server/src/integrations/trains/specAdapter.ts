/**
 * The spec's own railway service (001 §7): the panel's calls passed to `{url}` under the same paths —
 * `POST /train-location`, `POST /train-track`, `GET /v2/grapp/trains/{token|null}`, `POST /muv-location` (JSON,
 * 10 s). Each answer is checked against the shape 001 §3/§7 describes (specSchemas below — the service's payloads,
 * not our wire): a failure, a non-JSON or a wrong-shaped answer is an outage (502, logged once), never an empty list.
 */
import { z } from 'zod';
import { lineStringGeometry, pointGeometry } from '@panel/domain/map';
import { silentLog, type ServiceLog } from '../geo/http.js';
import { fetchFailure, TrainsOutage } from './outage.js';
import type { TrainsProvider } from './types.js';
import type { MuvFeature, TrackFeature, TrainFeature } from './types.js';

export const TRAINS_TIMEOUT_MS = 10_000;

/** A train feature: a point with the Train fields (001 §3); `tr` and `title` are what the panel cannot do without. */
const trainFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]).optional(),
  geometry: pointGeometry,
  properties: z.looseObject({ tr: z.union([z.string(), z.number()]).optional(), title: z.string() }),
});
const trackFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: lineStringGeometry,
  properties: z.looseObject({ tr: z.union([z.string(), z.number()]) }),
});
const muvFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: pointGeometry,
  properties: z.looseObject({ name: z.string(), created: z.string() }),
});

export const specSchemas = {
  location: z.object({ features: z.array(trainFeatureSchema), tr: z.union([z.string(), z.number()]).nullish() }),
  track: z.object({ features: z.array(trackFeatureSchema) }),
  feed: z.object({ token: z.union([z.string(), z.number()]).nullable(), features: z.array(trainFeatureSchema) }),
  muv: z.object({ features: z.array(muvFeatureSchema) }),
} as const;

export interface SpecOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: ServiceLog;
  now?: () => number;
}

export function specTrainsProvider(baseUrl: string, opts: SpecOptions = {}): TrainsProvider {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? TRAINS_TIMEOUT_MS;
  const root = baseUrl.replace(/\/+$/, '');
  const outage = new TrainsOutage('trains', opts.log ?? silentLog, opts.now);

  async function call<S extends z.ZodType>(schema: S, method: 'GET' | 'POST', path: string, body?: unknown) {
    const url = `${root}${path}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw outage.fail(fetchFailure(err), { url, err: String(err) });
    }
    if (!res.ok) throw outage.fail('http', { url, status: res.status });
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw outage.fail('shape', { url, detail: 'not JSON' });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw outage.fail('shape', { url, issues: parsed.error.issues.slice(0, 3) });
    outage.ok();
    return parsed.data as z.infer<S>;
  }

  // the checked shape carries the fields the panel needs; the rest of 001 §3 passes through as the service sent it
  const trains = (features: unknown[]) => features as TrainFeature[];
  return {
    kind: 'spec',
    async location(query) {
      const r = await call(specSchemas.location, 'POST', '/train-location', query);
      return { features: trains(r.features), tr: r.tr != null ? String(r.tr) : (query.TR ?? query.VlakCislo ?? null) };
    },
    async track(numbers) {
      const r = await call(specSchemas.track, 'POST', '/train-track', { TR: numbers });
      return { features: r.features as TrackFeature[] };
    },
    async feed(token) {
      const r = await call(specSchemas.feed, 'GET', `/v2/grapp/trains/${encodeURIComponent(token ?? 'null')}`);
      return { token: r.token == null ? '' : String(r.token), features: trains(r.features) };
    },
    async muv() {
      const r = await call(specSchemas.muv, 'POST', '/muv-location', {});
      return { features: r.features as MuvFeature[] };
    },
    async search(digits) {
      if (!digits) return [];
      const r = await call(specSchemas.location, 'POST', '/train-location', { TR: digits });
      return trains(r.features);
    },
  };
}
