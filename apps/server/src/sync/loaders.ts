/**
 * Reads of the bundle: each loader takes row ids or event ids, queries in batches and returns wire shapes
 * (through the presenters). bundle.ts decides which ids; this file only knows how to load them.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, ne, notLike, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppBundle } from '@panel/domain/sync';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { DEFAULT_SETTINGS } from '../db/migrate.js';
import * as s from '../db/schema/index.js';
import { presentBase } from '../modules/bases/presenter.js';
import * as cat from '../modules/catalogues/presenter.js';
import { presentDevice } from '../modules/devices/presenter.js';
import { presentEvent, presentEventToEvent, type EventExtras, type EventRow } from '../modules/events/presenter.js';
import { presentMessage, tagsFor, type MessageRow } from '../modules/messages/presenter.js';
import { presentEventContact } from '../modules/contacts/presenter.js';
import { presentResource } from '../modules/resources/presenter.js';
import { presentEventJob } from '../modules/jobs/presenter.js';
import { presentEventGeo, presentEventObject } from '../modules/map/presenter.js';
import type { Viewer } from './visibility.js';

/** Messages per event in a full bundle; older ones come through GET /v2/messages/event/{id}. */
export const BUNDLE_MESSAGES_PER_EVENT = 100;

export type CatalogueKey =
  | 'bases'
  | 'priorities'
  | 'tags'
  | 'eventRoles'
  | 'services'
  | 'eventTypes'
  | 'messageTemplates'
  | 'resourceTypes'
  | 'contactTypes'
  | 'eventCategories'
  | 'eventTerrains';

type Bundle = AppBundle;

const idList = (ids: Iterable<number>) => [...new Set(ids)];

/**
 * Which events a loader works on: a list of ids (delta, newly visible events) or every event matching a
 * condition on `events` (full bundle). The condition goes into each query as a subquery, so a full bundle sends
 * no id lists (thousands of bound parameters cost more to build, send and plan than the subquery).
 */
export type EventScope = { eventIds: number[] } | { eventsWhere: SQL | undefined };

/** `col in (…the scope's event ids…)` */
function inScope(col: AnyPgColumn, scope: EventScope): SQL {
  if ('eventIds' in scope) return inArray(col, scope.eventIds.length ? scope.eventIds : [-1]);
  return sql`${col} in (${scopeIds(scope)})`;
}

/** The scope as a list for `in (…)` inside raw SQL: bound ids or the subquery. */
function scopeIds(scope: EventScope): SQL {
  if ('eventIds' in scope) {
    const ids = scope.eventIds.length ? scope.eventIds : [-1];
    return sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  }
  const where = scope.eventsWhere ? sql` where ${scope.eventsWhere}` : sql``;
  return sql`select ${s.events.id} from ${s.events}${where}`;
}

/** Whole catalogue tables, ordered. */
export async function loadCatalogue<K extends CatalogueKey>(db: Database, key: K): Promise<Bundle[K]> {
  switch (key) {
    case 'bases':
      return (await db.select().from(s.bases).orderBy(asc(s.bases.id))).map(presentBase) as Bundle[K];
    case 'priorities':
      return (await db.select().from(s.priorities).orderBy(asc(s.priorities.sort), asc(s.priorities.id))).map(
        cat.presentPriority,
      ) as Bundle[K];
    case 'tags':
      return (await db.select().from(s.tags).orderBy(asc(s.tags.sort), asc(s.tags.id))).map(
        cat.presentTag,
      ) as Bundle[K];
    case 'eventRoles':
      return (await db.select().from(s.eventRoles).orderBy(asc(s.eventRoles.id))).map(
        cat.presentEventRole,
      ) as Bundle[K];
    case 'services':
      return (await db.select().from(s.services).orderBy(asc(s.services.sort), asc(s.services.id))).map(
        cat.presentService,
      ) as Bundle[K];
    case 'eventTypes':
      return (await db.select().from(s.eventTypes).orderBy(asc(s.eventTypes.sort), asc(s.eventTypes.id))).map(
        cat.presentEventType,
      ) as Bundle[K];
    case 'messageTemplates':
      return (
        await db.select().from(s.messageTemplates).orderBy(asc(s.messageTemplates.sort), asc(s.messageTemplates.id))
      ).map(cat.presentMessageTemplate) as Bundle[K];
    case 'resourceTypes':
      return (await db.select().from(s.resourceTypes).orderBy(asc(s.resourceTypes.sort), asc(s.resourceTypes.id))).map(
        cat.presentResourceType,
      ) as Bundle[K];
    case 'contactTypes':
      return (await db.select().from(s.contactTypes).orderBy(asc(s.contactTypes.id))).map(
        cat.presentContactType,
      ) as Bundle[K];
    case 'eventCategories':
      return (
        await db
          .select()
          .from(s.eventCategories)
          .where(eq(s.eventCategories.active, 1))
          .orderBy(asc(s.eventCategories.sort), asc(s.eventCategories.id))
      ).map(cat.presentEventCategory) as Bundle[K];
    case 'eventTerrains':
      return (await db.select().from(s.eventTerrains).orderBy(asc(s.eventTerrains.sort), asc(s.eventTerrains.id))).map(
        cat.presentEventTerrain,
      ) as Bundle[K];
  }
  throw new Error(`unknown catalogue ${String(key)}`);
}

/** Panel settings: defaults overlaid by every settings row without a `sync.`/`private.` prefix. */
export async function loadSettings(db: Database): Promise<Record<string, unknown>> {
  const rows = await db
    .select()
    .from(s.settings)
    .where(and(notLike(s.settings.key, 'sync.%'), notLike(s.settings.key, 'private.%')));
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const r of rows) out[r.key] = r.value;
  return out;
}

export async function loadDevices(db: Database, opts: { ids?: number[]; baseId?: number | null }) {
  const conds = [];
  if (opts.ids) conds.push(inArray(s.devices.id, opts.ids.length ? opts.ids : [-1]));
  if (opts.baseId !== undefined) conds.push(opts.baseId == null ? sql`false` : eq(s.devices.baseId, opts.baseId));
  const rows = await db
    .select({ device: s.devices, resourceName: s.resources.name })
    .from(s.devices)
    .leftJoin(s.resources, eq(s.resources.id, s.devices.resourceId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(s.devices.code));
  return rows.map((r) => presentDevice(r.device, r.resourceName));
}

/** Active jobs (not ended, not back at base) by resource id. */
async function activeJobsByResource(db: Database, resourceIds?: number[]) {
  const conds = [isNull(s.eventJobs.endedAt), ne(s.eventJobs.eventJobStatusId, 20)];
  if (resourceIds) conds.push(inArray(s.eventJobs.resourceId, resourceIds.length ? resourceIds : [-1]));
  const jobs = await db
    .select({ id: s.eventJobs.id, eventId: s.eventJobs.eventId, resourceId: s.eventJobs.resourceId })
    .from(s.eventJobs)
    .where(and(...conds))
    .orderBy(asc(s.eventJobs.id));
  const map = new Map<number, { id: number; eventId: number }>();
  for (const j of jobs) if (j.resourceId != null) map.set(j.resourceId, { id: j.id, eventId: j.eventId });
  return map;
}

export async function loadResources(db: Database, ids?: number[]) {
  const rows = await db
    .select({ resource: s.resources, baseCode: s.bases.code })
    .from(s.resources)
    .leftJoin(s.bases, eq(s.bases.id, s.resources.baseId))
    .where(ids ? inArray(s.resources.id, ids.length ? ids : [-1]) : eq(s.resources.active, 1))
    .orderBy(asc(s.resources.id));
  const jobs = await activeJobsByResource(db, ids);
  return rows.map((r) => presentResource(r.resource, r.baseCode, jobs.get(r.resource.id) ?? null));
}

export interface LoadedEvent {
  row: EventRow;
  eventToBase: number[];
}

/** A table's columns: property, column name, and whether the value is a timestamp (JSON text → Date). */
const columnsOf = (table: PgTable) =>
  Object.entries(getTableColumns(table)).map(
    ([prop, col]) => [prop, col.name, col.columnType === 'PgTimestamp'] as const,
  );
const EVENT_COLUMNS = columnsOf(s.events);
const MESSAGE_COLUMNS = columnsOf(s.messages);

/** A `row_to_json(table)` object → the row Drizzle would have returned. */
function rowOf<T>(columns: ReturnType<typeof columnsOf>, j: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [prop, name, isTime] of columns) {
    const v = j[name] ?? null;
    row[prop] = isTime && v !== null ? new Date(v as string) : v;
  }
  return row as T;
}

/**
 * Tuples as one JSON text: `query` selects `json_agg(json_build_array(…) order by …) as j`. Decoding a result
 * costs per field (PGlite above all), so thousands of small rows are cheaper as one value parsed by JSON.parse.
 */
async function jsonTuples<T extends unknown[]>(db: Database, query: SQL): Promise<T[]> {
  const [row] = await queryRows<{ j: string | null }>(db, sql`select coalesce((${query})::text, '[]') as j`);
  return JSON.parse(row?.j ?? '[]') as T[];
}

/**
 * Event rows with their shared bases. Each row comes as one JSON text (`row_to_json`), not as 50 columns:
 * decoding a result costs per field, and for a thousand events the per-field decoding of the drivers (PGlite
 * above all) was most of the full bundle. With `scope` (full bundle: the same condition as `where`) the shared
 * bases are read through the condition instead of an id list.
 */
export async function loadEventRows(db: Database, where: SQL | undefined, scope?: EventScope): Promise<LoadedEvent[]> {
  const found = await queryRows<{ j: string }>(
    db,
    sql`select row_to_json(${s.events})::text as j from ${s.events}${where ? sql` where ${where}` : sql``} order by ${s.events.id}`,
  );
  if (found.length === 0) return [];
  const rows = found.map((r) => rowOf<EventRow>(EVENT_COLUMNS, JSON.parse(r.j) as Record<string, unknown>));
  const t = s.eventToBase;
  const links = await jsonTuples<[number, number]>(
    db,
    sql`select json_agg(json_build_array(${t.eventId}, ${t.baseId}) order by ${t.eventId}, ${t.baseId}) from ${t}
        where ${inScope(t.eventId, scope ?? { eventIds: rows.map((r) => r.id) })}`,
  );
  const byEvent = new Map<number, number[]>();
  for (const [eventId, baseId] of links) {
    const list = byEvent.get(eventId);
    if (list) list.push(baseId);
    else byEvent.set(eventId, [baseId]);
  }
  return rows.map((row) => ({ row, eventToBase: byEvent.get(row.id) ?? [] }));
}

/**
 * The wire events with tags, conversations, the viewer's message counts and job ids: one query per table for
 * all of them. `scope` (full bundle) names the same events by condition instead of by id list.
 */
export async function presentEvents(db: Database, viewer: Viewer, loaded: LoadedEvent[], scope?: EventScope) {
  if (loaded.length === 0) return [];
  const sc = scope ?? { eventIds: loaded.map((l) => l.row.id) };
  const tg = s.eventToTags;
  const cv = s.conversations;
  const jb = s.eventJobs;
  const [tagRows, convRows, jobRows, counts] = await Promise.all([
    jsonTuples<[number, number]>(
      db,
      sql`select json_agg(json_build_array(${tg.eventId}, ${tg.tagId}) order by ${tg.tagId}) from ${tg}
          where ${inScope(tg.eventId, sc)}`,
    ),
    jsonTuples<[number, number, number]>(
      db,
      sql`select json_agg(json_build_array(${cv.eventId}, ${cv.id}, ${cv.type}) order by ${cv.type}, ${cv.id}) from ${cv}
          where ${inScope(cv.eventId, sc)}`,
    ),
    jsonTuples<[number, number]>(
      db,
      sql`select json_agg(json_build_array(${jb.eventId}, ${jb.id}) order by ${jb.id}) from ${jb}
          where ${inScope(jb.eventId, sc)} and ${jb.endedAt} is null`,
    ),
    jsonTuples<[number, number, number, number]>(
      db,
      sql`select json_agg(json_build_array(event_id, category, total, unread)) from (
            select m.event_id, m.message_category_id as category, count(*)::int as total,
              count(*) filter (where m.user_id is distinct from ${viewer.id}
                and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = ${viewer.id}))::int as unread
            from ${s.messages} m where m.event_id in (${scopeIds(sc)}) group by m.event_id, m.message_category_id) c`,
    ),
  ]);
  const extras = new Map<number, EventExtras>();
  for (const l of loaded) {
    extras.set(l.row.id, { eventToBase: l.eventToBase, eventToTags: [], conversations: [], messages: null, jobs: [] });
  }
  for (const [eventId, tagId] of tagRows) extras.get(eventId)?.eventToTags.push(tagId);
  for (const [eventId, id, type] of convRows) extras.get(eventId)?.conversations.push({ id, type });
  for (const [eventId, id] of jobRows) extras.get(eventId)?.jobs.push(id);
  for (const [eventId, category, total, unread] of counts) {
    const x = extras.get(eventId);
    if (!x) continue;
    x.messages ??= { total: 0, unread: {} };
    x.messages.total += total;
    x.messages.unread[String(category)] = unread;
  }
  return loaded.map((l) => presentEvent(l.row, extras.get(l.row.id)));
}

/**
 * Links touching these events (source or target), with a summary of the source event. `known` holds events the
 * caller has already loaded (their rows are reused instead of read again).
 */
export async function loadEventLinks(
  db: Database,
  opts: { ids: number[] } | EventScope,
  known?: ReadonlyMap<number, EventRow>,
) {
  const where =
    'ids' in opts
      ? inArray(s.eventToEvent.id, opts.ids.length ? opts.ids : [-1])
      : sql`(${inScope(s.eventToEvent.sourceEventId, opts)} or ${inScope(s.eventToEvent.targetEventId, opts)})`;
  const links = await db.select().from(s.eventToEvent).where(where).orderBy(asc(s.eventToEvent.id));
  if (links.length === 0) return [];
  const byId = new Map<number, EventRow>();
  const missing: number[] = [];
  for (const id of idList(links.map((l) => l.sourceEventId))) {
    const row = known?.get(id);
    if (row) byId.set(id, row);
    else missing.push(id);
  }
  if (missing.length) {
    for (const e of await db.select().from(s.events).where(inArray(s.events.id, missing))) byId.set(e.id, e);
  }
  return links.map((l) => presentEventToEvent(l, byId.get(l.sourceEventId) ?? null));
}

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
 * Returns the wire rows. `known` = events the caller already loaded (full bundle): their uuids are not read
 * again, and a selection by condition keeps only rows of these events (the condition is evaluated again by
 * each query, and an event that changed in between must not bring children without itself).
 */
export async function loadChildren<K extends ChildKey>(
  db: Database,
  viewer: Viewer,
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
  viewer: Viewer,
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
            exists (select 1 from ${s.messageReads} r where r.message_id = ${m.id} and r.user_id = ${viewer.id}) as read
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
      read === true || String(read) === 't' || r.userId === viewer.id,
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
