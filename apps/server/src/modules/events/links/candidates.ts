/**
 * GET /v2/events/{id}/link: the events this one may be linked to — active events the user may see, except
 * itself, its children and its current parent — within NEARBY_RADIUS (2,500 m, 000 §9) of this event's target,
 * each with its distance in metres (haversine, domain `isNearby`). An event without a target, or a candidate
 * without one, is near nothing: no candidates rather than the whole country. Nearest first, then newest (start
 * desc, id desc). The total (x-pagination-total-count) > 0 is exactly when the panel offers "create from this"
 * (domain `hasNearbyEvent`, same rule over the events it holds).
 */
import { and, inArray, isNotNull, isNull, ne, notInArray, or } from 'drizzle-orm';
import { INACTIVE_STATES } from '@panel/domain/constants';
import { eventDistance, isNearby } from '@panel/domain/map';
import type { LinkCandidate } from '@panel/domain/events';
import type { Database } from '../../../db/client.js';
import { events } from '../../../db/schema/index.js';
import { slicePage, type Paging } from '../../../http/paging.js';
import { loadEventRows, presentEvents } from '../../sync/loaders.js';
import { eventVisibleSql } from '../../../sync/visibility.js';
import { viewerOf, visibleEvent, type Auth } from '../access.js';

export type { LinkCandidate };

export async function linkCandidates(
  db: Database,
  auth: Auth,
  eventId: number,
  paging: Paging,
): Promise<{ items: LinkCandidate[]; total: number }> {
  const { row } = await visibleEvent(db, auth, eventId);
  if (row.targetLatitude == null || row.targetLongitude == null) return { items: [], total: 0 };
  const rows = await db
    .select({
      id: events.id,
      start: events.start,
      targetLatitude: events.targetLatitude,
      targetLongitude: events.targetLongitude,
    })
    .from(events)
    .where(
      and(
        notInArray(events.eventStateId, [...INACTIVE_STATES]),
        ne(events.id, row.id),
        isNotNull(events.targetLatitude),
        isNotNull(events.targetLongitude),
        or(isNull(events.parentId), ne(events.parentId, row.id)),
        row.parentId != null ? ne(events.id, row.parentId) : undefined,
        eventVisibleSql(viewerOf(auth)),
      ),
    );
  const ranked = rows
    .map((r) => ({ id: r.id, start: r.start?.getTime() ?? 0, distance: eventDistance(row, r) }))
    .filter((r): r is { id: number; start: number; distance: number } => isNearby(r.distance))
    .sort((a, b) => a.distance - b.distance || b.start - a.start || b.id - a.id);
  const page = slicePage(ranked, paging);
  if (page.length === 0) return { items: [], total: ranked.length };
  const loaded = await loadEventRows(
    db,
    inArray(
      events.id,
      page.map((p) => p.id),
    ),
  );
  const byId = new Map((await presentEvents(db, viewerOf(auth), loaded)).map((e) => [e.id, e]));
  return {
    items: page.map((p) => ({ event: byId.get(p.id)!, distance: p.distance })).filter((c) => c.event),
    total: ranked.length,
  };
}
