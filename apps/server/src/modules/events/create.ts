/** Creating events: a new event (idempotent by uuid) and create-from (000 §4); one runCommand each. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ENDED_STATUS, FINAL_STATUS, NEW_EVENT_DEFAULTS } from '@panel/domain/constants';
import {
  alertForNewEvent,
  type CreateEventBody,
  type CreateFromBody,
  type EventFields,
  canCreateFrom,
} from '@panel/domain/events';
import { toWireTime } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import type { Tx } from '../../db/client.js';
import { bases, conversations, eventToBase, eventToTags, events } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../errors.js';
import { unknownReferences } from '../../db/references.js';
import { runCommand, type ChangeRecorder } from '../../sync/commands.js';
import { enqueueEvent } from './queue/commands.js';
import { pushAlert } from '../webPush/notify.js';
import {
  actorOf,
  findVisibleEvent,
  loadCategory,
  presentOne,
  ruleCategory,
  visibleEvent,
  type Auth,
  type CategoryRow,
  type Deps,
} from './access.js';
import { assertOwnRetry } from './retry.js';
import { eventReferences } from './references.js';
import { checkCategoryMove } from './categoryMove.js';
import { eventTexts } from './texts.js';

import {
  type FieldError,
  CONVERSATION_TYPES,
  type Values,
  toValues,
  checkEvent,
  categoryDefaults,
  missingCategory,
  refuse,
} from './fields.js';
import { authorize } from '../../http/authorize.js';

export interface NewEvent {
  uuid: string;
  category: CategoryRow;
  values: Values;
  units?: number[];
  tags?: number[];
}

/**
 * Defaults of 000 §4, the category's defaults, start now, then the given fields; 422 on the category rules and
 * on a `parentId` that is not an event the user sees (unknown and invisible answer alike: no id oracle).
 */
export async function prepareNew(deps: Deps, auth: Auth, body: EventFields, uuid: string): Promise<NewEvent> {
  const categoryId = body.eventCategoryId ?? NEW_EVENT_DEFAULTS.eventCategoryId;
  const category = await loadCategory(deps.db, categoryId);
  if (!category) throw missingCategory();
  const errors: FieldError[] = [];
  const p = toValues(body, category, errors);
  errors.push(...(await unknownReferences(deps.db, eventReferences(body))));
  const values: Values = {
    ...NEW_EVENT_DEFAULTS,
    ...categoryDefaults(category),
    start: new Date(),
    ...p.values,
    eventCategoryId: categoryId,
  };
  // a category with alerts on alerts the event's units and the dispatch: an event made in the panel needs an
  // alert of its own for that (000 §4 "the event exists with an alert title"; issue 12 item 4)
  values.alert = alertForNewEvent(
    {
      subject: values.subject,
      description: values.description,
      address: values.address,
      reporterNumber: values.reporterNumber,
    },
    category,
  );
  errors.push(...checkEvent(category, { ...values, eventToBase: p.units, eventToTags: p.tags }));
  // a new event is neither ended nor closed: those are transitions of a saved one (000 §4)
  if (values.eventStatusId === ENDED_STATUS) errors.push({ field: 'eventStatusId', message: eventTexts.notEndable });
  if (values.eventStatusId === FINAL_STATUS) {
    errors.push({ field: 'eventStatusId', message: eventTexts.finalStatusByClose });
  }
  if (values.parentId != null && !(await findVisibleEvent(deps.db, auth, values.parentId))) {
    errors.push({ field: 'parentId', message: eventTexts.parentUnknown });
  }
  if (errors.length) throw unprocessable(errors);
  // 000 §6: a unit creates no event in a central-only category nor in one it could not edit (issue 12 item 11)
  await checkCategoryMove(
    deps.db,
    auth.user,
    { baseId: auth.user.baseId, eventStateId: values.eventStateId },
    null,
    categoryId,
  );
  return { uuid, category, values, units: p.units, tags: p.tags };
}

/**
 * Inserts a prepared event (number, units, tags, conversations) in the command's transaction and journals it.
 * Answers the id, and whether this call created it (false: the uuid existed, a retry).
 */
/** Who makes an event: a session (its user and device) or a system feed (no user, the receiving base). */
export interface EventOrigin {
  user: { id: number | null; baseId: number | null };
  deviceId: number | null;
}

export async function insertEvent(
  tx: Tx,
  rec: ChangeRecorder,
  auth: EventOrigin,
  e: NewEvent,
  opts: { journalType?: string; journalData: unknown; deviceId?: number | null; codePrefix?: string },
): Promise<{ id: number; created: boolean }> {
  const [row] = await tx
    .insert(events)
    .values({
      ...e.values,
      uuid: e.uuid,
      baseId: auth.user.baseId,
      deviceId: opts.deviceId === undefined ? auth.deviceId : opts.deviceId,
      createdBy: auth.user.id,
    })
    .onConflictDoNothing({ target: events.uuid })
    .returning();
  if (!row) {
    // a concurrent retry of the same create won
    const [other] = await tx.select({ id: events.id }).from(events).where(eq(events.uuid, e.uuid));
    return { id: other.id, created: false };
  }
  if (!row.code) {
    // the event number dispatchers quote on the radio: unit code, year, id (unique without a counter race)
    let prefix = opts.codePrefix;
    if (!prefix) {
      const [base] = auth.user.baseId
        ? await tx.select({ code: bases.code }).from(bases).where(eq(bases.id, auth.user.baseId))
        : [];
      prefix = base?.code ?? 'UDL';
    }
    const code = `${prefix}-${toWireTime(new Date()).slice(0, 4)}-${String(row.id).padStart(4, '0')}`;
    await tx.update(events).set({ code }).where(eq(events.id, row.id));
  }
  if (e.units) {
    const units = [...new Set(e.units)].filter((b) => b !== row.baseId);
    if (units.length) await tx.insert(eventToBase).values(units.map((baseId) => ({ eventId: row.id, baseId })));
    rec.changed('eventToBase', row.id);
  }
  if (e.tags?.length) {
    await tx
      .insert(eventToTags)
      .values([...new Set(e.tags)].map((tagId) => ({ eventId: row.id, tagId })))
      .onConflictDoNothing();
  }
  const types = CONVERSATION_TYPES[e.category.type] ?? [];
  if (types.length) {
    await tx
      .insert(conversations)
      .values(types.map((type) => ({ eventId: row.id, type, name: `event-messages-${type}` })));
  }
  rec.changed('events', row.id);
  rec.journal({ eventId: row.id, table: 'events', type: opts.journalType, data: opts.journalData });
  return { id: row.id, created: true };
}

export function journalData(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (v !== undefined && k !== 'version') out[k] = v;
  return out;
}

/**
 * The saved event of a retried create (same uuid): its id when it is this caller's own create on an event they
 * still see, null when the uuid is new, else 409 without the event (modules/events/retry.ts).
 */
export async function retriedEvent(deps: Deps, auth: Auth, uuid: string): Promise<number | null> {
  const [existing] = await deps.db
    .select({ id: events.id, createdBy: events.createdBy })
    .from(events)
    .where(eq(events.uuid, uuid));
  if (!existing) return null;
  await assertOwnRetry(deps.db, auth, { createdBy: existing.createdBy, eventId: existing.id });
  return existing.id;
}

export async function createEvent(
  deps: Deps,
  auth: Auth,
  body: CreateEventBody,
): Promise<{ event: Event; created: boolean }> {
  authorize(auth, 'create', 'Event');
  // no uuid (an integration's quick event): the server makes one; the panel's own uuid keeps retries idempotent
  const uuid = body.uuid ?? randomUUID();
  const existing = body.uuid ? await retriedEvent(deps, auth, uuid) : null;
  if (existing != null) return { event: await presentOne(deps.db, auth, existing), created: false };

  const prepared = await prepareNew(deps, auth, body, uuid);
  const result = await runCommand(deps, actorOf(auth), { type: 'event.create' }, (tx, rec) =>
    insertEvent(tx, rec, auth, prepared, { journalData: journalData({ ...body, uuid }) }),
  );
  // a concurrent create with this uuid won the insert: answered under the same rule as a retry
  if (!result.created) await retriedEvent(deps, auth, uuid);
  // closed and background panels hear of the alert by Web Push (queued; only devices it alerts)
  else pushAlert(deps, result.id, 'alert');
  return { event: await presentOne(deps.db, auth, result.id), created: result.created };
}

/** Fields of `event` a new event does not take over: the source's identity, its place in a tree, its state. */
export const NOT_COPIED = ['parentId', 'eventStateId', 'eventStatusId', 'version'] as const;

/**
 * POST /v2/events/create-from/{uuid}: a new event from the fields the panel sends (`event`), nothing copied
 * from the source silently; the source must be visible (404), its category must have the create action and it
 * must have no parent (`canCreateFrom`, 403). Both events get an 'event.createFrom' journal row; with
 * `sendToQueue` the new event is queued for Spojař in the same transaction.
 */
export async function createEventFrom(
  deps: Deps,
  auth: Auth,
  sourceUuid: string,
  body: CreateFromBody,
): Promise<{ event: Event; created: boolean }> {
  authorize(auth, 'create', 'Event');
  const [src] = await deps.db.select({ id: events.id }).from(events).where(eq(events.uuid, sourceUuid));
  if (!src) throw notFound();
  const source = (await visibleEvent(deps.db, auth, src.id)).row;
  const sourceCategory = await loadCategory(deps.db, source.eventCategoryId);
  if (!canCreateFrom(ruleCategory(sourceCategory), source)) throw refuse(eventTexts.createFromForbidden);

  const fields: Record<string, unknown> = { ...(body.event ?? {}) };
  for (const f of NOT_COPIED) delete fields[f];
  const uuid =
    typeof fields.uuid === 'string' && fields.uuid && fields.uuid !== source.uuid ? fields.uuid : randomUUID();
  const existing = await retriedEvent(deps, auth, uuid);
  if (existing != null) return { event: await presentOne(deps.db, auth, existing), created: false };

  const prepared = await prepareNew(deps, auth, fields as EventFields, uuid);
  const result = await runCommand(
    deps,
    actorOf(auth),
    { type: 'event.createFrom', eventId: source.id },
    async (tx, rec) => {
      const made = await insertEvent(tx, rec, auth, prepared, {
        journalType: 'event.createFrom',
        journalData: {
          sourceEventId: source.id,
          sourceUuid: source.uuid,
          sendToQueue: body.sendToQueue,
          ...journalData(fields),
        },
      });
      if (!made.created) return made;
      rec.journal({
        eventId: source.id,
        table: 'events',
        data: { createdEventId: made.id, createdEventUuid: uuid, sendToQueue: body.sendToQueue },
      });
      if (body.sendToQueue) await enqueueEvent(tx, rec, auth, made.id);
      return made;
    },
  );
  if (!result.created) await retriedEvent(deps, auth, uuid);
  else pushAlert(deps, result.id, 'alert');
  return { event: await presentOne(deps.db, auth, result.id), created: result.created };
}

// ---------------------------------------------------------------- KOPIS simulation
