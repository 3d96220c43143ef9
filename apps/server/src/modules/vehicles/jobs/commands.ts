/**
 * Deployment writes (docs/API.md "Vehicles and deployment (issue 5) — contract", 000 §4, §6): create (deploy a
 * free vehicle, or move one from another event with `move: true`), update (status, ETA; status 20 ends the job)
 * and remove. Each runs through `runCommand`: one transaction with the change log (`eventJobs`, the vehicle in
 * `resources`, the event in `events` when its list of active jobs changes), the event journal and the push to
 * the event's bases and the vehicle's base.
 *
 * Rules: every write needs create EventJob (403), and on another base's event view EventResources too (403,
 * `canWriteRowsOf`: role udrp sees no jobs, so it writes none of another base). Ending, moving (it ends the other job) and removing need the
 * vehicle's base to be the user's or the central base (`canEndJob`, 403). A vehicle has at most one active job
 * (not ended, not in status 20): the vehicle row is locked while it is checked, so two dispatchers deploying the
 * same vehicle at once get one job and one 422.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { JOB_ARRIVED_STATUS, JOB_STATUS, INACTIVE_STATES } from '@panel/domain/constants';
import { fromWireTime, texts } from '@panel/domain/locale';
import type { EventJob } from '@panel/domain/sync';
import type { Queryable, Tx } from '../../../db/client.js';
import { eventJobs, events, resources } from '../../../db/schema/index.js';
import { forbidden, notFound, unprocessable } from '../../../errors.js';
import type { FieldError } from '../../../texts.js';
import { runCommand, type ChangeRecorder } from '../../../sync/commands.js';
import { actorOf, eventIdOf, visibleEvent, type Auth, type Deps } from '../../events/access.js';
import { assertOwnRetry } from '../../events/retry.js';
import { authTexts, canWriteRowsOf } from '@panel/domain/auth';
import { presentEventJob, type EventJobRow } from './presenter.js';
import { activeJobs } from './active.js';
import {
  type CreateJobBody,
  type UpdateJobBody,
  canEndJob,
  canMoveJob,
  isJobStartStatus,
  isJobStatus,
} from '@panel/domain/vehicles';
import { authorize } from '../../../http/authorize.js';

const t = texts.jobs;
type ResourceRow = typeof resources.$inferSelect;

/** A retry's insert met the uuid committed meanwhile: roll back (a move may have ended a job) and answer it. */
class UuidTaken extends Error {}

async function jobByUuid(q: Queryable, uuid: string): Promise<EventJobRow | undefined> {
  const [row] = await q.select().from(eventJobs).where(eq(eventJobs.uuid, uuid));
  return row;
}

async function jobById(q: Queryable, id: number, lock = false): Promise<EventJobRow | undefined> {
  const query = q.select().from(eventJobs).where(eq(eventJobs.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function resourceById(q: Queryable, id: number, lock = false): Promise<ResourceRow | undefined> {
  const query = q.select().from(resources).where(eq(resources.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The vehicle's active job: not ended and not back at base (newest first, there should be one at most). */
export async function activeJobOf(q: Queryable, resourceId: number): Promise<EventJobRow | undefined> {
  const [row] = await q
    .select()
    .from(eventJobs)
    .where(activeJobs(eq(eventJobs.resourceId, resourceId)))
    .orderBy(desc(eventJobs.id))
    .limit(1);
  return row;
}

async function onInactiveEvent(q: Queryable, job: Pick<EventJobRow, 'eventId'>): Promise<boolean> {
  const [row] = await q.select({ stateId: events.eventStateId }).from(events).where(eq(events.id, job.eventId));
  return row !== undefined && INACTIVE_STATES.includes(row.stateId);
}

const isEnded = (job: Pick<EventJobRow, 'endedAt' | 'eventJobStatusId'>): boolean =>
  job.endedAt != null || job.eventJobStatusId === JOB_STATUS.AT_BASE;

/** `undefined` = not sent, `null` = cleared; a bad text adds a field error. */
function parseTime(raw: string | null | undefined, field: string, errors: FieldError[]): Date | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  // strict: Date.parse would take '99999-01-01' or '2026-02-30' (issue 11)
  const d = fromWireTime(raw);
  if (!d) {
    errors.push({ field, message: texts.validation.invalidDate(field) });
    return undefined;
  }
  return d;
}

/** The vehicle's base, for the end rule; a vehicle without a base falls back to the job's. */
const ruleResource = (res: Pick<ResourceRow, 'baseId'> | undefined, job?: Pick<EventJobRow, 'baseId'>) => ({
  baseId: res?.baseId ?? job?.baseId ?? 0,
});

/** 403 when the job's event is another base's and the user's role does not view jobs (issue 24 item 11). */
export function assertJobRowsWritable(auth: Auth, event: { baseId: number | null }): void {
  if (!canWriteRowsOf(auth.ability, auth.user, event, 'EventResources')) throw forbidden(authTexts.otherBaseRefused);
}

/** The job's event must be one the user sees (else 404) and whose jobs the user may write (else 403). */
async function visibleJob(q: Queryable, auth: Auth, id: number, lock = false) {
  const job = await jobById(q, id, lock);
  if (!job) throw notFound();
  const event = await visibleEvent(q, auth, job.eventId);
  assertJobRowsWritable(auth, event.row);
  return { job, event };
}

/** Ends a job in the transaction: status 20 and endedAt; the event's job list and the vehicle change. */
async function endJob(tx: Tx, rec: ChangeRecorder, job: EventJobRow, data: Record<string, unknown>): Promise<void> {
  const now = new Date();
  await tx
    .update(eventJobs)
    .set({ eventJobStatusId: JOB_STATUS.AT_BASE, endedAt: now, updatedAt: now })
    .where(eq(eventJobs.id, job.id));
  rec.changed('eventJobs', job.id);
  rec.changed('events', job.eventId);
  if (job.resourceId != null) rec.changed('resources', job.resourceId);
  rec.journal({
    eventId: job.eventId,
    table: 'event_jobs',
    type: 'eventJob.end',
    data: { id: job.id, resourceId: job.resourceId, eventJobStatusId: { old: job.eventJobStatusId, new: 20 }, ...data },
  });
}

/**
 * Ends every active job of an event that is being closed or removed (issue 12): an inactive event takes no job
 * writes, so a job left open would keep its vehicle "busy elsewhere" with nobody able to end it. Runs inside the
 * close/remove command; each job is journaled and recorded like an end by hand. The event's close/remove rule
 * covers it (no per-vehicle end rule: the event owner's decision ends the whole event). The vehicles are locked
 * first, in id order, like a deploy or a move locks its vehicle, so a concurrent move of one of them waits and
 * then finds it free instead of ending the same job twice.
 */
export async function endJobsOfEvent(
  tx: Tx,
  rec: ChangeRecorder,
  eventId: number,
  data: Record<string, unknown>,
): Promise<number[]> {
  const open = activeJobs(eq(eventJobs.eventId, eventId));
  const vehicles = await tx
    .selectDistinct({ id: eventJobs.resourceId })
    .from(eventJobs)
    .where(and(open, isNotNull(eventJobs.resourceId)));
  const ids = vehicles.map((v) => v.id!).sort((a, b) => a - b);
  if (ids.length) {
    await tx
      .select({ id: resources.id })
      .from(resources)
      .where(inArray(resources.id, ids))
      .orderBy(resources.id)
      .for('update');
  }
  const jobs = await tx.select().from(eventJobs).where(open).orderBy(eventJobs.id).for('update');
  for (const job of jobs) {
    await endJob(tx, rec, job, data);
    rec.touchBases(job.baseId);
  }
  return jobs.map((j) => j.id);
}

/** What a new job row takes from its caller (the rest comes from the vehicle and the clock). */
export interface NewJobValues {
  uuid: string;
  eventJobStatusId: number;
  /** undefined: none, unless the status is 'at the scene' (then now) */
  arriveAt?: Date;
  eventJobCategoryId?: number | null;
  showWaypointsTimeout?: number | null;
}

/**
 * The checks and the insert of one deployment inside a command, shared by `createJob` and the run card's deploy by
 * plan (modules/runCards): the event is locked and must be active, the vehicle is locked (one writer per vehicle)
 * and must be free — a job left open on an inactive event is ended here —, deployed elsewhere only with `move` and
 * the end rule. Records the changed rows and the bases; journaling is the caller's (a plan is one journal entry).
 * `made` is undefined when the uuid was taken meanwhile (a retry's race).
 */
export async function insertJob(
  tx: Tx,
  rec: ChangeRecorder,
  auth: Auth,
  input: { eventId: number; resourceId: number; move: boolean; values: NewJobValues },
): Promise<{ made: EventJobRow | undefined; res: ResourceRow; busy: EventJobRow | undefined }> {
  const id = input.eventId;
  // the event's state may have changed since the check above
  const { row: locked } = await visibleEvent(tx, auth, id, { lock: true });
  if (INACTIVE_STATES.includes(locked.eventStateId)) {
    throw unprocessable({ field: 'eventId', message: t.eventInactive });
  }
  // one writer per vehicle: the row lock orders concurrent deploys and moves of it
  const res = await resourceById(tx, input.resourceId, true);
  if (!res || res.active !== 1) throw unprocessable({ field: 'resourceId', message: t.unknownResource });
  const busy = await activeJobOf(tx, res.id);
  if (busy && (await onInactiveEvent(tx, busy))) {
    // left open on a closed or removed event (data from before issue 12): nobody works there, so it is not
    // a move — it ends here without `move` and without the end rule, as the close would have ended it
    await endJob(tx, rec, busy, { movedTo: id, endedBy: 'event.inactive' });
  } else if (busy) {
    if (busy.eventId === id) throw unprocessable({ field: 'resourceId', message: t.alreadyHere });
    if (!input.move) throw unprocessable({ field: 'resourceId', message: t.busyElsewhere });
    if (!canMoveJob(auth.ability, auth.user, ruleResource(res, busy))) throw forbidden(t.endRefused);
    await endJob(tx, rec, busy, { movedTo: id });
  }
  const now = new Date();
  const [made] = await tx
    .insert(eventJobs)
    .values({
      uuid: input.values.uuid,
      eventId: id,
      eventJobStatusId: input.values.eventJobStatusId,
      baseId: res.baseId,
      resourceId: res.id,
      arriveAt: input.values.arriveAt ?? (input.values.eventJobStatusId === JOB_ARRIVED_STATUS ? now : null),
      eventJobCategoryId: input.values.eventJobCategoryId ?? null,
      showWaypointsTimeout: input.values.showWaypointsTimeout ?? null,
      showWaypointsUntil: input.values.showWaypointsTimeout
        ? new Date(Date.now() + input.values.showWaypointsTimeout * 1000)
        : null,
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: eventJobs.uuid })
    .returning();
  if (made) {
    rec.changed('eventJobs', made.id);
    rec.changed('events', id);
    rec.changed('resources', res.id);
    rec.touchBases(res.baseId);
  }
  return { made, res, busy };
}

/**
 * POST /v2/event-jobs: 201 the new job; 200 the saved one on a retry with the same `uuid`. 403 without create
 * EventJob (or a move of another base's vehicle by a non-central user); 404 unknown or invisible event; 422
 * inactive event, unknown vehicle, a start status outside 14–19, a bad `arriveAt`, the vehicle already on this
 * event, or on another event without `move: true`.
 */
export async function createJob(
  deps: Deps,
  auth: Auth,
  body: CreateJobBody,
): Promise<{ job: EventJob; created: boolean }> {
  authorize(auth, 'create', 'EventJob');
  // the panel sends its own uuid so a retry finds its job; an API caller without one gets a new job each time
  const uuid = body.uuid ?? randomUUID();
  const existing = body.uuid === undefined ? undefined : await jobByUuid(deps.db, uuid);
  if (existing) {
    const { eventUuid } = await assertOwnRetry(deps.db, auth, existing);
    return { job: presentEventJob(existing, eventUuid), created: false };
  }
  const eventId = await eventIdOf(deps.db, body);
  const { row: event } = await visibleEvent(deps.db, auth, eventId);
  assertJobRowsWritable(auth, event);

  const errors: FieldError[] = [];
  if (INACTIVE_STATES.includes(event.eventStateId)) errors.push({ field: 'eventId', message: t.eventInactive });
  const status = body.eventJobStatusId ?? JOB_STATUS.DEPARTURE_ORDER;
  if (!isJobStartStatus(status)) errors.push({ field: 'eventJobStatusId', message: t.badStatus });
  const arriveAt = parseTime(body.arriveAt, 'arriveAt', errors);
  const resource = await resourceById(deps.db, body.resourceId);
  if (!resource || resource.active !== 1) errors.push({ field: 'resourceId', message: t.unknownResource });
  if (errors.length) throw unprocessable(errors);

  const id = eventId;
  try {
    const row = await runCommand(deps, actorOf(auth), { type: 'eventJob.create', eventId: id }, async (tx, rec) => {
      const { made, res, busy } = await insertJob(tx, rec, auth, {
        eventId: id,
        resourceId: body.resourceId,
        move: body.move === true,
        values: {
          uuid,
          eventJobStatusId: status,
          arriveAt: arriveAt ?? undefined,
          eventJobCategoryId: body.eventJobCategoryId ?? null,
          showWaypointsTimeout: body.showWaypointsTimeout ?? null,
        },
      });
      if (!made) throw new UuidTaken();
      rec.journal({
        table: 'event_jobs',
        data: {
          id: made.id,
          uuid: made.uuid,
          resourceId: res.id,
          resourceName: res.name,
          eventJobStatusId: made.eventJobStatusId,
          movedFrom: busy?.eventId ?? null,
        },
      });
      return made;
    });
    return { job: presentEventJob(row, event.uuid), created: true };
  } catch (error) {
    if (!(error instanceof UuidTaken)) throw error;
    const saved = (await jobByUuid(deps.db, uuid))!;
    const { eventUuid } = await assertOwnRetry(deps.db, auth, saved);
    return { job: presentEventJob(saved, eventUuid), created: false };
  }
}

/**
 * PUT /v2/event-jobs/{id}: changes status, `arriveAt` (ETA / arrival), category, waypoint timeout and the geofence switch. Status 20
 * ends the job (endedAt = now) and needs the end rule. Reaching 18 (at the scene) without an arrival time stamps
 * it. 403 / 404 as above; 422 for a status outside 14–20, a bad time, or a job that has already ended. A body that
 * changes nothing writes nothing.
 */
export async function updateJob(deps: Deps, auth: Auth, id: number, body: UpdateJobBody): Promise<EventJob> {
  authorize(auth, 'create', 'EventJob');
  const { job, event } = await visibleJob(deps.db, auth, id);
  const errors: FieldError[] = [];
  if (body.eventJobStatusId !== undefined && !isJobStatus(body.eventJobStatusId)) {
    errors.push({ field: 'eventJobStatusId', message: t.badStatus });
  }
  const arriveAt = parseTime(body.arriveAt, 'arriveAt', errors);
  if (errors.length) throw unprocessable(errors);
  if (isEnded(job)) throw unprocessable({ field: 'eventJobStatusId', message: t.alreadyEnded });
  const ending = body.eventJobStatusId === JOB_STATUS.AT_BASE;
  if (ending) {
    const res = job.resourceId != null ? await resourceById(deps.db, job.resourceId) : undefined;
    if (!canEndJob(auth.user, ruleResource(res, job))) throw forbidden(t.endRefused);
  }

  const row = await runCommand(
    deps,
    actorOf(auth),
    { type: ending ? 'eventJob.end' : 'eventJob.update', eventId: job.eventId },
    async (tx, rec) => {
      const current = (await jobById(tx, id, true))!;
      if (isEnded(current)) throw unprocessable({ field: 'eventJobStatusId', message: t.alreadyEnded });
      if (ending) {
        await endJob(tx, rec, current, {});
        return (await jobById(tx, id))!;
      }
      const now = new Date();
      const patch: Partial<EventJobRow> = {};
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      const put = <K extends keyof EventJobRow>(key: K, value: EventJobRow[K], same: boolean) => {
        if (same) return;
        patch[key] = value;
        changes[key] = { old: current[key], new: value };
      };
      if (body.eventJobStatusId !== undefined) {
        put('eventJobStatusId', body.eventJobStatusId, body.eventJobStatusId === current.eventJobStatusId);
      }
      if (arriveAt !== undefined) {
        put('arriveAt', arriveAt, (arriveAt?.getTime() ?? null) === (current.arriveAt?.getTime() ?? null));
      } else if (
        body.eventJobStatusId === JOB_ARRIVED_STATUS &&
        current.eventJobStatusId !== JOB_ARRIVED_STATUS &&
        (current.arriveAt == null || current.arriveAt > now)
      ) {
        put('arriveAt', now, false);
      }
      if (body.eventJobCategoryId !== undefined) {
        put('eventJobCategoryId', body.eventJobCategoryId, body.eventJobCategoryId === current.eventJobCategoryId);
      }
      if (body.geofence !== undefined) put('geofence', body.geofence, body.geofence === current.geofence);
      if (body.showWaypointsTimeout !== undefined && body.showWaypointsTimeout !== null) {
        // 'show waypoints' (001 §4): shown for that many seconds from now; again restarts it, 0 hides the line
        const seconds = body.showWaypointsTimeout;
        put('showWaypointsTimeout', seconds, false);
        put('showWaypointsUntil', seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null, false);
      }
      if (Object.keys(patch).length === 0) return current;
      const [saved] = await tx
        .update(eventJobs)
        .set({ ...patch, updatedAt: now })
        .where(eq(eventJobs.id, id))
        .returning();
      rec.changed('eventJobs', id);
      if (current.resourceId != null) rec.changed('resources', current.resourceId);
      rec.touchBases(current.baseId);
      rec.journal({ table: 'event_jobs', data: { id, resourceId: current.resourceId, changes } });
      return saved;
    },
  );
  return presentEventJob(row, event.row.uuid);
}

/**
 * DELETE /v2/event-jobs/{id}: the row goes (a mistaken deployment; ending keeps the row with status 20). Needs
 * create EventJob and the end rule (403); 404 unknown or invisible.
 */
export async function removeJob(deps: Deps, auth: Auth, id: number): Promise<void> {
  authorize(auth, 'create', 'EventJob');
  const { job } = await visibleJob(deps.db, auth, id);
  const res = job.resourceId != null ? await resourceById(deps.db, job.resourceId) : undefined;
  if (!canEndJob(auth.user, ruleResource(res, job))) throw forbidden(t.endRefused);
  await runCommand(deps, actorOf(auth), { type: 'eventJob.remove', eventId: job.eventId }, async (tx, rec) => {
    const current = await jobById(tx, id, true);
    if (!current) throw notFound();
    await tx.delete(eventJobs).where(eq(eventJobs.id, id));
    rec.removed('eventJobs', id);
    rec.changed('events', current.eventId);
    if (current.resourceId != null) rec.changed('resources', current.resourceId);
    rec.touchBases(current.baseId);
    rec.journal({
      table: 'event_jobs',
      data: { id, uuid: current.uuid, resourceId: current.resourceId, eventJobStatusId: current.eventJobStatusId },
    });
  });
}
