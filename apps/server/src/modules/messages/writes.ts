/**
 * Message writes (docs/API.md "Messages and media (issue 4)"): send, confirm, apply and remove a tag. Each runs
 * through `runCommand` (one transaction with the change log, the event journal and the push) and records
 * `changed('messages', id)`, so every panel's next delta carries the message and its event's unread counts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Message } from '@panel/domain/sync';
import { toWireTime } from '@panel/domain/locale';
import {
  confirmRefusal,
  confirmRefusalText,
  isContentMissing,
  isKnownMessageType,
  isTagOffered,
  messageRuleTexts,
  tagTransition,
} from '@panel/domain/messages';
import type { PushHub } from '../../context.js';
import type { Database, Queryable, Tx } from '../../db/client.js';
import {
  conversations,
  events,
  media as mediaTable,
  messageCategories,
  messageTags,
  messageToTags,
  messages,
} from '../../db/schema/index.js';
import { forbidden, notFound, unprocessable } from '../../errors.js';
import type { FieldError } from '../../texts.js';
import { runCommand } from '../../sync/commands.js';
import { actorOf, visibleEvent } from '../events/access.js';
import { assertOwnRetry } from '../events/retry.js';
import { presentMessage, visibleMessage, type Auth } from './queries.js';
import type { SendMessageBody } from './schema.js';

type Deps = { db: Database; hub: PushHub };

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

async function eventIdOf(q: Queryable, body: SendMessageBody): Promise<number> {
  if (body.eventId != null) return body.eventId;
  const [row] = await q
    .select({ id: events.id })
    .from(events)
    .where(eq(events.uuid, body.eventUuid ?? ''));
  if (!row) throw notFound();
  return row.id;
}

/** The event's conversation of this category; created when the event has none (the event changes on the wire). */
async function conversationOf(tx: Tx, eventId: number, category: number): Promise<{ id: number; created: boolean }> {
  const [found] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.eventId, eventId), eq(conversations.type, category)))
    .orderBy(conversations.id)
    .limit(1);
  if (found) return { id: found.id, created: false };
  const [made] = await tx
    .insert(conversations)
    .values({ eventId, type: category, name: `event-messages-${category}` })
    .returning({ id: conversations.id });
  return { id: made.id, created: true };
}

/**
 * POST /v2/messages: 403 without manage Message{categoryId}; a known `uuid` answers the saved message (200,
 * nothing written); 404 when the event is unknown or not visible; 422 for an unknown type or category, empty
 * content without media, or media files not uploaded to this event.
 */
export async function sendMessage(
  deps: Deps,
  auth: Auth,
  body: SendMessageBody,
): Promise<{ message: Message; created: boolean }> {
  if (!auth.ability.can('manage', `Message${body.messageCategoryId}`)) throw forbidden();
  const existing = await retriedMessage(deps.db, auth, body.uuid);
  if (existing != null) return { message: await presentMessage(deps.db, auth, existing), created: false };
  const eventId = await eventIdOf(deps.db, body);
  await visibleEvent(deps.db, auth, eventId);

  const content = body.content?.trim() ? body.content.trim() : null;
  const files = body.media?.length ? [...new Set(body.media)] : null;
  const errors: FieldError[] = [];
  if (!isKnownMessageType(body.type)) errors.push({ field: 'type', message: messageRuleTexts.unknownType });
  const [category] = await deps.db
    .select({ id: messageCategories.id })
    .from(messageCategories)
    .where(eq(messageCategories.id, body.messageCategoryId));
  if (!category) errors.push({ field: 'messageCategoryId', message: 'Neznámá kategorie zprávy.' });
  if (isContentMissing(content, files)) errors.push({ field: 'content', message: messageRuleTexts.contentRequired });
  if (files) {
    const stored = new Set(
      (
        await deps.db
          .select({ fileName: mediaTable.fileName })
          .from(mediaTable)
          .where(and(eq(mediaTable.eventId, eventId), inArray(mediaTable.fileName, files)))
      ).map((r) => r.fileName),
    );
    const missing = files.find((f) => !stored.has(f));
    if (missing) errors.push({ field: 'media', message: messageRuleTexts.unknownMedia(missing) });
  }
  if (errors.length) throw unprocessable(errors);

  const result = await writeMessage(
    deps,
    { userId: auth.user.id, deviceId: auth.deviceId, deviceCode: auth.deviceCode, senderName: senderNameOf(auth) },
    eventId,
    { ...body, content, media: files },
    {
      // the lock orders concurrent senders of one event, so sequences stay unique
      lockEvent: (tx) => visibleEvent(tx, auth, eventId, { lock: true }),
      retried: (tx) => retriedMessage(tx, auth, body.uuid),
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
  body: Pick<
    SendMessageBody,
    'uuid' | 'messageCategoryId' | 'type' | 'data' | 'latitude' | 'longitude' | 'accuracy'
  > & { content: string | null; media: string[] | null },
  opts: { lockEvent: (tx: Tx) => Promise<unknown>; retried: (tx: Tx) => Promise<number | null> },
): Promise<{ id: number; created: boolean }> {
  const content = body.content;
  const files = body.media;
  const data = Object.fromEntries(Object.entries(body.data ?? {}).filter(([k]) => !SERVER_DATA_KEYS.includes(k)));
  return runCommand(deps, sender, { type: 'message.send', eventId }, async (tx, rec) => {
    await opts.lockEvent(tx);
    const conversation = await conversationOf(tx, eventId, body.messageCategoryId);
    if (conversation.created) rec.changed('events', eventId);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${messages.sequence}), 0)::int + 1` })
      .from(messages)
      .where(eq(messages.eventId, eventId));
    const now = new Date();
    const [row] = await tx
      .insert(messages)
      .values({
        uuid: body.uuid,
        eventId,
        conversationId: conversation.id,
        messageCategoryId: body.messageCategoryId,
        type: body.type,
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
        sequence: Number(next),
        createdAt: now,
        insertedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: messages.uuid })
      .returning({ id: messages.id });
    if (!row) {
      // the same uuid committed meanwhile (a retry racing the first try)
      const id = await opts.retried(tx);
      if (id == null) throw new Error(`message ${body.uuid} vanished`);
      return { id, created: false };
    }
    rec.changed('messages', row.id);
    rec.journal({
      table: 'messages',
      data: {
        messageId: row.id,
        uuid: body.uuid,
        conversationId: conversation.id,
        messageCategoryId: body.messageCategoryId,
        type: body.type,
        content,
        media: files,
      },
    });
    return { id: row.id, created: true };
  });
}

async function confTagId(q: Queryable): Promise<number | null> {
  const [row] = await q.select({ id: messageTags.id }).from(messageTags).where(eq(messageTags.code, 'CONF'));
  return row?.id ?? null;
}

/**
 * POST /v2/messages/{id}/confirm (000 §5): manage Message{category}; 422 when own, X05 or already confirmed.
 * Stores `data.confirmedAt` (wire time), `data.confirmedBy` (the confirming user's name) and
 * `data.confirmedByUserId`, and applies the CONF tag ("CONF confirms the message", 000 §4).
 */
export async function confirmMessage(deps: Deps, auth: Auth, id: number): Promise<Message> {
  const { row } = await visibleMessage(deps.db, auth, id);
  if (!auth.ability.can('manage', `Message${row.messageCategoryId}`)) throw forbidden();
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
 * POST (target 1) and DELETE (target 0) /v2/messages/{id}/tag/{tagId} (000 §4): 404 unknown tag, 422 a tag not
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
  const { row } = await visibleMessage(deps.db, auth, id);
  const [tag] = await deps.db.select().from(messageTags).where(eq(messageTags.id, tagId));
  if (!tag) throw notFound();
  if (!isTagOffered(tag, row.messageCategoryId))
    throw unprocessable({ field: 'tagId', message: messageRuleTexts.tagNotOffered });
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
