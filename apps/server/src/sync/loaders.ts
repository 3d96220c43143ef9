/**
 * Reads of the bundle: each loader takes row ids or event ids, queries in batches and returns wire shapes
 * (through the presenters). bundle.ts decides which ids; this file only knows how to load them.
 */
import { and, asc, eq, inArray, isNull, ne, notLike, sql } from 'drizzle-orm';
import type { AppBundle } from '@panel/domain/sync';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { DEFAULT_SETTINGS } from '../db/migrate.js';
import * as s from '../db/schema/index.js';
import { presentBase } from '../modules/bases/presenter.js';
import * as cat from '../modules/catalogues/presenter.js';
import { presentDevice } from '../modules/devices/presenter.js';
import { presentEvent, presentEventToEvent, type EventExtras, type EventRow } from '../modules/events/presenter.js';
import { presentMessage, tagsFor } from '../modules/messages/presenter.js';
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

/** Event rows with their shared bases. */
export async function loadEventRows(db: Database, where: ReturnType<typeof and>): Promise<LoadedEvent[]> {
  const rows = await db.select().from(s.events).where(where).orderBy(asc(s.events.id));
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(s.eventToBase)
    .where(
      inArray(
        s.eventToBase.eventId,
        rows.map((r) => r.id),
      ),
    );
  const byEvent = new Map<number, number[]>();
  for (const l of links) {
    const list = byEvent.get(l.eventId) ?? [];
    list.push(l.baseId);
    byEvent.set(l.eventId, list);
  }
  return rows.map((row) => ({ row, eventToBase: (byEvent.get(row.id) ?? []).sort((a, b) => a - b) }));
}

const inIds = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The wire events with tags, conversations, the viewer's message counts and job ids. */
export async function presentEvents(db: Database, viewer: Viewer, loaded: LoadedEvent[]) {
  if (loaded.length === 0) return [];
  const ids = loaded.map((l) => l.row.id);
  const [tagRows, convRows, jobRows, counts] = await Promise.all([
    db.select().from(s.eventToTags).where(inArray(s.eventToTags.eventId, ids)).orderBy(asc(s.eventToTags.tagId)),
    db.select().from(s.conversations).where(inArray(s.conversations.eventId, ids)).orderBy(asc(s.conversations.type)),
    db
      .select({ id: s.eventJobs.id, eventId: s.eventJobs.eventId })
      .from(s.eventJobs)
      .where(and(inArray(s.eventJobs.eventId, ids), isNull(s.eventJobs.endedAt)))
      .orderBy(asc(s.eventJobs.id)),
    queryRows<{ event_id: number; category: number; total: number; unread: number }>(
      db,
      sql`select m.event_id, m.message_category_id as category, count(*)::int as total,
            count(*) filter (where m.user_id is distinct from ${viewer.id}
              and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = ${viewer.id}))::int as unread
          from messages m where m.event_id in (${inIds(ids)}) group by m.event_id, m.message_category_id`,
    ),
  ]);
  const extras = new Map<number, EventExtras>();
  for (const l of loaded) {
    extras.set(l.row.id, { eventToBase: l.eventToBase, eventToTags: [], conversations: [], messages: null, jobs: [] });
  }
  for (const t of tagRows) extras.get(t.eventId)!.eventToTags.push(t.tagId);
  for (const c of convRows) extras.get(c.eventId)!.conversations.push({ id: c.id, type: c.type });
  for (const j of jobRows) extras.get(j.eventId)!.jobs.push(j.id);
  for (const c of counts) {
    const x = extras.get(Number(c.event_id))!;
    x.messages ??= { total: 0, unread: {} };
    x.messages.total += Number(c.total);
    x.messages.unread[String(c.category)] = Number(c.unread);
  }
  return loaded.map((l) => presentEvent(l.row, extras.get(l.row.id)));
}

/** Links touching these events (source or target), with a summary of the source event. */
export async function loadEventLinks(db: Database, opts: { eventIds?: number[]; ids?: number[] }) {
  let where;
  if (opts.ids) where = inArray(s.eventToEvent.id, opts.ids.length ? opts.ids : [-1]);
  else {
    const ev = opts.eventIds?.length ? opts.eventIds : [-1];
    where = sql`${inArray(s.eventToEvent.sourceEventId, ev)} or ${inArray(s.eventToEvent.targetEventId, ev)}`;
  }
  const links = await db.select().from(s.eventToEvent).where(where).orderBy(asc(s.eventToEvent.id));
  if (links.length === 0) return [];
  const sources = await db
    .select()
    .from(s.events)
    .where(inArray(s.events.id, idList(links.map((l) => l.sourceEventId))));
  const byId = new Map(sources.map((e) => [e.id, e]));
  return links.map((l) => presentEventToEvent(l, byId.get(l.sourceEventId) ?? null));
}

export type ChildKey = 'eventJobs' | 'eventGeos' | 'eventObjects' | 'eventContacts' | 'messages';

async function eventUuids(db: Database, eventIds: number[]): Promise<Map<number, string>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ id: s.events.id, uuid: s.events.uuid })
    .from(s.events)
    .where(inArray(s.events.id, idList(eventIds)));
  return new Map(rows.map((r) => [r.id, r.uuid]));
}

/**
 * Children of events: by event ids (full bundle, newly visible events) or by row ids (delta). Returns the wire
 * rows; `eventIdOf` maps each row id to its event for the caller's visibility filter.
 */
export async function loadChildren<K extends ChildKey>(
  db: Database,
  viewer: Viewer,
  key: K,
  by: { eventIds: number[] } | { ids: number[] },
): Promise<Bundle[K]> {
  const list = 'eventIds' in by ? by.eventIds : by.ids;
  if (list.length === 0) return [] as Bundle[K];
  switch (key) {
    case 'eventJobs': {
      const where =
        'eventIds' in by
          ? and(inArray(s.eventJobs.eventId, list), isNull(s.eventJobs.endedAt))
          : inArray(s.eventJobs.id, list);
      const rows = await db.select().from(s.eventJobs).where(where).orderBy(asc(s.eventJobs.id));
      const uuids = await eventUuids(
        db,
        rows.map((r) => r.eventId),
      );
      return rows.map((r) => presentEventJob(r, uuids.get(r.eventId) ?? '')) as Bundle[K];
    }
    case 'eventGeos': {
      const col = 'eventIds' in by ? s.eventGeos.eventId : s.eventGeos.id;
      const rows = await db.select().from(s.eventGeos).where(inArray(col, list)).orderBy(asc(s.eventGeos.id));
      const uuids = await eventUuids(
        db,
        rows.map((r) => r.eventId),
      );
      return rows.map((r) => presentEventGeo(r, uuids.get(r.eventId) ?? '')) as Bundle[K];
    }
    case 'eventObjects': {
      const col = 'eventIds' in by ? s.eventObjects.eventId : s.eventObjects.id;
      const rows = await db.select().from(s.eventObjects).where(inArray(col, list)).orderBy(asc(s.eventObjects.id));
      const uuids = await eventUuids(
        db,
        rows.map((r) => r.eventId),
      );
      return rows.map((r) => presentEventObject(r, uuids.get(r.eventId) ?? '')) as Bundle[K];
    }
    case 'eventContacts': {
      const col = 'eventIds' in by ? s.eventContacts.eventId : s.eventContacts.id;
      const rows = await db
        .select({ c: s.eventContacts, typeName: s.contactTypes.name, deviceCode: s.devices.code })
        .from(s.eventContacts)
        .leftJoin(s.contactTypes, eq(s.contactTypes.id, s.eventContacts.contactTypeId))
        .leftJoin(s.devices, eq(s.devices.id, s.eventContacts.deviceId))
        .where(inArray(col, list))
        .orderBy(asc(s.eventContacts.id));
      const uuids = await eventUuids(
        db,
        rows.map((r) => r.c.eventId),
      );
      return rows.map((r) =>
        presentEventContact(r.c, uuids.get(r.c.eventId) ?? '', r.typeName, r.deviceCode),
      ) as Bundle[K];
    }
    case 'messages':
      return (await loadMessages(db, viewer, by)) as Bundle[K];
  }
  throw new Error(`unknown child ${String(key)}`);
}

async function loadMessages(db: Database, viewer: Viewer, by: { eventIds: number[] } | { ids: number[] }) {
  let ids: number[];
  if ('eventIds' in by) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from (select id, row_number() over (partition by event_id order by id desc) as rn
            from messages where event_id in (${inIds(by.eventIds)})) t where rn <= ${BUNDLE_MESSAGES_PER_EVENT}`,
    );
    ids = rows.map((r) => Number(r.id));
  } else ids = by.ids;
  if (ids.length === 0) return [];
  const [rows, reads, applied, allTags] = await Promise.all([
    db.select().from(s.messages).where(inArray(s.messages.id, ids)).orderBy(asc(s.messages.id)),
    db
      .select({ messageId: s.messageReads.messageId })
      .from(s.messageReads)
      .where(and(inArray(s.messageReads.messageId, ids), eq(s.messageReads.userId, viewer.id))),
    db.select().from(s.messageToTags).where(inArray(s.messageToTags.messageId, ids)),
    db.select().from(s.messageTags).orderBy(asc(s.messageTags.sort), asc(s.messageTags.id)),
  ]);
  const read = new Set(reads.map((r) => r.messageId));
  const tagsOf = new Map<number, Set<number>>();
  for (const a of applied) {
    const set = tagsOf.get(a.messageId) ?? new Set<number>();
    set.add(a.messageTagId);
    tagsOf.set(a.messageId, set);
  }
  const uuids = await eventUuids(
    db,
    rows.map((r) => r.eventId),
  );
  return rows.map((r) =>
    presentMessage(
      r,
      uuids.get(r.eventId) ?? '',
      read.has(r.id) || r.userId === viewer.id,
      tagsFor(r, allTags, tagsOf.get(r.id) ?? new Set()),
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
