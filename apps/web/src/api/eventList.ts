/**
 * GET /v2/events/list (docs/API.md, "Events (issue 3)"): events of a day range, closed ones too, sorted by start
 * desc and id desc, Yii2 paging. The answer's headers matter (Link rel=next), so this module reads the Response
 * itself, with the same session headers as api/client.ts.
 */
import type { z } from 'zod';
import type { eventListAnswer, listQuerySchema } from '@panel/domain/events';
import { fetchRaw, parseBody } from './client';

/** a page of the answer: events as the bundle carries them */
type Event = z.infer<typeof eventListAnswer>[number];
type ListQueryInput = z.input<typeof listQuerySchema>;

/** The calendar's query: the domain's `from`, `to` ('YYYY-MM-DD', both given here) and `text`; the page size. */
export interface EventListQuery {
  from: NonNullable<ListQueryInput['from']>;
  to: NonNullable<ListQueryInput['to']>;
  text?: ListQueryInput['text'];
  perPage?: number;
}

/** The calendar stops paging after this many events. */
export const EVENT_LIST_MAX = 1000;
export const EVENT_LIST_PAGE_SIZE = 200;

export function eventListUrl(query: EventListQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.text) params.set('text', query.text);
  params.set('per-page', String(query.perPage ?? EVENT_LIST_PAGE_SIZE));
  return `/v2/events/list?${params.toString()}`;
}

/** The `rel=next` target of a Link header, or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (match) return match[1];
  }
  return null;
}

/** A next link of our own origin becomes a path, so the request goes where the first one went. */
function sameOriginPath(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    return u.origin === window.location.origin ? `${u.pathname}${u.search}` : url;
  } catch {
    return url;
  }
}

function toItems(body: unknown): Event[] {
  if (Array.isArray(body)) return body as Event[];
  // an item map ({id: event}) or {items: [...]} are accepted too
  if (body && typeof body === 'object') {
    const items = (body as { items?: unknown }).items;
    if (Array.isArray(items)) return items as Event[];
    return Object.values(body) as Event[];
  }
  return [];
}

async function getPage(url: string, signal?: AbortSignal): Promise<{ items: Event[]; next: string | null }> {
  const response = await fetchRaw(url, { headers: { Accept: 'application/json' }, signal });
  const data = parseBody(await response.text());
  return { items: toItems(data), next: nextLink(response.headers.get('Link')) };
}

/** Every page of the list (following Link rel=next) until done or `max` events. */
export async function fetchEventList(
  query: EventListQuery,
  options: { signal?: AbortSignal; max?: number } = {},
): Promise<Event[]> {
  const max = options.max ?? EVENT_LIST_MAX;
  const all: Event[] = [];
  const seen = new Set<string>();
  let url: string | null = eventListUrl(query);
  while (url && all.length < max && !seen.has(url)) {
    seen.add(url);
    const page: { items: Event[]; next: string | null } = await getPage(url, options.signal);
    all.push(...page.items);
    url = page.next ? sameOriginPath(page.next) : null;
  }
  return all.slice(0, max);
}
