/**
 * The one paging query of the house (Yii2 `page`, `per-page`; GET /v2/events/list, /v2/events/{id}/link,
 * /v2/queue, /v2/messages/event/{eventId}). Areas spread `pagingQuery` into their query object (after their own
 * fields, so the document lists them last) or take `pagedQuery` as it is; the server's http/paging.ts turns it
 * into limit/offset and the X-Pagination-* and Link headers (the semantics are in docs/API.md "Paging").
 */
import { z } from 'zod';
import { wireIntParam } from './wireValues';

export const pagingQuery = {
  page: wireIntParam({ min: 1 }).optional(),
  'per-page': wireIntParam({ min: 1 }).optional(),
};

/** A paged call with nothing else in its query. */
export const pagedQuery = z.object(pagingQuery);

/** `page` and `per-page` as the route reads them (numbers, absent = the call's default). */
export type PagingQuery = z.output<typeof pagedQuery>;
