/**
 * Yii2-style paging for list calls (000 §7 messages paging; GET /v2/events/list, GET /v2/events/{id}/link,
 * GET /v2/queue): query `page` (1-based) and `per-page`, answer headers X-Pagination-Current-Page, -Per-Page,
 * -Total-Count, -Page-Count and `Link: <url>; rel=self, <url>; rel=next, …` (absolute URLs of the same call with
 * the page replaced). A `per-page` above the maximum is clamped (as Yii2 does), a page past the end answers an
 * empty list with the headers.
 *
 * Use: the route's querystring schema is the domain's `pagedQuery` or spreads its `pagingQuery` (one paging
 * schema, `@panel/domain/http`); take `pageOf(request.query)` for `limit`/`offset`, and call
 * `setPagingHeaders(request, reply, paging, total)`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PagingQuery } from '@panel/domain/http';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 200;

export interface Paging {
  page: number;
  perPage: number;
  limit: number;
  offset: number;
}

export function pageOf(query: PagingQuery, opts: { defaultPerPage?: number; maxPerPage?: number } = {}): Paging {
  const max = opts.maxPerPage ?? MAX_PER_PAGE;
  const perPage = Math.min(query['per-page'] ?? opts.defaultPerPage ?? DEFAULT_PER_PAGE, max);
  const page = query.page ?? 1;
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

/** Pages a list already in memory. */
export function slicePage<T>(items: readonly T[], paging: Paging): T[] {
  return items.slice(paging.offset, paging.offset + paging.limit);
}

function pageUrl(request: FastifyRequest, page: number, perPage: number): string {
  const url = new URL(request.url, `${request.protocol}://${request.host || 'localhost'}`);
  url.searchParams.set('page', String(page));
  url.searchParams.set('per-page', String(perPage));
  return url.toString();
}

/** Sets the X-Pagination-* headers and the Link header (self, first, prev, next, last). */
export function setPagingHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  paging: Paging,
  totalCount: number,
): void {
  const pageCount = Math.max(1, Math.ceil(totalCount / paging.perPage));
  reply.header('X-Pagination-Current-Page', String(paging.page));
  reply.header('X-Pagination-Per-Page', String(paging.perPage));
  reply.header('X-Pagination-Total-Count', String(totalCount));
  reply.header('X-Pagination-Page-Count', String(pageCount));
  const links = [`<${pageUrl(request, paging.page, paging.perPage)}>; rel=self`];
  links.push(`<${pageUrl(request, 1, paging.perPage)}>; rel=first`);
  if (paging.page > 1) {
    links.push(`<${pageUrl(request, Math.min(paging.page - 1, pageCount), paging.perPage)}>; rel=prev`);
  }
  if (paging.page < pageCount) links.push(`<${pageUrl(request, paging.page + 1, paging.perPage)}>; rel=next`);
  links.push(`<${pageUrl(request, pageCount, paging.perPage)}>; rel=last`);
  reply.header('Link', links.join(', '));
  reply.header(
    'Access-Control-Expose-Headers',
    'X-Pagination-Current-Page, X-Pagination-Per-Page, X-Pagination-Total-Count, X-Pagination-Page-Count, Link',
  );
}
