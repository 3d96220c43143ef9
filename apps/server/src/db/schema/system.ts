/** Settings, sound assets, the event journal, the sync change log and revision, the outbox and media. */
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';

const tz = { withTimezone: true } as const;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Key/value settings; `sync.epoch` identifies this database in sync uids. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** Sound library (GET /v2/assets/sounds); `data` null means the file is shipped with the web app. */
export const soundAssets = pgTable('sound_assets', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  file: text('file').notNull(),
  mime: text('mime').notNull().default('audio/mpeg'),
  data: bytea('data'),
});

/** The event journal (history table of the journal dialog). */
export const journal = pgTable(
  'journal',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: integer('event_id'),
    date: timestamp('date', tz).notNull().defaultNow(),
    userId: integer('user_id'),
    deviceId: integer('device_id'),
    type: text('type').notNull(),
    tableName: text('table_name').notNull(),
    data: jsonb('data'),
  },
  (t) => [index('journal_event_idx').on(t.eventId, t.id)],
);

/** One row per changed row per revision; deltas read it. op: 'upsert' | 'delete' | 'move' (position only). */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
    tableName: text('table_name').notNull(),
    rowId: integer('row_id').notNull(),
    op: text('op').notNull(),
  },
  (t) => [index('change_log_revision_idx').on(t.revision)],
);

/**
 * The revision counter, one row (id 1). A row rather than a sequence: `UPDATE … RETURNING` holds the row
 * lock until commit, so revisions become visible in commit order and a delta never skips a slower writer.
 * `min_revision`: the oldest revision the change log still covers (older uids get a full bundle).
 */
export const syncRevision = pgTable('sync_revision', {
  id: integer('id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  minRevision: bigint('min_revision', { mode: 'number' }).notNull().default(0),
});

/** Messages to external systems (sms, isv), sent by a worker after commit. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    sentAt: timestamp('sent_at', tz),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.id)],
);

/** Uploaded attachments (photos, audio, pdf) stored in the database; one row per (event, file name). */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    userId: integer('user_id'),
    deviceId: integer('device_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_event_file_idx').on(t.eventId, t.fileName)],
);

/** JPEG thumbnails of image media, one per size (small, normal, large), made once with sharp on first request. */
export const mediaThumbs = pgTable(
  'media_thumbs',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.size] })],
);
