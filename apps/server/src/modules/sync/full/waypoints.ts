/**
 * The one time-dependent value of the shared full bundle: a deployment's `showWaypointsTimeout` is the seconds
 * of its waypoint line still left (jobs/presenter.ts `waypointSecondsLeft`), counted down by the clock, not by
 * writes. A state read or patched a while ago would hand a later panel the seconds left at that time (and the
 * line again after it ended). So while any job of the state shows a countdown, the countdowns are read again
 * (one small indexed query) and, when one moved, the full bundle is cut from a copy with them as they are now.
 */
import { gt } from 'drizzle-orm';
import type { EventJob } from '@panel/domain/sync';
import type { Database } from '../../../db/client.js';
import { eventJobs } from '../../../db/schema/index.js';
import { waypointSecondsLeft } from '../../vehicles/jobs/presenter.js';
import type { FullState } from './state.js';

export async function withWaypointsNow(db: Database, state: FullState): Promise<FullState> {
  const jobs = (state.children.get('eventJobs') ?? []) as unknown as EventJob[];
  if (!jobs.some((j) => j.showWaypointsTimeout > 0)) return state;
  const now = new Date();
  const live = await db
    .select({ id: eventJobs.id, until: eventJobs.showWaypointsUntil })
    .from(eventJobs)
    .where(gt(eventJobs.showWaypointsUntil, now));
  const until = new Map(live.map((r) => [r.id, r.until]));
  const left = (j: EventJob) => waypointSecondsLeft(until.get(j.id) ?? null, now);
  if (jobs.every((j) => j.showWaypointsTimeout === left(j))) return state;
  const fresh = jobs.map((j) => (j.showWaypointsTimeout === left(j) ? j : { ...j, showWaypointsTimeout: left(j) }));
  const children = new Map(state.children);
  children.set('eventJobs', fresh as unknown as NonNullable<ReturnType<typeof state.children.get>>);
  return { ...state, children };
}
