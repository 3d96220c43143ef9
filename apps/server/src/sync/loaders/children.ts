/** Child rows of events in the bundle: jobs, geos, notes, contacts, messages. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppBundle } from '@panel/domain/sync';
import { MESSAGE_CATEGORY } from '@panel/domain/constants';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { appliedTags, presentMessage, type MessageRow } from '../../modules/messages/presenter.js';
import { presentEventContact } from '../../modules/contacts/presenter.js';
import { presentEventJob } from '../../modules/jobs/presenter.js';
import { presentEventGeo, presentEventObject } from '../../modules/map/presenter.js';
import type { Viewer } from '../visibility.js';
import { idList, inScope, MESSAGE_COLUMNS, rowOf, scopeIds, type EventScope } from './scope.js';

type Bundle = AppBundle;

/**
 * Newest messages per conversation (event and message category) in a full bundle and for events a unit newly
 * sees in a delta; older ones come through GET /v2/messages/event/{id}, which the chat pages on scroll. The spec
 * names no paging constant for messages: one page of the panel's paging call (MESSAGES_PER_PAGE, 20) would be
 * the obvious choice, but the bench history of 50 messages per event would then stay almost whole; 10 fill a
 * chat tab and keep the bundle's messages at most 20 per event plus the unread ones.
 */
export const BUNDLE_MESSAGES_PER_CONVERSATION = 10;

export type ChildKey = 'eventJobs' | 'eventGeos' | 'eventObjects' | 'eventContacts' | 'messages';

export interface ChildOptions {
  /**
   * Messages by events (full bundle): keep every message still unread for the viewer besides the newest of each
   * conversation. Not in a delta's shared part, which is read once for all users (viewer null).
   */
  unreadOfViewer?: boolean;
}

/** uuid of each event: from `known` (events the caller loaded), the rest read in one query. */
async function eventUuids(
  db: Database,
  eventIds: number[],
  known?: ReadonlyMap<number, { uuid: string }>,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const missing: number[] = [];
  for (const id of idList(eventIds)) {
    const row = known?.get(id);
    if (row) out.set(id, row.uuid);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const rows = await db
    .select({ id: s.events.id, uuid: s.events.uuid })
    .from(s.events)
    .where(inArray(s.events.id, missing));
  for (const r of rows) out.set(r.id, r.uuid);
  return out;
}

/** Child rows selected by row ids (delta) or by their events (full bundle, newly visible events). */
export type ChildSelector = { ids: number[] } | EventScope;

/**
 * Children of events: by event ids or condition (full bundle, newly visible events) or by row ids (delta).
 * Returns the wire rows. `viewer` null: messages come without anybody's read flag (`read: 0`; the shared delta
 * sets it per user). `known` = events the caller already loaded (full bundle): their uuids are not read
 * again, and a selection by condition keeps only rows of these events (the condition is evaluated again by
 * each query, and an event that changed in between must not bring children without itself).
 */
export async function loadChildren<K extends ChildKey>(
  db: Database,
  viewer: Viewer | null,
  key: K,
  by: ChildSelector,
  known?: ReadonlyMap<number, { uuid: string }>,
  opts: ChildOptions = {},
): Promise<Bundle[K]> {
  if ('ids' in by ? by.ids.length === 0 : 'eventIds' in by && by.eventIds.length === 0) return [] as Bundle[K];
  const keep = <T>(rows: T[], eventIdOf: (r: T) => number): T[] =>
    known && 'eventsWhere' in by ? rows.filter((r) => known.has(eventIdOf(r))) : rows;
  switch (key) {
    case 'eventJobs': {
      const where =
        'ids' in by
          ? inArray(s.eventJobs.id, by.ids)
          : and(inScope(s.eventJobs.eventId, by), isNull(s.eventJobs.endedAt));
      const rows = keep(
        await db.select().from(s.eventJobs).where(where).orderBy(asc(s.eventJobs.id)),
        (r) => r.eventId,
      );
      const uuids = await eventUuids(
        db,
        rows.map((r) => r.eventId),
        known,
      );
      return rows.map((r) => presentEventJob(r, uuids.get(r.eventId) ?? '')) as Bundle[K];
    }
    case 'eventGeos': {
      const where = 'ids' in by ? inArray(s.eventGeos.id, by.ids) : inScope(s.eventGeos.eventId, by);
      const rows = keep(
        await db.select().from(s.eventGeos).where(where).orderBy(asc(s.eventGeos.id)),
        (r) => r.eventId,
      );
      const uuids = await eventUuids(
        db,
        rows.map((r) => r.eventId),
        known,
      );
      return rows.map((r) => presentEventGeo(r, uuids.get(r.eventId) ?? '')) as Bundle[K];
    }
    case 'eventObjects': {
      const where = 'ids' in by ? inArray(s.eventObjects.id, by.ids) : inScope(s.eventObjects.eventId, by);
      const rows = keep(
        await db.select().from(s.eventObjects).where(where).orderBy(asc(s.eventObjects.id)),
        (r) => r.eventId,
      );
      const uuids = await eventUuids(
        db,
        rows.map((r) => r.eventId),
        known,
      );
      return rows.map((r) => presentEventObject(r, uuids.get(r.eventId) ?? '')) as Bundle[K];
    }
    case 'eventContacts': {
      const where = 'ids' in by ? inArray(s.eventContacts.id, by.ids) : inScope(s.eventContacts.eventId, by);
      const rows = keep(
        await db
          .select({ c: s.eventContacts, typeName: s.contactTypes.name, deviceCode: s.devices.code })
          .from(s.eventContacts)
          .leftJoin(s.contactTypes, eq(s.contactTypes.id, s.eventContacts.contactTypeId))
          .leftJoin(s.devices, eq(s.devices.id, s.eventContacts.deviceId))
          .where(where)
          .orderBy(asc(s.eventContacts.id)),
        (r) => r.c.eventId,
      );
      const uuids = await eventUuids(
        db,
        rows.map((r) => r.c.eventId),
        known,
      );
      return rows.map((r) =>
        presentEventContact(r.c, uuids.get(r.c.eventId) ?? '', r.typeName, r.deviceCode),
      ) as Bundle[K];
    }
    case 'messages':
      return (await loadMessages(db, viewer, by, keep, known, opts)) as Bundle[K];
  }
  throw new Error(`unknown child ${String(key)}`);
}

/**
 * Messages with the viewer's read flag and their applied tags (ids; the definitions are the `messageTags`
 * catalogue). By row ids: those messages. By events: what a panel shows, not the archive (issue 13 item 2) —
 * per conversation (event and message category: one chat tab) the newest BUNDLE_MESSAGES_PER_CONVERSATION, and
 * with `opts.unreadOfViewer` (the full bundle) also every message still unread for the viewer; older ones come
 * through the paging call GET /v2/messages/event/{id}. The picking, the read flag and the tags are one statement
 * (no id list goes back to the database).
 */
async function loadMessages(
  db: Database,
  viewer: Viewer | null,
  by: ChildSelector,
  keep: <T>(rows: T[], eventIdOf: (r: T) => number) => T[],
  known?: ReadonlyMap<number, { uuid: string }>,
  opts: ChildOptions = {},
) {
  const m = s.messages;
  const unreadOf = opts.unreadOfViewer && viewer ? viewer.id : null;
  // by events: per event and category (the event's conversations and the spec's two categories) the newest K
  // through messages_event_category_idx, a short backward range each, so the cost follows the active events and
  // not their history; then the viewer's unread ones (not own, not marked read: as loadMessageCounts counts them)
  const picked =
    'ids' in by
      ? sql`select ${m.id} as id from ${m} where ${inArray(m.id, by.ids)}`
      : sql`select l.id from (select ${s.events.id} as id from ${s.events} where ${inScope(s.events.id, by)}) e
          cross join lateral (select cv.type as category from ${s.conversations} cv where cv.event_id = e.id
            union values ${sql.join(
              Object.values(MESSAGE_CATEGORY).map((id) => sql`(${id}::int)`),
              sql`, `,
            )}) c
          cross join lateral (select n.id from ${m} n where n.event_id = e.id and n.message_category_id = c.category
            order by n.id desc limit ${BUNDLE_MESSAGES_PER_CONVERSATION}) l
        ${
          unreadOf === null
            ? sql``
            : sql`union select u.id from ${m} u where u.event_id in (${scopeIds(by)})
                and u.user_id is distinct from ${unreadOf}
                and not exists (select 1 from ${s.messageReads} r where r.message_id = u.id and r.user_id = ${unreadOf})`
        }`;
  const found = await queryRows<{ j: string; read: boolean | string; tags: string | null }>(
    db,
    sql`select row_to_json(${m})::text as j,
          ${viewer ? sql`exists (select 1 from ${s.messageReads} r where r.message_id = ${m.id} and r.user_id = ${viewer.id})` : sql`false`} as read,
          (select json_agg(a.message_tag_id order by a.message_tag_id) from ${s.messageToTags} a
            where a.message_id = ${m.id})::text as tags
        from (${picked}) p join ${m} on ${m.id} = p.id order by ${m.id}`,
  );
  const rows = keep(
    found.map((r) => ({
      message: rowOf<MessageRow>(MESSAGE_COLUMNS, JSON.parse(r.j) as Record<string, unknown>),
      read: r.read,
      tags: r.tags ? (JSON.parse(r.tags) as number[]) : [],
    })),
    (r) => r.message.eventId,
  );
  if (rows.length === 0) return [];
  const uuids = await eventUuids(
    db,
    rows.map((r) => r.message.eventId),
    known,
  );
  return rows.map(({ message: r, read, tags }) =>
    presentMessage(
      r,
      uuids.get(r.eventId) ?? '',
      read === true || String(read) === 't' || (viewer !== null && r.userId === viewer.id),
      appliedTags(tags),
    ),
  );
}

/** Event id of each child row (delta visibility). */
export async function eventIdsOfChildren(db: Database, key: ChildKey, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const table = {
    eventJobs: s.eventJobs,
    eventGeos: s.eventGeos,
    eventObjects: s.eventObjects,
    eventContacts: s.eventContacts,
    messages: s.messages,
  }[key];
  const rows = await db.select({ id: table.id, eventId: table.eventId }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, r.eventId]));
}
