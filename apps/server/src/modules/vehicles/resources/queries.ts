/**
 * GET /v2/resources: the vehicle overview of the deployment dialog — every active vehicle as the bundle's
 * `Resource` (base, type, status, last position and its time in `pnt.updatedAt`/`locationAt`, `event` and
 * `eventJob` of its active job) plus `job`: that job's status and, when the user sees its event, the event's
 * code and title (busy on an event the user does not see: `eventCode`/`eventTitle` null), and `eventActive`:
 * false for a job left open on a closed or removed event (data from before issue 12) — the dialog offers to
 * deploy such a vehicle, not to move it, and the deploy ends that job. Another base's vehicle busy on an event the
 * user does not see comes without its job, its event's ids and target (`hiddenJob`, issue 24 item 12).
 */
import { inArray } from 'drizzle-orm';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { ResourceOverview } from '@panel/domain/vehicles';
import type { Database } from '../../../db/client.js';
import { eventJobs, eventToBase, events } from '../../../db/schema/index.js';
import { loadResources } from '../../sync/loaders.js';
import { isEventVisible, seesAllEvents } from '../../../sync/visibility.js';
import { withoutForeignJob } from './presenter.js';
import { viewerOf, type Auth } from '../../events/access.js';
import { activeJobs } from '../jobs/active.js';

export type { ResourceOverview } from '@panel/domain/vehicles';

export async function resourceOverview(db: Database, auth: Pick<Auth, 'user' | 'permissions'>) {
  const list = await loadResources(db);
  const jobIds = list.map((r) => r.eventJob).filter((id): id is number => id != null);
  const jobs = jobIds.length
    ? await db
        .select({ id: eventJobs.id, eventId: eventJobs.eventId, statusId: eventJobs.eventJobStatusId })
        .from(eventJobs)
        .where(activeJobs(inArray(eventJobs.id, jobIds)))
    : [];
  const eventIds = [...new Set(jobs.map((j) => j.eventId))];
  const [eventRows, units] = eventIds.length
    ? await Promise.all([
        db
          .select({
            id: events.id,
            baseId: events.baseId,
            code: events.code,
            header: events.header,
            stateId: events.eventStateId,
          })
          .from(events)
          .where(inArray(events.id, eventIds)),
        db
          .select({ eventId: eventToBase.eventId, baseId: eventToBase.baseId })
          .from(eventToBase)
          .where(inArray(eventToBase.eventId, eventIds)),
      ])
    : [[], []];
  const viewer = viewerOf(auth);
  const shown = new Map<number, { code: string | null; title: string | null }>();
  const inactive = new Set(eventRows.filter((e) => INACTIVE_STATES.includes(e.stateId)).map((e) => e.id));
  for (const e of eventRows) {
    const shared = units.filter((u) => u.eventId === e.id).map((u) => u.baseId);
    if (!isEventVisible(viewer, { baseId: e.baseId, eventToBase: shared })) continue;
    const header = e.header as { title?: { value?: string | null } } | null;
    shown.set(e.id, { code: e.code, title: header?.title?.value ?? null });
  }
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const seesAll = seesAllEvents(viewer);
  return list.map((r): ResourceOverview => {
    const j = r.eventJob != null ? jobById.get(r.eventJob) : undefined;
    const ev = j ? shown.get(j.eventId) : undefined;
    if (j && !ev && !seesAll && r.baseId !== viewer.baseId) {
      // another base's vehicle on an event the user does not see: its position, not the event's ids or target
      // (issue 24 item 12); a job left open on a closed event holds nobody, so that vehicle reads as free
      const hidden = withoutForeignJob(r);
      return { ...hidden, hiddenJob: !inactive.has(j.eventId), job: null };
    }
    return {
      ...r,
      job: j
        ? {
            id: j.id,
            eventId: j.eventId,
            eventJobStatusId: j.statusId,
            eventCode: ev?.code ?? null,
            eventTitle: ev?.title ?? null,
            eventActive: !inactive.has(j.eventId),
          }
        : null,
    };
  });
}
