/**
 * Every message write (docs/API.md "Messages and media (issue 4)", 000 §4, §5, §7), one place: each runs through
 * `runCommand` (one transaction with the change log, the event journal when it concerns an event, and the push).
 *
 * Send, confirm, tag (`sendMessage`, `writeMessage`, `confirmMessage`, `setMessageTag`) record
 * `changed('messages', id)`, so every panel's next delta carries the message and its event's unread counts.
 * They authorize themselves (the category to judge is the body's or the loaded message's); the routes do not.
 *
 * Read marks (`markMessageRead`, `markEventRead`, `markConversationRead`, `markAllRead`, 000 §7) mark the unread
 * messages of one message, an event conversation, a conversation or everything the user may see — messages of
 * active events visible to the user (sync/visibility.ts) — for this user only. Own messages never count as
 * unread (modules/sync/loaders.ts), so they are left alone. Their routes authorize (view Message).
 *
 * Read state is per user, so the change log records only `messages` rows: the next delta of every user
 * re-sends those messages and their events (unread counts) with that user's own read state, which is
 * unchanged for everybody but the marking user. Events themselves are not recorded as changed: that would
 * make runCommand publish to the channels of every affected base, the central base and every group, i.e.
 * wake up nearly every panel for a change that concerns one person (see `ownBaseHub`).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, notExists, notInArray, sql, type SQL } from 'drizzle-orm';
import { INACTIVE_STATES } from '@panel/domain/constants';
import { toWireTime } from '@panel/domain/locale';
import {
  confirmRefusal,
  confirmRefusalText,
  isContentMissing,
  isKnownMessageType,
  isTagOffered,
  messageRuleTexts,
  tagTransition,
  type SendMessageBody,
} from '@panel/domain/messages';
import type { Message } from '@panel/domain/sync';
import type { AuthContext, PushHub } from '../../context.js';
import type { Database, Queryable, Tx } from '../../db/client.js';
import {
  bases,
  conversations,
  events,
  messageReads,
  messageTags,
  messageToTags,
  messages,
} from '../../db/schema/index.js';
import { forbidden, notFound, unprocessable } from '../../errors.js';
import type { FieldError } from '../../texts.js';
import { runCommand } from '../../sync/commands.js';
import { eventVisibleSql, isEventVisible, type Viewer } from '../../sync/visibility.js';
import { actorOf, viewerOf, visibleEvent } from '../events/access.js';
import { assertOwnRetry } from '../events/retry.js';
import { presentMessage, visibleMessage, type Auth } from './queries.js';
import { insertMessage, loadSendFacts } from './sendStatements.js';
import { queueReadReceipts } from '../receipts/record.js';
import { advanceReadWatermarks } from './watermarks.js';
import { pushMessage } from '../webPush/notify.js';
import { authorize } from '../../http/authorize.js';

type Deps = { db: Database; hub: PushHub };

/** Who marks: the read marks need only the user and the device (the bundle tests call them without a session). */
type ReaderAuth = Pick<AuthContext, 'user' | 'permissions' | 'deviceId'>;

/** Rows per INSERT (two parameters each, far below the protocol's limit). */
const INSERT_CHUNK = 1000;

/**
 * A view of the hub for a per-user command: whatever bases runCommand asks about, the invalidation goes only
 * to the user's own base channel (`base.{uid}`, docs/ARCHITECTURE.md "Realtime"). That reaches the user's other
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
export async function markAllRead(deps: Deps, auth: ReaderAuth): Promise<number> {
  return markRead(deps, auth, 'message.readAll', [notInArray(events.eventStateId, [...INACTIVE_STATES])]);
}

/**
 * Read marks for this user on the unread messages (not own, of visible events) that match `where`; answers how
 * many were newly marked. Shared by every read call: all, one message, an event conversation, a conversation.
 */
async function markRead(deps: Deps, auth: ReaderAuth, type: string, where: (SQL | undefined)[]): Promise<number> {
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

  const marked: number[] = [];
  const newlyMarked = await runCommand(
    { db: deps.db, hub },
    { userId, deviceId: auth.deviceId },
    { type },
    async (tx, rec) => {
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
        for (const r of inserted) {
          rec.changed('messages', r.messageId);
          marked.push(r.messageId);
        }
        count += inserted.length;
      }
      // the conversations just read move their watermark forward (the bundle's unread part starts there)
      await advanceReadWatermarks(tx, userId, [...new Set(unread.map((m) => m.eventId))]);
      return count;
    },
  );
  // read on this device: the messages' per-device read times (issue 25), written by the receipts' flush
  if (auth.deviceId != null) queueReadReceipts(deps, auth.deviceId, marked, new Date());
  return newlyMarked;
}

/** POST /v2/messages/{id}/read: the one message (404 unless visible). */
export async function markMessageRead(deps: Deps, auth: ReaderAuth, id: number): Promise<number> {
  await visibleMessage(deps.db, auth, id);
  return markRead(deps, auth, 'message.read', [eq(messages.id, id)]);
}

/** POST /v2/messages/event/{id}/read: the event's conversation of this category (every category without one). */
export async function markEventRead(
  deps: Deps,
  auth: ReaderAuth,
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
export async function markConversationRead(deps: Deps, auth: ReaderAuth, conversationId: number): Promise<number> {
  const [conv] = await deps.db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!conv) throw notFound();
  await visibleEvent(deps.db, auth, conv.eventId);
  return markRead(deps, auth, 'message.readConversation', [eq(messages.conversationId, conversationId)]);
}

/** Keys of `data` only the server writes. */
const SERVER_DATA_KEYS = ['confirmedAt', 'confirmedBy', 'confirmedByUserId'];

export const senderNameOf = (auth: Pick<Auth, 'user'>): string =>
  `${auth.user.firstName ?? ''} ${auth.user.lastName ?? ''}`.trim() || auth.user.username;

/** The saved message of a retried send: this caller's own on a visible event, null when new, else 409. */
async function retriedMessage(q: Queryable, auth: Auth, uuid: string): Promise<number | null> {
  const [row] = await q
    .select({ id: messages.id, userId: messages.userId, eventId: messages.eventId })
    .from(messages)
    .where(eq(messages.uuid, uuid));
  if (!row) return null;
  await assertOwnRetry(q, auth, { createdBy: row.userId, eventId: row.eventId });
  return row.id;
}

/**
 * POST /v2/messages: 403 without manage Message{categoryId}; a known `uuid` answers the saved message (200,
 * nothing written); no `uuid` gets a new one; 404 when the event is unknown or not visible; 422 for an unknown
 * type or category, empty content without media, or media files not uploaded to this event.
 */
export async function sendMessage(
  deps: Deps,
  auth: Auth,
  body: SendMessageBody,
): Promise<{ message: Message; created: boolean }> {
  authorize(auth, 'manage', `Message${body.messageCategoryId}`);
  const content = body.content?.trim() ? body.content.trim() : null;
  const files = body.media?.length ? [...new Set(body.media)] : null;
  // one round trip for every check below (issue 24 item 10)
  const facts = await loadSendFacts(deps.db, {
    uuid: body.uuid ?? null,
    eventId: body.eventId,
    eventUuid: body.eventUuid,
    categoryId: body.messageCategoryId,
    files: files ?? [],
  });
  if (facts.retried) {
    const { id, userId, eventId } = facts.retried;
    await assertOwnRetry(deps.db, auth, { createdBy: userId, eventId });
    return { message: await presentMessage(deps.db, auth, id), created: false };
  }
  const uuid = body.uuid ?? randomUUID();
  const event = facts.event;
  if (!event || !isEventVisible(viewerOf(auth), { baseId: event.baseId, eventToBase: event.units })) throw notFound();
  const eventId = event.id;

  const errors: FieldError[] = [];
  if (!isKnownMessageType(body.type)) errors.push({ field: 'type', message: messageRuleTexts.unknownType });
  if (!facts.categoryKnown) errors.push({ field: 'messageCategoryId', message: 'Neznámá kategorie zprávy.' });
  if (isContentMissing(content, files)) errors.push({ field: 'content', message: messageRuleTexts.contentRequired });
  if (files) {
    const stored = new Set(facts.storedMedia);
    const missing = files.find((f) => !stored.has(f));
    if (missing) errors.push({ field: 'media', message: messageRuleTexts.unknownMedia(missing) });
  }
  if (errors.length) throw unprocessable(errors);

  const result = await writeMessage(
    deps,
    { userId: auth.user.id, deviceId: auth.deviceId, deviceCode: auth.deviceCode, senderName: senderNameOf(auth) },
    eventId,
    { ...body, uuid, content, media: files },
    {
      // the lock orders concurrent senders of one event, so sequences stay unique
      lockEvent: (tx) => visibleEvent(tx, auth, eventId, { lock: true }),
      retried: (tx) => retriedMessage(tx, auth, uuid),
    },
  );
  return { message: await presentMessage(deps.db, auth, result.id), created: result.created };
}

/** Who a message is from: a session's user and device, or a field device with no session (demo simulator). */
export interface MessageSender {
  userId: number | null;
  deviceId: number | null;
  deviceCode: string | null;
  senderName: string;
}

/**
 * The write of a checked message (content trimmed, media known): one command that puts it into the event's
 * conversation of its category with the next sequence. `lockEvent` locks the event row (and refuses an event the
 * sender may not see); `retried` finds the row of a uuid that committed meanwhile. Used by `sendMessage` (the
 * route) and by the demo simulator's field answers (demo/simulator/chat.ts).
 */
export async function writeMessage(
  deps: Deps,
  sender: MessageSender,
  eventId: number,
  body: Pick<SendMessageBody, 'messageCategoryId' | 'type' | 'data' | 'latitude' | 'longitude' | 'accuracy'> & {
    uuid: string;
    content: string | null;
    media: string[] | null;
  },
  opts: { lockEvent: (tx: Tx) => Promise<unknown>; retried: (tx: Tx) => Promise<number | null> },
): Promise<{ id: number; created: boolean }> {
  const content = body.content;
  const files = body.media;
  const data = Object.fromEntries(Object.entries(body.data ?? {}).filter(([k]) => !SERVER_DATA_KEYS.includes(k)));
  // a message never changes the event's units: the bases are read once, at the end (sync/commandTail.ts)
  const result = await runCommand(
    deps,
    sender,
    { type: 'message.send', eventId, keepsUnits: true },
    async (tx, rec) => {
      await opts.lockEvent(tx);
      const inserted = await insertMessage(tx, {
        ...body,
        eventId,
        content,
        data,
        media: files,
        userId: sender.userId,
        deviceId: sender.deviceId,
        deviceCode: sender.deviceCode,
        senderName: sender.senderName,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        accuracy: body.accuracy ?? null,
        at: new Date(),
      });
      if (inserted.conversationCreated) rec.changed('events', eventId);
      if (inserted.id == null) {
        // the same uuid committed meanwhile (a retry racing the first try)
        const id = await opts.retried(tx);
        if (id == null) throw new Error(`message ${body.uuid} vanished`);
        return { id, created: false };
      }
      rec.changed('messages', inserted.id);
      rec.journal({
        table: 'messages',
        data: {
          messageId: inserted.id,
          uuid: body.uuid,
          conversationId: inserted.conversationId,
          messageCategoryId: body.messageCategoryId,
          type: body.type,
          content,
          media: files,
        },
      });
      return { id: inserted.id, created: true };
    },
  );
  // closed and background panels of the event's devices hear of it by Web Push (queued, after commit)
  if (result.created) pushMessage(deps, result.id);
  return result;
}

async function confTagId(q: Queryable): Promise<number | null> {
  const [row] = await q.select({ id: messageTags.id }).from(messageTags).where(eq(messageTags.code, 'CONF'));
  return row?.id ?? null;
}

/**
 * POST /v2/messages/{id}/confirm (000 §5): view Message (403 before anything is read), then manage
 * Message{category} of the message; 422 when own, X05 or already confirmed.
 * Stores `data.confirmedAt` (wire time), `data.confirmedBy` (the confirming user's name) and
 * `data.confirmedByUserId`, and applies the CONF tag ("CONF confirms the message", 000 §4).
 */
export async function confirmMessage(deps: Deps, auth: Auth, id: number): Promise<Message> {
  authorize(auth, 'view', 'Message');
  const { row } = await visibleMessage(deps.db, auth, id);
  authorize(auth, 'manage', `Message${row.messageCategoryId}`);
  const refuse = (m: typeof row) => {
    const reason = confirmRefusal(
      { type: m.type, userId: m.userId, data: m.data as Record<string, unknown> },
      auth.user.id,
    );
    if (reason) throw unprocessable({ field: 'id', message: confirmRefusalText(reason) });
  };
  refuse(row);
  await runCommand(deps, actorOf(auth), { type: 'message.confirm', eventId: row.eventId }, async (tx, rec) => {
    const { row: locked } = await visibleMessage(tx, auth, id, { lock: true });
    refuse(locked);
    const now = new Date();
    const data = {
      ...((locked.data as Record<string, unknown> | null) ?? {}),
      confirmedAt: toWireTime(now),
      confirmedBy: senderNameOf(auth),
      confirmedByUserId: auth.user.id,
    };
    await tx.update(messages).set({ data, updatedAt: now }).where(eq(messages.id, id));
    const conf = await confTagId(tx);
    if (conf != null) {
      await tx
        .insert(messageToTags)
        .values({ messageId: id, messageTagId: conf, userId: auth.user.id })
        .onConflictDoNothing();
    }
    rec.changed('messages', id);
    rec.journal({ table: 'messages', data: { messageId: id, confirmedAt: data.confirmedAt } });
  });
  return presentMessage(deps.db, auth, id);
}

/**
 * POST (target 1) and DELETE (target 0) /v2/messages/{id}/tag/{tagId} (000 §4): 403 without manage Message
 * (before anything is read), 404 unknown tag, 422 a tag not
 * offered on this message (forwarding to its own conversation), 403 removing a tag without `options.canRemove`
 * 1. Applying an applied tag or removing a missing one writes nothing. Answers the message.
 */
export async function setMessageTag(
  deps: Deps,
  auth: Auth,
  id: number,
  tagId: number,
  target: 0 | 1,
): Promise<Message> {
  authorize(auth, 'manage', 'Message');
  const { row } = await visibleMessage(deps.db, auth, id);
  const [tag] = await deps.db.select().from(messageTags).where(eq(messageTags.id, tagId));
  if (!tag) throw notFound();
  if (!isTagOffered(tag, row.messageCategoryId)) {
    throw unprocessable({ field: 'tagId', message: messageRuleTexts.tagNotOffered });
  }
  const applied = async (q: Queryable) =>
    (
      await q
        .select({ id: messageToTags.messageTagId })
        .from(messageToTags)
        .where(and(eq(messageToTags.messageId, id), eq(messageToTags.messageTagId, tagId)))
    ).length > 0;
  const options = (tag.options ?? {}) as { canRemove?: number };
  const transition = tagTransition({ options }, (await applied(deps.db)) ? 1 : 0, target);
  if (transition === 'forbidden') throw forbidden(messageRuleTexts.tagNotRemovable);
  if (transition === 'noop') return presentMessage(deps.db, auth, id);

  const type = target === 1 ? 'message.tag' : 'message.untag';
  await runCommand(deps, actorOf(auth), { type, eventId: row.eventId }, async (tx, rec) => {
    await visibleMessage(tx, auth, id, { lock: true });
    const changed =
      target === 1
        ? await tx
            .insert(messageToTags)
            .values({ messageId: id, messageTagId: tagId, userId: auth.user.id })
            .onConflictDoNothing()
            .returning({ id: messageToTags.messageId })
        : await tx
            .delete(messageToTags)
            .where(and(eq(messageToTags.messageId, id), eq(messageToTags.messageTagId, tagId)))
            .returning({ id: messageToTags.messageId });
    if (changed.length === 0) return;
    await tx.update(messages).set({ updatedAt: new Date() }).where(eq(messages.id, id));
    rec.changed('messages', id);
    rec.journal({ table: 'message_to_tags', data: { messageId: id, tagId, code: tag.code, state: target } });
  });
  return presentMessage(deps.db, auth, id);
}
