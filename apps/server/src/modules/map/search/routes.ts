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
 * View Event is enough, checked here in each route (the one place). Schemas: `@panel/domain/map` (searchSchema.ts,
 * reverse.ts); both forms read the search term, types, origin and page with `parseSearchParams`, so they report
 * the same field problems (the JSON-RPC form as a -32602 error with HTTP 200, the GET as 422).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  parseSearchParams,
  reverseAnswerSchema,
  reverseQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  searchRpcAnswer,
  searchRpcBody,
  searchRpcRequest,
} from '@panel/domain/map';
import { unprocessable } from '../../../errors.js';
import { authorize } from '../../../http/authorize.js';
import { trainClock, trainsProvider } from '../../../integrations/trains/index.js';
import { reverseGeocode, writeAddress } from './reverse.js';
import { runSearch } from './search.js';

export const JSONRPC = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const;

export const rpcTexts = {
  invalidRequest: 'Neplatný požadavek JSON-RPC 2.0.',
  methodNotFound: (m: string) => `Neznámá metoda '${m}'.`,
} as const;

type RpcId = string | number | null;

/** params by name: a JSON object (an array, params by position, is not what fire.search takes) */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const rpcError = (id: RpcId, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0' as const,
  id,
  error: { code, message, ...(data !== undefined ? { data } : {}) },
});

export default async function searchRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const trains = trainsProvider(db, config, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/search/query',
    {
      schema: {
        operationId: 'searchAddressesRpc',
        summary: 'Search addresses and places (the JSON-RPC form).',
        tags: ['map'],
        body: searchRpcBody,
        response: { 200: searchRpcAnswer },
      },
    },
    async (request) => {
      authorize(request.auth, 'view', 'Event');
      const envelope = searchRpcRequest.safeParse(request.body);
      const rawId = envelope.success ? envelope.data.id : (request.body as { id?: unknown } | null)?.id;
      const id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
      if (!envelope.success) return rpcError(id, JSONRPC.invalidRequest, rpcTexts.invalidRequest);
      const body = envelope.data;
      if (body.method !== 'fire.search') {
        return rpcError(id, JSONRPC.methodNotFound, rpcTexts.methodNotFound(body.method));
      }
      const params = isRecord(body.params) ? body.params : {};
      const checked = parseSearchParams(params);
      if ('problems' in checked) {
        return rpcError(id, JSONRPC.invalidParams, checked.problems[0].message, checked.problems);
      }
      const result = await runSearch(db, trains, checked.params, trainClock.now());
      return { jsonrpc: '2.0' as const, id, result };
    },
  );

  r.get(
    '/v2/search/query',
    {
      schema: {
        operationId: 'searchAddresses',
        summary: 'Search addresses and places.',
        tags: ['map'],
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema },
      },
    },
    async (request) => {
      authorize(request.auth, 'view', 'Event');
      const checked = parseSearchParams(request.query);
      if ('problems' in checked) throw unprocessable(checked.problems);
      return runSearch(db, trains, checked.params, trainClock.now());
    },
  );

  r.get(
    '/v2/search/reverse',
    {
      schema: {
        operationId: 'reverseGeocode',
        summary: 'The address nearest to a point.',
        tags: ['map'],
        querystring: reverseQuerySchema,
        response: { 200: reverseAnswerSchema },
      },
    },
    async (request) => {
      authorize(request.auth, 'view', 'Event');
      const query = request.query;
      const answer = await reverseGeocode(db, query.latitude, query.longitude);
      // without updateEvent the fields only describe the caller's event (it may be a local one, not saved yet)
      if (!query.updateEvent || !query.eventUuid) return answer;
      return { ...answer, event: await writeAddress(app, request.auth, query, answer) };
    },
  );
}
