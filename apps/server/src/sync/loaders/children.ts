/** Child rows of events in the bundle: jobs, geos, notes, contacts, messages. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppBundle } from '@panel/domain/sync';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { presentMessage, tagsFor, type MessageRow } from '../../modules/messages/presenter.js';
import { presentEventContact } from '../../modules/contacts/presenter.js';
import { presentEventJob } from '../../modules/jobs/presenter.js';
import { presentEventGeo, presentEventObject } from '../../modules/map/presenter.js';
import type { Viewer } from '../visibility.js';
import { idList, inScope, MESSAGE_COLUMNS, rowOf, type EventScope } from './scope.js';

type Bundle = AppBundle;

/** Messages per event in a full bundle; older ones come through GET /v2/messages/event/{id}. */
export const BUNDLE_MESSAGES_PER_EVENT = 100;

export type ChildKey = 'eventJobs' | 'eventGeos' | 'eventObjects' | 'eventContacts' | 'messages';

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
      return (await loadMessages(db, viewer, by, keep, known)) as Bundle[K];
  }
  throw new Error(`unknown child ${String(key)}`);
}

/**
 * Messages with the viewer's read flag and their tags. By events: the newest BUNDLE_MESSAGES_PER_EVENT of each
 * event, picked by a window over the (event_id, id) index, and read flag and tags joined in the same statements
 * (no id list goes back to the database).
 */
async function loadMessages(
  db: Database,
  viewer: Viewer | null,
  by: ChildSelector,
  keep: <T>(rows: T[], eventIdOf: (r: T) => number) => T[],
  known?: ReadonlyMap<number, { uuid: string }>,
) {
  const m = s.messages;
  const picked =
    'ids' in by
      ? inArray(m.id, by.ids)
      : sql`${m.id} in (select t.id from (select ${m.id} as id, row_number() over (partition by ${m.eventId} order by ${m.id} desc) as rn
            from ${m} where ${inScope(m.eventId, by)}) t where t.rn <= ${BUNDLE_MESSAGES_PER_EVENT})`;
  const [found, applied, allTags] = await Promise.all([
    queryRows<{ j: string; read: boolean | string }>(
      db,
      sql`select row_to_json(${m})::text as j,
            ${viewer ? sql`exists (select 1 from ${s.messageReads} r where r.message_id = ${m.id} and r.user_id = ${viewer.id})` : sql`false`} as read
          from ${m} where ${picked} order by ${m.id}`,
    ).then((rows) =>
      rows.map((r) => ({
        message: rowOf<MessageRow>(MESSAGE_COLUMNS, JSON.parse(r.j) as Record<string, unknown>),
        read: r.read,
      })),
    ),
    db
      .select({ messageId: s.messageToTags.messageId, messageTagId: s.messageToTags.messageTagId })
      .from(s.messageToTags)
      .where(
        'ids' in by
          ? inArray(s.messageToTags.messageId, by.ids)
          : sql`${s.messageToTags.messageId} in (select ${m.id} from ${m} where ${inScope(m.eventId, by)})`,
      ),
    db.select().from(s.messageTags).orderBy(asc(s.messageTags.sort), asc(s.messageTags.id)),
  ]);
  const rows = keep(found, (r) => r.message.eventId);
  if (rows.length === 0) return [];
  const tagsOf = new Map<number, Set<number>>();
  for (const a of applied) {
    const set = tagsOf.get(a.messageId);
    if (set) set.add(a.messageTagId);
    else tagsOf.set(a.messageId, new Set([a.messageTagId]));
  }
  const uuids = await eventUuids(
    db,
    rows.map((r) => r.message.eventId),
    known,
  );
  const none = new Set<number>();
  return rows.map(({ message: r, read }) =>
    presentMessage(
      r,
      uuids.get(r.eventId) ?? '',
      read === true || String(read) === 't' || (viewer !== null && r.userId === viewer.id),
      tagsFor(r, allTags, tagsOf.get(r.id) ?? none),
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
