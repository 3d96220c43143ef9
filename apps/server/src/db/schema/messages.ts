/** Messages of event conversations, their tags, types, categories and templates. */
import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { conversations, events } from './events.js';

const tz = { withTimezone: true } as const;

/** 1 operational, 2 dispatcher (color, unreadClass for the tabs). */
export const messageCategories = pgTable('message_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color'),
  unreadClass: text('unread_class'),
});

/** X03 text, X11 radio, X22 photos, … INST-01 sound dialogs. */
export const messageTypes = pgTable('message_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  options: jsonb('options').notNull().default({}),
});

export const messageTemplates = pgTable('message_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  content: text('content').notNull(),
  messageCategoryId: integer('message_category_id'),
  type: text('type').notNull().default('X03'),
  sort: integer('sort').notNull().default(0),
});

/** FWD_{n}, ISV, CONF, DZIN_INPUT. */
export const messageTags = pgTable('message_tags', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  color: text('color'),
  colorText: text('color_text'),
  tooltipActive: text('tooltip_active'),
  tooltipInactive: text('tooltip_inactive'),
  options: jsonb('options').notNull().default({}),
  sort: integer('sort').notNull().default(0),
});

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    messageCategoryId: integer('message_category_id').notNull().default(1),
    type: text('type').notNull().default('X03'),
    content: text('content'),
    data: jsonb('data').notNull().default({}),
    media: jsonb('media').$type<string[] | null>(),
    userId: integer('user_id'),
    deviceId: integer('device_id'),
    deviceCode: text('device_code'),
    senderName: text('sender_name'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    accuracy: doublePrecision('accuracy'),
    sequence: integer('sequence').notNull().default(0),
    /** delivery receipt summary (issue 25, modules/receipts): null until the first receipt was written */
    receipts: jsonb('receipts').$type<{ expected: number; delivered: number; shown: number; read: number }>(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    insertedAt: timestamp('inserted_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('messages_event_idx').on(t.eventId, t.id),
    index('messages_conversation_idx').on(t.conversationId),
    // the newest of each conversation (event, category) for the full bundle: a short backward index range each
    index('messages_event_category_idx').on(t.eventId, t.messageCategoryId, t.id),
  ],
);

/** Per-user read marks (a message is unread for a user until a row exists). */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    readAt: timestamp('read_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/**
 * Per-user read watermark of a conversation (event and message category): every message of others with an id up
 * to `readThrough` has a read mark of this user (issue 13). It is only ever a lower bound of the read marks
 * (message_reads stays the truth of each message's read flag and of the counts), so the unread part of a full
 * bundle and the unread counts look only at messages after it instead of the whole history. Moved forward by
 * the read calls (modules/messages/watermarks.ts).
 */
export const messageReadWatermarks = pgTable(
  'message_read_watermarks',
  {
    userId: integer('user_id').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    messageCategoryId: integer('message_category_id').notNull(),
    readThrough: integer('read_through').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId, t.messageCategoryId] })],
);

/** A message tag applied to a message (state 1); removal deletes the row. */
export const messageToTags = pgTable(
  'message_to_tags',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    messageTagId: integer('message_tag_id')
      .notNull()
      .references(() => messageTags.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.messageTagId] })],
);
