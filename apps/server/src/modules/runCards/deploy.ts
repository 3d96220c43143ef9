/**
 * POST /v2/events/{id}/run-card/deploy (issue 26 item 1): 'Nasadit podle plánu' — every chosen vehicle of every
 * line deployed in ONE command (one revision, one journal row `eventJob.createByPlan` listing the jobs). Each
 * vehicle is checked like a single deployment (create EventJob, the event's rows writable, an active event, the
 * vehicle known, in service and free: `insertJob` of the jobs part, the same function POST /v2/event-jobs runs),
 * plus the plan's own checks: the vehicle is of its line's type and chosen once. Any refusal is a 422 naming the
 * line's field (`lines.{i}.resourceIds.{j}`) and nothing is written (the transaction rolls back). A plan never
 * moves a vehicle from another event: that stays the dialog's one-vehicle 'Přesunout' with its question.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { INACTIVE_STATES, JOB_STATUS } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { runCardTexts as t, type DeployByCardBody } from '@panel/domain/runCards';
import type { EventJob } from '@panel/domain/sync';
import { resources } from '../../db/schema/index.js';
import { isHttpError, unprocessable } from '../../errors.js';
import type { FieldError } from '../../texts.js';
import { runCommand } from '../../sync/commands.js';
import { actorOf, visibleEvent, type Auth, type Deps } from '../events/access.js';
import { assertJobRowsWritable, insertJob } from '../vehicles/jobs/commands.js';
import { presentEventJob } from '../vehicles/jobs/presenter.js';
import { authorize } from '../../http/authorize.js';

interface Pick1 {
  field: string;
  resourceId: number;
  resourceTypeId: number;
}

/** The chosen vehicles flattened with their field names; 422 for an empty plan, a vehicle twice, unknown ones. */
async function checkedPicks(deps: Deps, body: DeployByCardBody) {
  const picks: Pick1[] = body.lines.flatMap((line, i) =>
    line.resourceIds.map((resourceId, j) => ({
      field: `lines.${i}.resourceIds.${j}`,
      resourceId,
      resourceTypeId: line.resourceTypeId,
    })),
  );
  if (picks.length === 0) throw unprocessable({ field: 'lines', message: t.vehiclesRequired });
  const ids = [...new Set(picks.map((p) => p.resourceId))];
  const rows = await deps.db
    .select({ id: resources.id, name: resources.name, typeId: resources.resourceTypeId, active: resources.active })
    .from(resources)
    .where(inArray(resources.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  for (const p of picks) {
    const row = byId.get(p.resourceId);
    if (seen.has(p.resourceId)) errors.push({ field: p.field, message: t.vehicleTwice });
    else if (!row || row.active !== 1) errors.push({ field: p.field, message: t.vehicleUnknown });
    else if (row.typeId !== p.resourceTypeId) errors.push({ field: p.field, message: t.vehicleWrongType(row.name) });
    seen.add(p.resourceId);
  }
  if (errors.length) throw unprocessable(errors);
  return { picks, names: new Map(rows.map((r) => [r.id, r.name])) };
}

export async function deployByCard(
  deps: Deps,
  auth: Auth,
  eventId: number,
  body: DeployByCardBody,
): Promise<EventJob[]> {
  authorize(auth, 'create', 'EventJob');
  const { row: event } = await visibleEvent(deps.db, auth, eventId);
  assertJobRowsWritable(auth, event);
  if (INACTIVE_STATES.includes(event.eventStateId)) {
    throw unprocessable({ field: 'eventId', message: texts.jobs.eventInactive });
  }
  const { picks, names } = await checkedPicks(deps, body);
  // vehicles are locked in id order, as the close of an event locks them, so two plans cannot deadlock
  const ordered = picks.slice().sort((a, b) => a.resourceId - b.resourceId);
  const rows = await runCommand(deps, actorOf(auth), { type: 'eventJob.createByPlan', eventId }, async (tx, rec) => {
    const made = [];
    for (const p of ordered) {
      try {
        const { made: job } = await insertJob(tx, rec, auth, {
          eventId,
          resourceId: p.resourceId,
          move: false,
          values: { uuid: randomUUID(), eventJobStatusId: JOB_STATUS.DEPARTURE_ORDER },
        });
        made.push(job!);
      } catch (error) {
        // the single deployment's refusal, named on the plan's field (busy here or elsewhere, gone meanwhile)
        if (!isHttpError(error) || error.statusCode !== 422) throw error;
        const name = names.get(p.resourceId) ?? `#${p.resourceId}`;
        const first = (error.body as FieldError[])[0];
        const message =
          first?.message === texts.jobs.busyElsewhere
            ? t.vehicleBusy(name)
            : first?.message === texts.jobs.alreadyHere
              ? t.vehicleHere(name)
              : (first?.message ?? t.vehicleUnknown);
        throw unprocessable({ field: first?.field === 'eventId' ? 'eventId' : p.field, message });
      }
    }
    rec.journal({
      table: 'event_jobs',
      data: {
        jobs: made.map((j) => ({ id: j.id, uuid: j.uuid, resourceId: j.resourceId, name: names.get(j.resourceId!) })),
      },
    });
    return made;
  });
  return rows.map((r) => presentEventJob(r, event.uuid));
}
