/**
 * The Spojař queue (000 §2 "send to queue", §6 "Send to queue disabled when tags ISPO_QUEUE or ISPO
 * present"). Sending adds the tag ISPO_QUEUE and a pending `event_queue` row; the external dispatcher system
 * reads the pending rows (GET /v2/queue) and takes one (POST /v2/queue/{id}/take): the row becomes 'taken' and
 * the event's tag ISPO_QUEUE is replaced by ISPO. Every step is one command, so panels re-sync the event.
 *
 * Reading: sending needs update Event on an active event of the own or the central base and the category's
 * `queue` action (the button exists only then); ISPO or ISPO_QUEUE already there → 409 `{message, current}`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TAG_ISPO, TAG_ISPO_QUEUE } from '@panel/domain/constants';
import { type QueueItem, canSendToQueue } from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import type { Tx } from '../../../db/client.js';
import { eventQueue, eventToTags, events } from '../../../db/schema/index.js';
import { HttpError, notFound } from '../../../errors.js';
import { runCommand, type ChangeRecorder } from '../../../sync/commands.js';
import { wireTime } from '../../../sync/wire.js';
import {
  actorOf,
  loadCategory,
  mayUpdate,
  presentOne,
  tagIdByCode,
  tagsOf,
  visibleEvent,
  type Auth,
  type Deps,
} from '../access.js';
import { eventTexts } from '../texts.js';

export type QueueRow = typeof eventQueue.$inferSelect;

const bumpVersion = (tx: Tx, eventId: number) =>
  tx
    .update(events)
    .set({ version: sql`${events.version} + 1`, updatedAt: new Date() })
    .where(eq(events.id, eventId));

/** Queues an event inside a command: tag ISPO_QUEUE, a pending row, the journal. Answers the row id. */
export async function enqueueEvent(tx: Tx, rec: ChangeRecorder, auth: Pick<Auth, 'user'>, eventId: number) {
  const tagId = await tagIdByCode(tx, TAG_ISPO_QUEUE);
  await tx.insert(eventToTags).values({ eventId, tagId }).onConflictDoNothing();
  const [row] = await tx
    .insert(eventQueue)
    .values({ eventId, state: 'pending', createdBy: auth.user.id })
    .returning({ id: eventQueue.id });
  await bumpVersion(tx, eventId);
  rec.changed('events', eventId);
  rec.journal({ eventId, table: 'event_queue', type: 'event.queue', data: { queueId: row.id, tag: TAG_ISPO_QUEUE } });
  return row.id;
}

class AlreadyQueued extends Error {}

/** POST /v2/events/{id}/queue */
export async function sendToQueue(deps: Deps, auth: Auth, eventId: number): Promise<Event> {
  try {
    await runCommand(deps, actorOf(auth), { type: 'event.queue', eventId }, async (tx, rec) => {
      const { row } = await visibleEvent(tx, auth, eventId, { lock: true });
      const category = await loadCategory(tx, row.eventCategoryId);
      const actions = (category?.actions ?? {}) as Record<string, unknown>;
      if (!mayUpdate(auth, row) || !actions.queue) {
        throw new HttpError(403, eventTexts.queueForbidden);
      }
      const codes = (await tagsOf(tx, eventId)).map((t) => t.code);
      if (!canSendToQueue(codes)) throw new AlreadyQueued();
      await enqueueEvent(tx, rec, auth, eventId);
    });
  } catch (err) {
    if (err instanceof AlreadyQueued) {
      const message = eventTexts.alreadyQueued;
      throw new HttpError(409, message, { message, current: await presentOne(deps.db, auth, eventId) });
    }
    throw err;
  }
  return presentOne(deps.db, auth, eventId);
}

class Taken extends Error {}

/** POST /v2/queue/{id}/take: the item becomes taken; the event's ISPO_QUEUE becomes ISPO. */
export async function takeQueueItem(deps: Deps, auth: Auth, id: number): Promise<QueueRow> {
  try {
    return await runCommand(deps, actorOf(auth), { type: 'event.queueTaken' }, async (tx, rec) => {
      const [item] = await tx.select().from(eventQueue).where(eq(eventQueue.id, id)).for('update');
      if (!item) throw notFound();
      // the taker must see the event too (admin and the central base see every event)
      await visibleEvent(tx, auth, item.eventId, { lock: true });
      if (item.state !== 'pending') throw new Taken();
      const [taken] = await tx
        .update(eventQueue)
        .set({ state: 'taken', takenAt: new Date(), takenBy: auth.user.id })
        .where(eq(eventQueue.id, id))
        .returning();
      const queued = await tagIdByCode(tx, TAG_ISPO_QUEUE);
      const ispo = await tagIdByCode(tx, TAG_ISPO);
      await tx.delete(eventToTags).where(and(eq(eventToTags.eventId, item.eventId), eq(eventToTags.tagId, queued)));
      await tx.insert(eventToTags).values({ eventId: item.eventId, tagId: ispo }).onConflictDoNothing();
      await bumpVersion(tx, item.eventId);
      rec.changed('events', item.eventId);
      rec.journal({
        eventId: item.eventId,
        table: 'event_queue',
        data: { queueId: id, tags: { old: TAG_ISPO_QUEUE, new: TAG_ISPO } },
      });
      return taken;
    });
  } catch (err) {
    if (err instanceof Taken) {
      const [current] = await deps.db.select().from(eventQueue).where(eq(eventQueue.id, id));
      const message = eventTexts.queueItemTaken;
      throw new HttpError(409, message, { message, current: current ? presentItem(current, null) : null });
    }
    throw err;
  }
}

export type { QueueItem };

export function presentItem(r: QueueRow, event: Event | null): QueueItem {
  return {
    id: r.id,
    eventId: r.eventId,
    state: r.state,
    createdAt: wireTime(r.createdAt),
    createdBy: r.createdBy,
    takenAt: wireTime(r.takenAt),
    takenBy: r.takenBy,
    event,
  };
}
