/**
 * Message reads: the visible message, presenting messages as the bundle does (modules/sync/loaders/children.ts — read
 * flag of this user, tags with their state) and the paged list of an event (newest first).
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Message } from '@panel/domain/sync';
import type { AuthContext } from '../../context.js';
import type { Database, Queryable } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Paging } from '../../http/paging.js';
import { loadChildren } from '../sync/loaders/children.js';
import { visibleEvent, viewerOf, type EventState } from '../events/access.js';
import type { MessageRow } from './presenter.js';

export type Auth = Pick<AuthContext, 'user' | 'permissions' | 'deviceId' | 'deviceCode' | 'ability'>;

/** The message and its event when the user may see the event, else 404. */
export async function visibleMessage(
  q: Queryable,
  auth: Pick<Auth, 'user' | 'permissions'>,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<{ row: MessageRow; event: EventState }> {
  const query = q.select().from(messages).where(eq(messages.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  const event = await visibleEvent(q, auth, row.eventId);
  return { row, event };
}

/** Wire messages (this user's read flag, tags with state) in the order of `ids`. */
export async function presentMessages(
  db: Database,
  auth: Pick<Auth, 'user' | 'permissions'>,
  ids: number[],
): Promise<Message[]> {
  if (ids.length === 0) return [];
  const list = await loadChildren(db, viewerOf(auth), 'messages', { ids });
  const byId = new Map(list.map((m) => [m.id, m]));
  return ids.map((id) => byId.get(id)).filter((m): m is Message => m != null);
}

export async function presentMessage(
  db: Database,
  auth: Pick<Auth, 'user' | 'permissions'>,
  id: number,
): Promise<Message> {
  const [message] = await presentMessages(db, auth, [id]);
  if (!message) throw notFound();
  return message;
}

/** GET /v2/messages/event/{eventId}: a page of the event's messages, newest first, and the total. */
export async function eventMessages(
  db: Database,
  auth: Pick<Auth, 'user' | 'permissions'>,
  eventId: number,
  messageCategoryId: number | undefined,
  paging: Paging,
): Promise<{ items: Message[]; total: number }> {
  await visibleEvent(db, auth, eventId);
  const where: SQL | undefined = and(
    eq(messages.eventId, eventId),
    messageCategoryId != null ? eq(messages.messageCategoryId, messageCategoryId) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(messages).where(where);
  const ids = (
    await db
      .select({ id: messages.id })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.id))
      .limit(paging.limit)
      .offset(paging.offset)
  ).map((r) => r.id);
  return { items: await presentMessages(db, auth, ids), total };
}
