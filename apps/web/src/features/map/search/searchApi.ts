/** The map search (001 §7): JSON-RPC `fire.search` on POST /v2/search/query, answer in `result.data`. */
import { SEARCH_PAGE_SIZE } from '@panel/domain/constants';
import type { SearchParams, SearchRpcAnswer, SearchSuggestion } from '@panel/domain/map';
import { api } from '../../../api/client';

export interface SearchPage {
  data: SearchSuggestion[];
  /** null when the answer did not say */
  total: number | null;
}

let rpcId = 0;

export async function searchPlaces(input: {
  term: string;
  typeCodes: readonly string[];
  /** [lon, lat] of the origin point: results sorted by distance from it */
  origin: [number, number] | null;
  page: number;
  signal?: AbortSignal;
}): Promise<SearchPage> {
  rpcId += 1;
  const params: SearchParams = {
    latitude: input.origin ? input.origin[1] : null,
    longitude: input.origin ? input.origin[0] : null,
    searchTerm: input.term,
    typeCodes: [...input.typeCodes],
    limit: SEARCH_PAGE_SIZE,
    offset: input.page * SEARCH_PAGE_SIZE,
  };
  const answer = await api.post<Partial<SearchRpcAnswer> | null>(
    '/v2/search/query',
    { jsonrpc: '2.0', method: 'fire.search', id: rpcId, params },
    { signal: input.signal },
  );
  if (answer && 'error' in answer && answer.error) throw new Error(answer.error.message);
  const result = answer && 'result' in answer ? answer.result : undefined;
  return { data: result?.data ?? [], total: result?.total ?? null };
}
