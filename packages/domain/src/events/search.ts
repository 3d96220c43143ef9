/**
 * The contract of the search calls (001 §7; docs/API.md "Map data, search and trains (issue 6)"): the map
 * search's suggestions (001 §3 Search suggestion), its JSON-RPC 2.0 form, and the reverse geocoding request and
 * answer. The search term, type codes, origin and page of GET /v2/search/query are checked by the server's
 * search (the same rules answer the JSON-RPC form as JSON-RPC errors), so its query schema only documents them.
 */
import { z } from 'zod';
import { reverseExtraQuerySchema } from '../map/reverse';
import { eventSchema } from '../sync/entities';
import { searchRouteTexts } from './texts';

/** Coordinates the panel accepts (001 §5 coordinate entry); the reverse geocoding refuses a point outside */
export const PANEL_BOUNDS = { minLat: 48.5518083, maxLat: 52.90609, minLon: 12.09059, maxLon: 22.558014 } as const;

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

/** GET /v2/search/query?searchTerm=&typeCodes=a,b&latitude=&longitude=&limit=&offset= (checked by the search) */
export const searchQuerySchema = z.looseObject({
  searchTerm: z.unknown().optional().describe('at least 2 letters'),
  typeCodes: z.unknown().optional().describe('comma-separated type codes (station, halt, railway-point, …)'),
  latitude: z.unknown().optional().describe('origin latitude (with longitude)'),
  longitude: z.unknown().optional().describe('origin longitude (with latitude)'),
  limit: z.unknown().optional().describe('1–100'),
  offset: z.unknown().optional().describe('0–1000'),
});

const rpcId = z.union([z.string(), z.number()]).nullable();

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

/** a coordinate of the query string within the map's bounds, else the Czech message */
const boundedCoordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z.number({ error: message }).finite({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );

/** GET /v2/search/reverse?latitude=&longitude=[&eventUuid=&eventTerrainId=&updateEvent=0|1&addressData={json}] */
export const reverseQuerySchema = reverseExtraQuerySchema.safeExtend({
  latitude: boundedCoordinate(PANEL_BOUNDS.minLat, PANEL_BOUNDS.maxLat, searchRouteTexts.reverseLatitude),
  longitude: boundedCoordinate(PANEL_BOUNDS.minLon, PANEL_BOUNDS.maxLon, searchRouteTexts.reverseLongitude),
});

/** The reverse answer (the address within 500 m or the place's surroundings); `event` when updateEvent wrote it */
export const reverseAnswerSchema = z.object({
  address: z
    .object({
      title: z.string(),
      type_code: z.enum(['address', 'place']),
      distance: z.number(),
      latitude: z.number(),
      longitude: z.number(),
    })
    .nullable(),
  jpo_name: z.string().nullable(),
  jpo_id: z.number().nullable(),
  event: eventSchema.optional(),
});

export type SearchSuggestion = z.infer<typeof suggestionSchema>;
export type SearchResultAnswer = z.infer<typeof searchResultSchema>;
export type ReverseQuery = z.output<typeof reverseQuerySchema>;
