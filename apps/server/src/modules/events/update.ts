/**
 * Event writes (000 §4/§5/§6): create (idempotent by the client's uuid), update of the saved field subset with
 * the per-field rules and the state transitions (close, remove, remove parent link), create from another event
 * and the KOPIS simulation. Every write is one `runCommand` (journal, change log, push).
 *
 * Update reading (docs/API.md "Events (issue 3)"):
 * - only fields whose value differs from the stored one count as changed (the panel may send its whole event);
 *   times compare to the second (the wire has no milliseconds); a PUT that changes nothing writes nothing;
 * - each changed attribute needs `canEditAttribute` (own base except eventToBase, active, not readonly, not
 *   ISPO-locked), the category `canEditCategory`; removed units `canRemoveUnit`, added units `canSeeAllUnits`;
 * - eventStatusId 6 = end (`endEventRefusal`: 422 when the event cannot be ended, 403 for who; sets `endedAt`);
 *   status 11 only with close/remove, an ended event keeps 6 until closed (`statusChangeRefusal`, 422);
 * - eventStateId 5/3/7 = close (`canCloseEvent`), 6 = remove (`canRemoveEvent`), parentId null = remove the
 *   parent link (`canRemoveParentLink`, state 1); a close or remove also ends the event's active jobs in the same
 *   command (`endJobsOfEvent`, issue 12); another active state needs own/central base or updateState
 *   Event; an inactive event takes no other change; parentId/state 4 are set only by linking;
 * - tags ISPO/ISPO_QUEUE (the queue's) and tags the user cannot see (C_ for non-central) are kept as they are;
 * - 403 `{message, field}` names the refused field; 409 `{message, current, changed}` on a stale `version`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  ACTIVE_STATE,
  ALERT_STATE,
  CLOSED_STATES,
  DELETED_STATE,
  ENDED_STATUS,
  FINAL_STATUS,
  INACTIVE_STATES,
  LINKED_STATE,
  TAG_ISPO,
  TAG_ISPO_QUEUE,
} from '@panel/domain/constants';
import {
  canAcceptAlert,
  type EventFields,
  canCloseEvent,
  canEditAttribute,
  canEditCategory,
  canRemoveEvent,
  canRemoveParentLink,
  canRemoveUnit,
  canSeeAllUnits,
  canSetTrainNumber,
  endEventRefusal,
  isMine,
  isTagVisible,
  statusChangeRefusal,
} from '@panel/domain/events';
import { texts, toWireTime } from '@panel/domain/locale';
import { isCentral } from '@panel/domain/auth';
import type { Event, EventAlert } from '@panel/domain/sync';
import type { Tx } from '../../db/client.js';
import { unknownReferences } from '../../db/references.js';
import { bases, eventToBase, eventToEvent, eventToTags, events, journal, tags } from '../../db/schema/index.js';
import { HttpError, unprocessable } from '../../errors.js';
import { serverTexts } from '../../texts.js';
import { runCommand } from '../../sync/commands.js';
import { endJobsOfEvent } from '../vehicles/jobs/commands.js';
import { stopEscalation } from '../alerts/escalation/stop.js';
import {
  actorOf,
  jobsOf,
  loadCategory,
  presentOne,
  ruleCategory,
  tagsOf,
  visibleEvent,
  type Auth,
  type CategoryRow,
  type Deps,
} from './access.js';
import { checkCategoryMove } from './categoryMove.js';
import type { EventRow } from './presenter.js';
import { eventReferences } from './references.js';
import { eventTexts } from './texts.js';

import {
  type FieldError,
  TRANSITION_FIELDS,
  type Values,
  type Prepared,
  label,
  toValues,
  checkEvent,
  missingCategory,
  refuse,
} from './fields.js';
import { allows, authorize } from '../../http/authorize.js';

const sec = (d: Date) => Math.floor(d.getTime() / 1000);

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    if (!(a instanceof Date) || !(b instanceof Date)) return a == null && b == null;
    return sec(a) === sec(b);
  }
  if (a == null || b == null) return a == null && b == null;
  if (typeof a === 'object' || typeof b === 'object') return canonical(a) === canonical(b);
  return a === b;
}

const wire = (v: unknown) => (v instanceof Date ? toWireTime(v) : (v ?? null));

type Kind = 'update' | 'end' | 'close' | 'remove' | 'unlinkParent' | 'state';

interface Plan {
  kind: Kind;
  values: Values;
  changes: Record<string, { old: unknown; new: unknown }>;
  units?: { add: number[]; remove: number[]; final: number[] };
  tags?: { add: number[]; remove: number[]; final: number[] };
  attributesChanged: boolean;
  /** status 6 set by this write (000 §4 end) */
  ended: boolean;
  /** the alert's acceptance ('Přijmout zprávu', state 0 → 1): recorded on the event's alert */
  accepted: boolean;
}

const diffIds = (current: number[], final: number[]) => ({
  add: final.filter((id) => !current.includes(id)),
  remove: current.filter((id) => !final.includes(id)),
});

async function baseLabel(tx: Tx, id: number): Promise<string> {
  const [b] = await tx.select({ name: bases.name, code: bases.code }).from(bases).where(eq(bases.id, id));
  return b ? b.name || b.code : String(id);
}

/** The changes of a PUT and the rules of 000 §5/§6 on them (throws 403 naming the refused field). */
async function planUpdate(
  tx: Tx,
  auth: Auth,
  state: { row: EventRow; eventToBase: number[] },
  category: CategoryRow | undefined,
  p: Prepared,
): Promise<Plan> {
  const { row } = state;
  const user = auth.user;
  const rc = ruleCategory(category);
  const tagRows = await tagsOf(tx, row.id);
  const tagCodes = tagRows.map((t) => t.code);
  // the tags with their settings: the ISPO locks read `options.locked` (issue 12 item 11)
  const inactive = INACTIVE_STATES.includes(row.eventStateId);

  const values: Values = {};
  const changes: Plan['changes'] = {};
  const cur = row as unknown as Record<string, unknown>;
  for (const [f, v] of Object.entries(p.values)) {
    if (same(cur[f], v)) continue;
    (values as Record<string, unknown>)[f] = v;
    changes[f] = { old: wire(cur[f]), new: wire(v) };
  }

  // transitions
  let kind: Kind = 'update';
  let accepted = false;
  if ('parentId' in values) {
    if (values.parentId !== null) throw refuse(eventTexts.parentViaLink, 'parentId');
    if (!canRemoveParentLink(row, rc)) throw refuse(eventTexts.parentLinkForbidden, 'parentId');
    if ('eventStateId' in values && values.eventStateId !== ACTIVE_STATE) {
      throw refuse(eventTexts.stateForbidden, 'eventStateId');
    }
    kind = 'unlinkParent';
    if (row.eventStateId !== ACTIVE_STATE && !('eventStateId' in values)) {
      values.eventStateId = ACTIVE_STATE;
      changes.eventStateId = { old: row.eventStateId, new: ACTIVE_STATE };
    }
  } else if ('eventStateId' in values) {
    const to = values.eventStateId!;
    if (inactive) throw refuse(eventTexts.inactive, 'eventStateId');
    if (to === DELETED_STATE) {
      if (!canRemoveEvent(auth.ability, user, row, rc, tagCodes)) {
        throw refuse(eventTexts.removeForbidden, 'eventStateId');
      }
      kind = 'remove';
    } else if (to === LINKED_STATE) {
      throw refuse(eventTexts.parentViaLink, 'eventStateId');
    } else if (CLOSED_STATES.includes(to)) {
      if (!canCloseEvent(auth.ability, user, row, rc)) throw refuse(eventTexts.closeForbidden, 'eventStateId');
      kind = 'close';
    } else {
      // accepting an alert (0 → 1) is also open to the event's units: the event was addressed to them
      accepted = row.eventStateId === ALERT_STATE && to === ACTIVE_STATE;
      const acceptable =
        accepted &&
        canAcceptAlert(auth.ability, user, {
          baseId: row.baseId,
          eventStateId: row.eventStateId,
          eventToBase: state.eventToBase,
        });
      if (!(acceptable || isMine(row, user) || isCentral(user) || allows(auth, 'updateState', 'Event'))) {
        throw refuse(eventTexts.stateForbidden, 'eventStateId');
      }
      kind = 'state';
    }
  }
  const transitionStatus = kind === 'close' || kind === 'remove';
  if (transitionStatus) {
    // closing and removing always write status 11, whatever status the body carries
    delete values.eventStatusId;
    delete changes.eventStatusId;
    if (row.eventStatusId !== FINAL_STATUS) {
      values.eventStatusId = FINAL_STATUS;
      changes.eventStatusId = { old: row.eventStatusId, new: FINAL_STATUS };
    }
  }
  const ended = !transitionStatus && values.eventStatusId === ENDED_STATUS;
  if (ended) {
    const why = endEventRefusal(auth.ability, user, row, rc);
    if (why === 'forbidden') throw refuse(eventTexts.endForbidden, 'eventStatusId');
    if (why) throw unprocessable({ field: 'eventStatusId', message: eventTexts.notEndable });
    if (kind === 'update') kind = 'end';
  } else if (!transitionStatus && values.eventStatusId !== undefined) {
    const why = statusChangeRefusal(row.eventStatusId, values.eventStatusId, false);
    if (why) {
      const message = why === 'finalOnlyByClose' ? eventTexts.finalStatusByClose : eventTexts.endedStatusStays;
      throw unprocessable({ field: 'eventStatusId', message });
    }
  }

  // attributes
  let attributesChanged = false;
  for (const f of Object.keys(values)) {
    if (f === 'parentId' || f === 'eventStateId' || (f === 'eventStatusId' && (transitionStatus || ended))) continue;
    if (!TRANSITION_FIELDS.has(f)) attributesChanged = true;
    if (inactive && kind !== 'unlinkParent') throw refuse(eventTexts.inactive, f);
    const ok =
      f === 'eventCategoryId'
        ? canEditCategory(user, row, rc, tagRows)
        : canEditAttribute(user, row, rc, f, tagRows) ||
          (f === 'data' && canSetTrainNumber(auth.ability, asRecord(row.data), asRecord(values.data)));
    if (!ok) throw refuse(eventTexts.fieldForbidden(label(category, f)), f);
  }
  if ('eventCategoryId' in values) {
    await checkCategoryMove(tx, user, row, row.eventCategoryId, values.eventCategoryId!, tagRows);
  }

  // units
  let units: Plan['units'];
  if (p.units) {
    const final = [...new Set(p.units)].filter((b) => b !== row.baseId).sort((a, b) => a - b);
    const d = diffIds(state.eventToBase, final);
    if (d.add.length || d.remove.length) {
      if (inactive) throw refuse(eventTexts.inactive, 'eventToBase');
      if (!canEditAttribute(user, row, rc, 'eventToBase', tagRows)) {
        throw refuse(eventTexts.fieldForbidden(label(category, 'eventToBase')), 'eventToBase');
      }
      for (const b of d.add) {
        if (!canSeeAllUnits(user, row)) {
          throw refuse(eventTexts.unitAddForbidden(await baseLabel(tx, b)), 'eventToBase');
        }
      }
      if (d.remove.length) {
        const jobs = await jobsOf(tx, row.id);
        for (const b of d.remove) {
          if (!canRemoveUnit(user, row, b, jobs)) {
            throw refuse(eventTexts.unitForbidden(await baseLabel(tx, b)), 'eventToBase');
          }
        }
      }
      units = { ...d, final };
      changes.eventToBase = { old: state.eventToBase, new: final };
      attributesChanged = true;
    }
  }

  // tags: ISPO/ISPO_QUEUE (the queue's) and tags the user cannot see stay as they are
  let tagPlan: Plan['tags'];
  if (p.tags) {
    const requested = [...new Set(p.tags)];
    const known = requested.length
      ? await tx.select({ id: tags.id, code: tags.code }).from(tags).where(inArray(tags.id, requested))
      : [];
    const unknown = requested.filter((id) => !known.some((k) => k.id === id));
    if (unknown.length) {
      throw unprocessable({
        field: 'eventToTags',
        message: texts.validation.requiredField(label(category, 'eventToTags')),
      });
    }
    const kept = (code: string) => code === TAG_ISPO || code === TAG_ISPO_QUEUE || !isTagVisible({ code }, user);
    const current = tagRows.map((t) => t.id);
    for (const k of known) {
      if (kept(k.code) && !current.includes(k.id)) {
        const message =
          k.code === TAG_ISPO || k.code === TAG_ISPO_QUEUE
            ? eventTexts.ispoTagForbidden
            : eventTexts.fieldForbidden(label(category, 'eventToTags'));
        throw refuse(message, 'eventToTags');
      }
    }
    const final = [
      ...known.filter((k) => !kept(k.code)).map((k) => k.id),
      ...tagRows.filter((t) => kept(t.code)).map((t) => t.id),
    ].sort((a, b) => a - b);
    const d = diffIds(current, final);
    if (d.add.length || d.remove.length) {
      if (inactive) throw refuse(eventTexts.inactive, 'eventToTags');
      if (!canEditAttribute(user, row, rc, 'eventToTags', tagRows)) {
        throw refuse(eventTexts.fieldForbidden(label(category, 'eventToTags')), 'eventToTags');
      }
      tagPlan = { ...d, final };
      changes.eventToTags = { old: current, new: final };
      attributesChanged = true;
    }
  }

  return { kind, values, changes, units, tags: tagPlan, attributesChanged, ended, accepted };
}

/** The event's alert with its acceptance: the accepting user's name and device, the time. */
function acceptedAlert(alert: EventAlert | null, auth: Auth, at: Date): EventAlert {
  const name = [auth.user.firstName, auth.user.lastName].filter(Boolean).join(' ').trim() || auth.user.username;
  return {
    title: alert?.title ?? null,
    subtitle: alert?.subtitle ?? null,
    description: alert?.description ?? null,
    acceptedBy: { userId: auth.user.id, name, deviceId: auth.deviceId, at: toWireTime(at) },
    // what the escalation chain did stays on the card (stopped: stopEscalation below)
    ...(alert?.escalation ? { escalation: alert.escalation } : {}),
  };
}

class StaleVersion extends Error {}

/** Fields changed by the writes after `version` (from the journal rows' `data.version` / `data.changes`). */
async function changedSince(deps: Deps, eventId: number, version: number): Promise<string[]> {
  const rows = await deps.db
    .select({ data: journal.data })
    .from(journal)
    .where(eq(journal.eventId, eventId))
    .orderBy(journal.id);
  const fields = new Set<string>();
  for (const { data } of rows) {
    const d = data as { version?: unknown; changes?: Record<string, unknown> } | null;
    if (typeof d?.version === 'number' && d.version > version && d.changes) {
      for (const k of Object.keys(d.changes)) fields.add(k);
    }
  }
  return [...fields];
}

export async function updateEvent(deps: Deps, auth: Auth, id: number, body: EventFields): Promise<Event> {
  try {
    await runCommand(deps, actorOf(auth), { type: 'event.update', eventId: id }, async (tx, rec) => {
      const state = await visibleEvent(tx, auth, id, { lock: true });
      const { row } = state;
      authorize(auth, 'update', 'Event');
      if (body.version !== undefined && body.version !== row.version) throw new StaleVersion();

      const category = await loadCategory(tx, row.eventCategoryId);
      if (!category) throw missingCategory();
      const errors: FieldError[] = [];
      const p = toValues(body, category, errors);
      errors.push(...(await unknownReferences(tx, eventReferences(body))));
      if (errors.length) throw unprocessable(errors);
      const plan = await planUpdate(tx, auth, state, category, p);
      if (Object.keys(plan.changes).length === 0) return;

      if (plan.attributesChanged) {
        const nextCategory =
          plan.values.eventCategoryId != null ? await loadCategory(tx, plan.values.eventCategoryId) : category;
        if (!nextCategory) throw missingCategory();
        const merged = { ...row, ...plan.values, eventToBase: plan.units?.final ?? state.eventToBase };
        const invalid = checkEvent(nextCategory, merged);
        if (invalid.length) throw unprocessable(invalid);
      }

      const now = new Date();
      const version = row.version + 1;
      const set: Values = { ...plan.values, version, updatedAt: now };
      if ((plan.kind === 'close' || plan.kind === 'remove' || plan.ended) && !row.endedAt) set.endedAt = now;
      // who took the event: every other panel closes its alert naming them (issue 12 item 3)
      if (plan.accepted) set.alert = acceptedAlert(row.alert as EventAlert | null, auth, now);
      // leaving state 0 (accepted, closed) stops the escalation chain in this transaction (issue 25 item 3)
      if (row.eventStateId === ALERT_STATE && set.eventStateId != null && set.eventStateId !== ALERT_STATE) {
        const alert = (set.alert ?? row.alert) as EventAlert | null;
        const stopped = await stopEscalation(tx, id, alert, now);
        if (stopped !== alert) set.alert = stopped;
      }
      await tx.update(events).set(set).where(eq(events.id, id));

      if (plan.units) {
        if (plan.units.remove.length) {
          await tx
            .delete(eventToBase)
            .where(and(eq(eventToBase.eventId, id), inArray(eventToBase.baseId, plan.units.remove)));
        }
        if (plan.units.add.length) {
          await tx.insert(eventToBase).values(plan.units.add.map((baseId) => ({ eventId: id, baseId })));
        }
        rec.changed('eventToBase', id);
      }
      if (plan.tags) {
        if (plan.tags.remove.length) {
          await tx
            .delete(eventToTags)
            .where(and(eq(eventToTags.eventId, id), inArray(eventToTags.tagId, plan.tags.remove)));
        }
        if (plan.tags.add.length) {
          await tx.insert(eventToTags).values(plan.tags.add.map((tagId) => ({ eventId: id, tagId })));
        }
      }
      if (plan.kind === 'unlinkParent' && row.parentId != null) {
        // the link row of the parent link goes with it
        const gone = await tx
          .delete(eventToEvent)
          .where(and(eq(eventToEvent.sourceEventId, id), eq(eventToEvent.targetEventId, row.parentId)))
          .returning({ id: eventToEvent.id });
        for (const l of gone) rec.removed('eventToEvent', l.id);
        rec.journal({
          eventId: row.parentId,
          table: 'event_to_event',
          type: 'event.unlinkParent',
          data: { childEventId: id },
        });
      }
      rec.changed('events', id);
      rec.journal({ table: 'events', type: `event.${plan.kind}`, data: { version, changes: plan.changes } });
      // a closed or removed event takes no job writes: its deployments end with it, so its vehicles are free
      if (plan.kind === 'close' || plan.kind === 'remove') {
        await endJobsOfEvent(tx, rec, id, { endedBy: `event.${plan.kind}` });
      }
    });
  } catch (err) {
    if (err instanceof StaleVersion) {
      const current = await presentOne(deps.db, auth, id);
      const changed = await changedSince(deps, id, body.version ?? 0);
      const message = serverTexts.conflict;
      throw new HttpError(409, message, { message, current, changed });
    }
    throw err;
  }
  return presentOne(deps.db, auth, id);
}

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
