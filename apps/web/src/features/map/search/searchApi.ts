/** The map search (001 §7): JSON-RPC `fire.search` on POST /v2/search/query, answer in `result.data`. */
import { SEARCH_PAGE_SIZE } from '@panel/domain/constants';
import { api } from '../../../api/client';

export interface SearchSuggestion {
  id: number | string;
  name: string;
  type_code: string;
  source?: string | null;
  note?: string | null;
  borough?: string | null;
  town?: string | null;
  district?: string | null;
  region?: string | null;
  jpo_name?: string | null;
  jpo_id?: number | null;
  distance?: number | null;
  latitude: number;
  longitude: number;
  title?: string | null;
  begin?: string | null;
  end?: string | null;
  last_seen?: string | null;
}

export interface SearchPage {
  data: SearchSuggestion[];
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
  const answer = await api.post<{
    result?: { data?: SearchSuggestion[]; total?: number };
    error?: { message: string };
  }>(
    '/v2/search/query',
    {
      jsonrpc: '2.0',
      method: 'fire.search',
      id: rpcId,
      params: {
        latitude: input.origin ? input.origin[1] : null,
        longitude: input.origin ? input.origin[0] : null,
        searchTerm: input.term,
        typeCodes: input.typeCodes,
        limit: SEARCH_PAGE_SIZE,
        offset: input.page * SEARCH_PAGE_SIZE,
      },
    },
    { signal: input.signal },
  );
  if (answer?.error) throw new Error(answer.error.message);
  return { data: answer?.result?.data ?? [], total: answer?.result?.total ?? null };
}
