/**
 * Idempotent creates (events, messages, contacts, jobs, notes, drawn objects): a client retries a create with
 * the same `uuid` and gets the saved row back. A uuid is not a secret (it travels in pushes, links and URLs),
 * so the saved row is answered only to the caller who created it and only while they still see its event;
 * anybody else gets 409 `{message}` without the row. Otherwise a unit could read another base's event (or its
 * children) by replaying its uuid.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { eventToBase, events } from '../../db/schema/index.js';
import { HttpError } from '../../errors.js';
import { isEventVisible } from '../../sync/visibility.js';
import { viewerOf, type Auth } from './access.js';
import { eventTexts } from './texts.js';

/** 409 `{message}`: the uuid belongs to a row this call may not have (no `current`, nothing of the row). */
export const uuidTaken = (): HttpError => new HttpError(409, eventTexts.uuidTaken, { message: eventTexts.uuidTaken });

/**
 * Passes when the saved row is this caller's own create on an event they still see; else throws 409. Answers
 * the event's uuid, which the presenters of children need.
 */
export async function assertOwnRetry(
  q: Queryable,
  auth: Pick<Auth, 'user' | 'permissions'>,
  saved: { createdBy: number | null; eventId: number },
): Promise<{ eventUuid: string }> {
  if (saved.createdBy == null || saved.createdBy !== auth.user.id) throw uuidTaken();
  const [event] = await q
    .select({ uuid: events.uuid, baseId: events.baseId })
    .from(events)
    .where(eq(events.id, saved.eventId));
  if (!event) throw uuidTaken();
  const units = (
    await q.select({ baseId: eventToBase.baseId }).from(eventToBase).where(eq(eventToBase.eventId, saved.eventId))
  ).map((u) => u.baseId);
  if (!isEventVisible(viewerOf(auth), { baseId: event.baseId, eventToBase: units })) throw uuidTaken();
  return { eventUuid: event.uuid };
}
