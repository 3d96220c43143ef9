/**
 * Response-time reports (issue 26 item 2): GET /v2/reports/response-times; the query and the answer are
 * `@panel/domain/reports`, only their types come here.
 */
import type { ResponseTimes, ResponseTimesQuery } from '@panel/domain/reports';
import { api } from './client';

export function fetchResponseTimes(query: ResponseTimesQuery, signal?: AbortSignal): Promise<ResponseTimes> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return api.get(`/v2/reports/response-times?${params}`, { signal });
}
