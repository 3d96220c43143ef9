/**
 * Train and special-vehicle calls (001 §7; docs/API.md "Map data, search and trains (issue 6) — contract"):
 *
 * - POST /train-location `{TR}` or `{CasOd, CasDo, VlakCislo | DopravniBod, RealTime}` → `{features, tr}`
 * - POST /train-track `{TR: string[]}` → `{features}` (per train: the run travelled and ahead, LineStrings)
 * - GET /v2/grapp/trains/{token|null} → `{token, features}`: all trains, or with a fresh token the changed ones
 * - POST /muv-location → `{features}`: the special rail vehicles (MUV) with `created` and `active`
 *
 * The provider (integrations/trains) simulates by default, or proxies TRAINS_URL. View Event is enough.
 */
import type { FastifyInstance } from 'fastify';
import { fromWireTime } from '@panel/domain/locale';
import { requireAbility, unprocessable } from '../../app.js';
import { trainClock, trainsProvider, type TrainLocationQuery } from '../../integrations/trains/index.js';

export const trainRouteTexts = {
  locationQuery: 'Zadejte číslo vlaku (TR), nebo čas od–do (CasOd, CasDo) s číslem vlaku nebo dopravním bodem.',
  trainNumber: 'Číslo vlaku musí být 1–6 číslic.',
  time: 'Čas musí mít tvar RRRR-MM-DD HH:mm:ss.',
  window: 'Čas od musí předcházet času do.',
  trackList: 'Zadejte seznam čísel vlaků (TR, nejvýše 100).',
} as const;

const MAX_TRACKS = 100;

const trainNumber = (v: unknown): string | null => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,6}$/.test(s) ? s : null;
};

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** The train-location body → a provider query, or 422 problems. */
export function parseLocationBody(body: Record<string, unknown>): TrainLocationQuery {
  if (body.TR !== undefined && body.TR !== null && body.TR !== '') {
    const tr = trainNumber(body.TR);
    if (!tr) throw unprocessable({ field: 'TR', message: trainRouteTexts.trainNumber });
    return { TR: tr };
  }
  const problems: { field: string; message: string }[] = [];
  const from = typeof body.CasOd === 'string' ? fromWireTime(body.CasOd) : null;
  const to = typeof body.CasDo === 'string' ? fromWireTime(body.CasDo) : null;
  const hasTarget = body.VlakCislo != null || (typeof body.DopravniBod === 'string' && body.DopravniBod.trim() !== '');
  if (body.CasOd === undefined && body.CasDo === undefined && !hasTarget) {
    throw unprocessable({ field: 'TR', message: trainRouteTexts.locationQuery });
  }
  if (!from || Number.isNaN(from.getTime())) problems.push({ field: 'CasOd', message: trainRouteTexts.time });
  if (!to || Number.isNaN(to.getTime())) problems.push({ field: 'CasDo', message: trainRouteTexts.time });
  if (from && to && from.getTime() > to.getTime()) problems.push({ field: 'CasDo', message: trainRouteTexts.window });
  let vlak: string | undefined;
  if (body.VlakCislo != null && body.VlakCislo !== '') {
    vlak = trainNumber(body.VlakCislo) ?? undefined;
    if (!vlak) problems.push({ field: 'VlakCislo', message: trainRouteTexts.trainNumber });
  } else if (!hasTarget) problems.push({ field: 'VlakCislo', message: trainRouteTexts.locationQuery });
  if (problems.length) throw unprocessable(problems);
  return {
    CasOd: body.CasOd as string,
    CasDo: body.CasDo as string,
    ...(vlak ? { VlakCislo: vlak } : { DopravniBod: String(body.DopravniBod).trim() }),
    RealTime: truthy(body.RealTime),
  };
}

export default async function trainRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const trains = trainsProvider(db, config, app.log);
  const bodyOf = (b: unknown) =>
    b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};

  app.post('/train-location', async (request) => {
    requireAbility(request, 'view', 'Event');
    const query = parseLocationBody(bodyOf(request.body));
    return trains.location(query, trainClock.now());
  });

  app.post('/train-track', async (request) => {
    requireAbility(request, 'view', 'Event');
    const raw = bodyOf(request.body).TR;
    const list = Array.isArray(raw) ? raw : raw != null ? [raw] : [];
    const numbers = list.map(trainNumber);
    if (!numbers.length || numbers.length > MAX_TRACKS || numbers.some((n) => n == null)) {
      throw unprocessable({ field: 'TR', message: trainRouteTexts.trackList });
    }
    return trains.track([...new Set(numbers as string[])], trainClock.now());
  });

  app.get('/v2/grapp/trains/:token', async (request) => {
    requireAbility(request, 'view', 'Event');
    const { token } = request.params as { token: string };
    return trains.feed(token === 'null' || token === '' ? null : token, trainClock.now());
  });

  app.post('/muv-location', async (request) => {
    requireAbility(request, 'view', 'Event');
    return trains.muv(trainClock.now());
  });
}
