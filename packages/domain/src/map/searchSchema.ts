/**
 * The contract of the map search (001 §3 Search suggestion, §7 fire.search; docs/API.md "Map data, search and
 * trains (issue 6)"): its params, suggestions and answers, and the JSON-RPC 2.0 form. Both forms of the call —
 * POST /v2/search/query (JSON-RPC) and GET /v2/search/query — read their params with `parseSearchParams`, which
 * gives the same field problems to both (the GET answers them as 422, the JSON-RPC form as a -32602 error with
 * HTTP 200, so the params cannot be the route's own body/query schema).
 */
import { z } from 'zod';
import { SEARCH_MIN_QUERY, SEARCH_PAGE_SIZE } from '../constants/index';
import { normalizeSearch, SEARCH_TYPE_CODES } from './search';

export const SEARCH_MAX_LIMIT = 100;
export const SEARCH_MAX_OFFSET = 1000;

/** Every type code of a suggestion: the search's default when the caller names none. */
export const ALL_SEARCH_TYPE_CODES: readonly string[] = Object.values(SEARCH_TYPE_CODES);

export const searchTexts = {
  minLength: 'Zadejte alespoň 2 znaky.',
  unknownType: (code: string) => `Neznámý typ výsledku '${code}'.`,
  origin: 'Zadejte zeměpisnou šířku i délku počátku, nebo ani jednu.',
  latitude: 'Zeměpisná šířka musí být číslo -90 až 90.',
  longitude: 'Zeměpisná délka musí být číslo -180 až 180.',
  limit: `Počet výsledků musí být celé číslo 1–${SEARCH_MAX_LIMIT}.`,
  offset: `Posun musí být celé číslo 0–${SEARCH_MAX_OFFSET}.`,
  searchTerm: 'Zadejte hledaný text.',
} as const;

/**
 * A number as JSON or a query string sends it: null, '' and 'null' mean "none" (null), an absent key stays
 * undefined, text is read as a number (so 'abc' fails as not a number).
 */
const wireNumber = (v: unknown) =>
  v === null || v === '' || v === 'null' ? null : typeof v === 'string' ? Number(v) : v;

const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    wireNumber,
    z.number({ error: message }).min(min, { error: message }).max(max, { error: message }).nullable().optional(),
  );

/**
 * A page field: none (null or absent) takes the default. One refine for "an integer in range": zod's `.int()`
 * would stop the origin check below from running, and the field has one message whatever is wrong.
 */
const pageNumber = (min: number, max: number, fallback: number, message: string) =>
  z.preprocess(
    (v) => wireNumber(v) ?? undefined,
    z
      .number({ error: message })
      .refine((n) => Number.isInteger(n) && n >= min && n <= max, { error: message })
      .default(fallback),
  );

/** Type codes as an array (JSON-RPC) or comma-separated text (GET); anything else names none. */
const typeCodeList = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []).map((t) => t.trim()).filter(Boolean);

const searchParamFields = z.object({
  /** at least 2 letters after normalizeSearch; none counts as empty */
  searchTerm: z.preprocess(
    (v) => v ?? '',
    z
      .string({ error: searchTexts.searchTerm })
      .refine((term) => normalizeSearch(term).length >= SEARCH_MIN_QUERY, { error: searchTexts.minLength }),
  ),
  /** the codes to search (station, halt, railway-point, address, place, train); none = all; repeats dropped */
  typeCodes: z.preprocess(
    typeCodeList,
    z
      .array(z.string())
      .superRefine((codes, ctx) => {
        const unknown = codes.find((code) => !ALL_SEARCH_TYPE_CODES.includes(code));
        if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: searchTexts.unknownType(unknown) });
      })
      .transform((codes) => [...new Set(codes)]),
  ),
  /** the origin (both or neither): results ordered by distance from it, each with its distance */
  latitude: coordinate(-90, 90, searchTexts.latitude),
  longitude: coordinate(-180, 180, searchTexts.longitude),
  limit: pageNumber(1, SEARCH_MAX_LIMIT, SEARCH_PAGE_SIZE, searchTexts.limit),
  offset: pageNumber(0, SEARCH_MAX_OFFSET, 0, searchTexts.offset),
});

/** The params of fire.search and of GET /v2/search/query (001 §7), checked and normalized. */
export const searchParamsSchema = searchParamFields
  .refine((p) => (p.latitude == null) === (p.longitude == null), {
    path: ['latitude'],
    error: searchTexts.origin,
    // also when a field failed (zod would skip it): a half origin is a problem whatever else is wrong
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
  .transform((p) => ({ ...p, latitude: p.latitude ?? null, longitude: p.longitude ?? null }));

export type SearchParams = z.output<typeof searchParamsSchema>;

/** A problem of the params: the 422 entry of the GET, one `data` entry of the JSON-RPC error. */
export interface SearchProblem {
  field: string;
  message: string;
}

const FIELD_ORDER: readonly string[] = Object.keys(searchParamFields.shape);

/**
 * Reads the params; the problems come in the order of the fields (a half origin with the latitude), each as zod
 * reported it, so the first is the one the JSON-RPC error names.
 */
export function parseSearchParams(
  raw: Record<string, unknown>,
): { params: SearchParams } | { problems: SearchProblem[] } {
  const parsed = searchParamsSchema.safeParse(raw);
  if (parsed.success) return { params: parsed.data };
  const problems = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
  const rank = (p: SearchProblem) => FIELD_ORDER.indexOf(p.field);
  return { problems: problems.sort((a, b) => rank(a) - rank(b)) };
}

/** 001 §3 Search suggestion */
export const suggestionSchema = z.object({
  /** `{type_code}:{row id}` (train: `train:{number}`) — unique across sources */
  id: z.string(),
  name: z.string(),
  type_code: z.string(),
  /** 'sr70' | 'demo' | 'ruian' | 'places' | 'simulation' | 'grapp' */
  source: z.string(),
  note: z.string().nullable(),
  borough: z.string().nullable(),
  town: z.string().nullable(),
  district: z.string().nullable(),
  region: z.string().nullable(),
  jpo_name: z.string().nullable(),
  jpo_id: z.number().nullable(),
  /** metres from the origin; null without one */
  distance: z.number().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  title: z.string(),
  /** trains: the current run's departure and arrival, and the position's time (wire times) */
  begin: z.string().nullable(),
  end: z.string().nullable(),
  last_seen: z.string().nullable(),
});

/** GET /v2/search/query and the `result` of fire.search */
export const searchResultSchema = z.object({ data: z.array(suggestionSchema), total: z.number() });

/**
 * GET /v2/search/query?searchTerm=&typeCodes=a,b&latitude=&longitude=&limit=&offset= — for the reference only:
 * the route reads them with `parseSearchParams`, as the JSON-RPC form does.
 */
export const searchQuerySchema = z.looseObject({
  searchTerm: z.unknown().optional().describe('at least 2 letters'),
  typeCodes: z.unknown().optional().describe('comma-separated type codes (station, halt, railway-point, …)'),
  latitude: z.unknown().optional().describe('origin latitude (with longitude)'),
  longitude: z.unknown().optional().describe('origin longitude (with latitude)'),
  limit: z.unknown().optional().describe(`1–${SEARCH_MAX_LIMIT}`),
  offset: z.unknown().optional().describe(`0–${SEARCH_MAX_OFFSET}`),
});

const rpcId = z.union([z.string(), z.number()]).nullable();

/** A JSON-RPC 2.0 request; a body that is not one is answered with the JSON-RPC error -32600 */
export const searchRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  id: z.unknown().optional(),
  /** by name (an object); anything else is read as no params */
  params: z.unknown().optional(),
});

/** POST /v2/search/query: JSON-RPC 2.0 `fire.search`; errors are JSON-RPC errors with HTTP 200 */
export const searchRpcBody = z.unknown().describe('JSON-RPC 2.0 {jsonrpc: "2.0", id, method: "fire.search", params}');
export const searchRpcAnswer = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: rpcId, result: searchResultSchema }),
  z.object({
    jsonrpc: z.literal('2.0'),
    id: rpcId,
    error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }),
  }),
]);

export type SearchSuggestion = z.infer<typeof suggestionSchema>;
export type SearchResultAnswer = z.infer<typeof searchResultSchema>;
export type SearchRpcAnswer = z.infer<typeof searchRpcAnswer>;
