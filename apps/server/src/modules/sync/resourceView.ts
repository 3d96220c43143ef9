/**
 * Vehicles as one viewer may see them (issue 24 item 12): every vehicle's position (mutual aid), but the job of a
 * vehicle of another base only when the viewer sees the job's event — else `withoutForeignJob` leaves out the
 * event's and the job's ids and the target. The rule reads the viewer's event visibility and base only, both in
 * its visibility class (visibility.ts), so a class's cut of the full bundle and of a delta stays one per class.
 * Only active events count (the bundle sends no other), the same in the full bundle and in a delta.
 */
import { inArray } from 'drizzle-orm';
import type { Resource } from '@panel/domain/sync';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { Queryable } from '../../db/client.js';
import { eventToBase, events } from '../../db/schema/index.js';
import { withoutForeignJob } from '../vehicles/resources/presenter.js';
import { isEventVisible, seesAllEvents, type Viewer } from '../../sync/visibility.js';

export interface JobEventScope {
  baseId: number | null;
  eventToBase: number[];
}

/** The owner and units of the active events among `ids` (the events the listed vehicles work on). */
export async function loadJobEventScopes(q: Queryable, ids: number[]): Promise<Map<number, JobEventScope>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, JobEventScope>();
  if (!unique.length) return out;
  const [rows, units] = await Promise.all([
    q
      .select({ id: events.id, baseId: events.baseId, stateId: events.eventStateId })
      .from(events)
      .where(inArray(events.id, unique)),
    q
      .select({ eventId: eventToBase.eventId, baseId: eventToBase.baseId })
      .from(eventToBase)
      .where(inArray(eventToBase.eventId, unique)),
  ]);
  for (const r of rows) {
    if (INACTIVE_STATES.includes(r.stateId)) continue;
    out.set(r.id, { baseId: r.baseId, eventToBase: units.filter((u) => u.eventId === r.id).map((u) => u.baseId) });
  }
  return out;
}

/** The event ids the vehicles' jobs point at (for `loadJobEventScopes`). */
export const jobEventIds = (list: readonly Resource[]): number[] =>
  list.flatMap((r) => (r.event === null ? [] : [r.event]));

/** `list` as `viewer` gets it; `scopeOf` answers an active event's owner and units (undefined: not active). */
export function resourcesFor(
  viewer: Viewer,
  list: Resource[],
  scopeOf: (eventId: number) => JobEventScope | undefined,
): Resource[] {
  if (seesAllEvents(viewer)) return list;
  return list.map((r) => {
    if (r.event === null || r.baseId === viewer.baseId) return r;
    const scope = scopeOf(r.event);
    return scope && isEventVisible(viewer, scope) ? r : withoutForeignJob(r);
  });
}
