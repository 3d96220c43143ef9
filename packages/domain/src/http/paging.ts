/**
 * Query fields of a paged list call (Yii2 `page`, `per-page`; GET /v2/events/list, /v2/events/{id}/link,
 * /v2/queue, messages). In the domain so that each area's query schema spreads the same two fields; the
 * server's http/paging.ts turns them into limit/offset and the X-Pagination-* headers.
 */
import { wireIntParam } from './wireValues';

export const pagingQuery = {
  page: wireIntParam({ min: 1 }).optional(),
  'per-page': wireIntParam({ min: 1 }).optional(),
};
