/**
 * Search calls (001 §7; docs/API.md "Map data, search and trains (issue 6) — contract"):
 *
 * - POST /v2/search/query — JSON-RPC 2.0 `fire.search` → `{jsonrpc, id, result: {data, total}}`; errors as
 *   JSON-RPC errors with HTTP 200 (-32600 invalid request, -32601 unknown method, -32602 invalid params).
 * - GET /v2/search/query?searchTerm=&typeCodes=a,b&latitude=&longitude=&limit=&offset= → `{data, total}`; 422.
 * - GET /v2/search/reverse?latitude=&longitude=[&eventUuid=&eventTerrainId=&updateEvent=0|1&addressData={json}]
 *   → `{address: {title, …}, jpo_name, jpo_id}`; 422. With updateEvent=1 the address (a good answer only, 000 §5)
 *   is written to the event through the event update (its rules, journal and push) and the answer has `event`.
 *
 * View Event is enough.
 */
import type { FastifyInstance } from 'fastify';
import { requireAbility, unprocessable } from '../../app.js';
import { trainClock, trainsProvider } from '../../integrations/trains/index.js';
import { reverseExtraQuerySchema } from '@panel/domain/map';
import { PANEL_BOUNDS, reverseGeocode, writeAddress } from './reverse.js';
import { runSearch, validateSearch } from './search.js';

export const JSONRPC = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const;

export const rpcTexts = {
  invalidRequest: 'Neplatný požadavek JSON-RPC 2.0.',
  methodNotFound: (m: string) => `Neznámá metoda '${m}'.`,
  reverseLatitude: 'Zeměpisná šířka musí být číslo v rozsahu mapy (48,55–52,91).',
  reverseLongitude: 'Zeměpisná délka musí být číslo v rozsahu mapy (12,09–22,56).',
} as const;

type RpcId = string | number | null;

const rpcError = (id: RpcId, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0' as const,
  id,
  error: { code, message, ...(data !== undefined ? { data } : {}) },
});

export default async function searchRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const trains = trainsProvider(db, config, app.log);

  app.post('/v2/search/query', async (request) => {
    requireAbility(request, 'view', 'Event');
    const body = request.body as Record<string, unknown> | null;
    const rawId = body && typeof body === 'object' ? body.id : undefined;
    const id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
    if (
      !body ||
      typeof body !== 'object' ||
      Array.isArray(body) ||
      body.jsonrpc !== '2.0' ||
      typeof body.method !== 'string'
    ) {
      return rpcError(id, JSONRPC.invalidRequest, rpcTexts.invalidRequest);
    }
    if (body.method !== 'fire.search')
      return rpcError(id, JSONRPC.methodNotFound, rpcTexts.methodNotFound(body.method));
    const params = body.params && typeof body.params === 'object' && !Array.isArray(body.params) ? body.params : {};
    const checked = validateSearch(params as Record<string, unknown>);
    if ('problems' in checked) {
      return rpcError(id, JSONRPC.invalidParams, checked.problems[0].message, checked.problems);
    }
    const result = await runSearch(db, trains, checked.params, trainClock.now());
    return { jsonrpc: '2.0', id, result };
  });

  app.get('/v2/search/query', async (request) => {
    requireAbility(request, 'view', 'Event');
    const checked = validateSearch(request.query as Record<string, unknown>);
    if ('problems' in checked) throw unprocessable(checked.problems);
    return runSearch(db, trains, checked.params, trainClock.now());
  });

  app.get('/v2/search/reverse', async (request) => {
    requireAbility(request, 'view', 'Event');
    const q = request.query as Record<string, unknown>;
    const lat = Number(q.latitude);
    const lon = Number(q.longitude);
    const problems = [];
    if (
      q.latitude === undefined ||
      q.latitude === '' ||
      !Number.isFinite(lat) ||
      lat < PANEL_BOUNDS.minLat ||
      lat > PANEL_BOUNDS.maxLat
    ) {
      problems.push({ field: 'latitude', message: rpcTexts.reverseLatitude });
    }
    if (
      q.longitude === undefined ||
      q.longitude === '' ||
      !Number.isFinite(lon) ||
      lon < PANEL_BOUNDS.minLon ||
      lon > PANEL_BOUNDS.maxLon
    ) {
      problems.push({ field: 'longitude', message: rpcTexts.reverseLongitude });
    }
    const extra = reverseExtraQuerySchema.safeParse(q);
    if (!extra.success) {
      for (const issue of extra.error.issues)
        problems.push({ field: String(issue.path[0] ?? 'query'), message: issue.message });
    }
    if (problems.length || !extra.success) throw unprocessable(problems);
    const answer = await reverseGeocode(db, lat, lon);
    // without updateEvent the fields only describe the caller's event (it may be a local one, not saved yet)
    if (!extra.data.updateEvent || !extra.data.eventUuid) return answer;
    return { ...answer, event: await writeAddress(app, request.auth, extra.data, answer) };
  });
}
