/**
 * Message read marks. `markMessageRead`, `markEventRead`, `markConversationRead` (000 §7) mark the unread
 * messages of one message, an event conversation or a conversation for this user. `markAllRead`
 * (POST /v2/messages/user/read, 000 §7 "mark all read"): every message the user may see — messages of active
 * events visible to the user (sync/visibility.ts) — gets a read mark for this user. Own messages never count
 * as unread (sync/loaders.ts), so they are left alone.
 *
 * Read state is per user, so the change log records only `messages` rows: the next delta of every user
 * re-sends those messages and their events (unread counts) with that user's own read state, which is
 * unchanged for everybody but the marking user. Events themselves are not recorded as changed: that would
 * make runCommand publish to the channels of every affected base, the central base and every group, i.e.
 * wake up nearly every panel for a change that concerns one person (see `ownBaseHub`).
 */
import { and, eq, notExists, notInArray, sql, type SQL } from 'drizzle-orm';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { AuthContext, PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';
import { bases, conversations, events, messageReads, messages } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { runCommand } from '../../sync/commands.js';
import { eventVisibleSql, type Viewer } from '../../sync/visibility.js';
import { visibleEvent } from '../events/access.js';
import { visibleMessage } from './queries.js';
import { advanceReadWatermarks } from './watermarks.js';

type Deps = { db: Database; hub: PushHub };
type Auth = Pick<AuthContext, 'user' | 'permissions' | 'deviceId'>;

/** Rows per INSERT (two parameters each, far below the protocol's limit). */
const INSERT_CHUNK = 1000;

/**
 * A view of the hub for a per-user command: whatever bases runCommand asks about, the invalidation goes only
 * to the user's own base channel (`base.{uid}`, docs/ARCHITECTURE.md, Push). That reaches the user's other
 * panels (another device, another tab) quickly; other members of the base pull a delta that holds nothing new
 * for them — a small price compared to the central base and every group channel that `channelsForBases`
 * always adds. A user without a base gets no push at all (the hub still learns the revision, so other server
 * nodes do too); the panel that called gets the answer and pulls by itself.
 */
async function ownBaseHub(deps: Deps, baseId: number | null): Promise<PushHub> {
  const [own] = baseId == null ? [] : await deps.db.select({ uid: bases.uid }).from(bases).where(eq(bases.id, baseId));
  const channels = own ? [`base.${own.uid}`] : [];
  return {
    invalidate: (list, payload) => deps.hub.invalidate(list, payload),
    channelsForBases: async () => channels,
    close: async () => {},
  };
}

/** Marks every unread message the user may see as read; answers how many were newly marked. */
export async function markAllRead(deps: Deps, auth: Auth): Promise<number> {
  return markRead(deps, auth, 'message.readAll', [notInArray(events.eventStateId, [...INACTIVE_STATES])]);
}

/**
 * Read marks for this user on the unread messages (not own, of visible events) that match `where`; answers how
 * many were newly marked. Shared by every read call: all, one message, an event conversation, a conversation.
 */
async function markRead(deps: Deps, auth: Auth, type: string, where: (SQL | undefined)[]): Promise<number> {
  const userId = auth.user.id;
  const viewer: Viewer = { ...auth.user, permissions: auth.permissions };
  const conditions: (SQL | undefined)[] = [
    ...where,
    eventVisibleSql(viewer),
    sql`${messages.userId} is distinct from ${userId}`,
    notExists(
      deps.db
        .select({ one: sql`1` })
        .from(messageReads)
        .where(and(eq(messageReads.messageId, messages.id), eq(messageReads.userId, userId))),
    ),
  ];
  const hub = await ownBaseHub(deps, auth.user.baseId);

  return runCommand({ db: deps.db, hub }, { userId, deviceId: auth.deviceId }, { type }, async (tx, rec) => {
    const unread = await tx
      .select({ id: messages.id, eventId: messages.eventId })
      .from(messages)
      .innerJoin(events, eq(events.id, messages.eventId))
      .where(and(...conditions))
      .orderBy(messages.id);
    let count = 0;
    for (let i = 0; i < unread.length; i += INSERT_CHUNK) {
      const chunk = unread.slice(i, i + INSERT_CHUNK);
      // a concurrent mark of the same message wins silently: only rows inserted here are counted
      const inserted = await tx
        .insert(messageReads)
        .values(chunk.map((m) => ({ messageId: m.id, userId })))
        .onConflictDoNothing()
        .returning({ messageId: messageReads.messageId });
      for (const r of inserted) rec.changed('messages', r.messageId);
      count += inserted.length;
    }
    // the conversations just read move their watermark forward (the bundle's unread part starts there)
    await advanceReadWatermarks(tx, userId, [...new Set(unread.map((m) => m.eventId))]);
    return count;
  });
}

/** POST /v2/messages/{id}/read: the one message (404 unless visible). */
export async function markMessageRead(deps: Deps, auth: Auth, id: number): Promise<number> {
  await visibleMessage(deps.db, auth, id);
  return markRead(deps, auth, 'message.read', [eq(messages.id, id)]);
}

/** POST /v2/messages/event/{id}/read: the event's conversation of this category (every category without one). */
export async function markEventRead(
  deps: Deps,
  auth: Auth,
  eventId: number,
  messageCategoryId: number | undefined,
): Promise<number> {
  await visibleEvent(deps.db, auth, eventId);
  return markRead(deps, auth, 'message.readEvent', [
    eq(messages.eventId, eventId),
    messageCategoryId != null ? eq(messages.messageCategoryId, messageCategoryId) : undefined,
  ]);
}

/** POST /v2/messages/conversation/{id}/read: the conversation's messages (404 unless its event is visible). */
export async function markConversationRead(deps: Deps, auth: Auth, conversationId: number): Promise<number> {
  const [conv] = await deps.db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!conv) throw notFound();
  await visibleEvent(deps.db, auth, conv.eventId);
  return markRead(deps, auth, 'message.readConversation', [eq(messages.conversationId, conversationId)]);
}
