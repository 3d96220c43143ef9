/**
 * Event-to-event links (000 §3 "Event-to-event link", §4 "Linking an event to another sets eventStateId 4 and
 * parentId to the target's id. Removing a parent link sets eventStateId 1 and parentId null", §6 unlink rule).
 *
 * Link: `POST /v2/event-to-events/{eventId}/{otherEventId}` — group COIS (`canLink`, 403 first); eventId (the
 * source) becomes a child of otherEventId (the target): a link row (source, target), source parentId = target,
 * state 4. Both must be visible (the target's 404 says 'Chyba. Nebyla nalezena cílová událost'); the caller
 * needs update rights on the source (update Event, own or central base, active); the target must be active; no
 * link to itself (422) and no cycle (the target may not descend from the source, 422).
 *
 * Unlink: `DELETE /v2/event-to-events/{id}` — group COIS and a category of type event on the source
 * (`canUnlink`); the row goes and, when the source hangs on that target (parentId = target or state 4), the
 * source gets parentId null and state 1 (it needs dispatching again). A source that was not attached (e.g. the
 * demo's linked-events summary) keeps its state.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ACTIVE_STATE, INACTIVE_STATES, LINKED_STATE } from '@panel/domain/constants';
import { canLink, canUnlink } from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import { eventToEvent, events } from '../../../db/schema/index.js';
import { HttpError, forbidden, notFound, unprocessable } from '../../../errors.js';
import { runCommand } from '../../../sync/commands.js';
import {
  actorOf,
  loadCategory,
  mayUpdate,
  presentOne,
  ruleCategory,
  visibleEvent,
  type Auth,
  type Deps,
} from '../access.js';
import { eventTexts } from '../texts.js';

export async function linkEvents(deps: Deps, auth: Auth, sourceId: number, targetId: number): Promise<Event> {
  // group COIS (canLink) before anything is read: a refused caller learns nothing about either id
  if (!canLink(auth.user)) throw forbidden(eventTexts.linkForbidden);
  await runCommand(deps, actorOf(auth), { type: 'eventToEvent.create', eventId: sourceId }, async (tx, rec) => {
    const { row: source } = await visibleEvent(tx, auth, sourceId, { lock: true });
    const { row: target } = await visibleEvent(tx, auth, targetId, { message: eventTexts.linkTargetMissing });
    if (!mayUpdate(auth, source)) throw forbidden();
    if (sourceId === targetId) throw unprocessable({ field: 'otherEventId', message: eventTexts.linkSelf });
    if (INACTIVE_STATES.includes(target.eventStateId)) {
      throw unprocessable({ field: 'otherEventId', message: eventTexts.linkTargetInactive });
    }
    // a cycle: the target descends from the source
    let up: number | null = target.parentId;
    const seen = new Set<number>([target.id]);
    while (up != null && !seen.has(up)) {
      if (up === sourceId) throw unprocessable({ field: 'otherEventId', message: eventTexts.linkCycle });
      seen.add(up);
      const [p] = await tx.select({ parentId: events.parentId }).from(events).where(eq(events.id, up));
      up = p?.parentId ?? null;
    }
    const [link] = await tx
      .insert(eventToEvent)
      .values({ sourceEventId: sourceId, targetEventId: targetId, createdBy: auth.user.id })
      .returning({ id: eventToEvent.id });
    await tx
      .update(events)
      .set({
        parentId: targetId,
        eventStateId: LINKED_STATE,
        version: sql`${events.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(events.id, sourceId));
    rec.changed('eventToEvent', link.id);
    rec.changed('events', sourceId);
    const changes = {
      parentId: { old: source.parentId, new: targetId },
      eventStateId: { old: source.eventStateId, new: LINKED_STATE },
    };
    rec.journal({
      table: 'event_to_event',
      data: { linkId: link.id, targetEventId: targetId, version: source.version + 1, changes },
    });
    rec.journal({ eventId: targetId, table: 'event_to_event', data: { linkId: link.id, sourceEventId: sourceId } });
  });
  return presentOne(deps.db, auth, sourceId);
}

export async function unlinkEvents(deps: Deps, auth: Auth, linkId: number): Promise<void> {
  // the group half of canUnlink before any read (no id oracle); the category half needs the source event
  if (!canLink(auth.user)) throw new HttpError(403, eventTexts.unlinkForbidden);
  const [link] = await deps.db.select().from(eventToEvent).where(eq(eventToEvent.id, linkId));
  if (!link) throw notFound();
  await runCommand(
    deps,
    actorOf(auth),
    { type: 'eventToEvent.remove', eventId: link.sourceEventId },
    async (tx, rec) => {
      const { row: source } = await visibleEvent(tx, auth, link.sourceEventId, { lock: true });
      const category = await loadCategory(tx, source.eventCategoryId);
      if (!canUnlink(auth.user, ruleCategory(category))) throw new HttpError(403, eventTexts.unlinkForbidden);
      const gone = await tx
        .delete(eventToEvent)
        .where(and(eq(eventToEvent.id, linkId)))
        .returning({ id: eventToEvent.id });
      if (gone.length === 0) throw notFound();
      rec.removed('eventToEvent', linkId);
      const attached = source.parentId === link.targetEventId || source.eventStateId === LINKED_STATE;
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      if (attached) {
        await tx
          .update(events)
          .set({
            parentId: null,
            eventStateId: ACTIVE_STATE,
            version: sql`${events.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(events.id, source.id));
        changes.parentId = { old: source.parentId, new: null };
        changes.eventStateId = { old: source.eventStateId, new: ACTIVE_STATE };
        rec.changed('events', source.id);
      }
      rec.journal({
        table: 'event_to_event',
        data: {
          linkId,
          targetEventId: link.targetEventId,
          ...(attached ? { version: source.version + 1, changes } : {}),
        },
      });
      rec.journal({ eventId: link.targetEventId, table: 'event_to_event', data: { linkId, sourceEventId: source.id } });
    },
  );
}
