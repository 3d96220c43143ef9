/** Event rows of the bundle and what is presented with them (units, tags, counts, jobs, links). */
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { queryRows } from '../../../db/client.js';
import * as s from '../../../db/schema/index.js';
import { presentEvent, presentEventToEvent, type EventExtras, type EventRow } from '../../events/presenter.js';
import { seesTag, type Viewer } from '../../../sync/visibility.js';
import { EVENT_COLUMNS, idList, inScope, jsonTuples, rowOf, scopeIds, type EventScope } from './scope.js';

export interface LoadedEvent {
  row: EventRow;
  eventToBase: number[];
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

/** What an event is presented with, the same for every viewer: tags (with codes), conversations, open jobs. */
export interface EventParts {
  tags: Map<number, { id: number; code: string }[]>;
  conversations: Map<number, { id: number; type: number }[]>;
  jobs: Map<number, number[]>;
}

/** Message counts of events: per event and message category, the total and how many are unread for one user. */
export type MessageCounts = Map<number, Map<number, { total: number; unread: number }>>;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Tags, conversations and open jobs of the events in `scope`: one query per table. */
export async function loadEventParts(db: Database, scope: EventScope): Promise<EventParts> {
  const tg = s.eventToTags;
  const cv = s.conversations;
  const jb = s.eventJobs;
  const [tagRows, convRows, jobRows] = await Promise.all([
    // with the tag's code: a tag the viewer may not see (C_…) is left out of the event (seesTag)
    jsonTuples<[number, number, string]>(
      db,
      sql`select json_agg(json_build_array(${tg.eventId}, ${tg.tagId}, ${s.tags.code}) order by ${tg.tagId})
          from ${tg} join ${s.tags} on ${s.tags.id} = ${tg.tagId}
          where ${inScope(tg.eventId, scope)}`,
    ),
    jsonTuples<[number, number, number]>(
      db,
      sql`select json_agg(json_build_array(${cv.eventId}, ${cv.id}, ${cv.type}) order by ${cv.type}, ${cv.id}) from ${cv}
          where ${inScope(cv.eventId, scope)}`,
    ),
    jsonTuples<[number, number]>(
      db,
      sql`select json_agg(json_build_array(${jb.eventId}, ${jb.id}) order by ${jb.id}) from ${jb}
          where ${inScope(jb.eventId, scope)} and ${jb.endedAt} is null`,
    ),
  ]);
  const parts: EventParts = { tags: new Map(), conversations: new Map(), jobs: new Map() };
  for (const [eventId, id, code] of tagRows) push(parts.tags, eventId, { id, code });
  for (const [eventId, id, type] of convRows) push(parts.conversations, eventId, { id, type });
  for (const [eventId, id] of jobRows) push(parts.jobs, eventId, id);
  return parts;
}

/** Rows of `[eventId, category, total, unread]` as counts per event and category. */
export function messageCountsOf(rows: Iterable<[number, number, number, number]>): MessageCounts {
  const counts: MessageCounts = new Map();
  for (const [eventId, category, total, unread] of rows) {
    let byCategory = counts.get(eventId);
    if (!byCategory) counts.set(eventId, (byCategory = new Map()));
    byCategory.set(category, { total, unread });
  }
  return counts;
}

/**
 * Message counts of the events in `scope` with the unread ones of `viewerId` (not own, not read by them). Only
 * messages after the user's read watermark of their conversation are looked up in the read marks: every message
 * of others up to it has one (modules/messages/watermarks.ts), so a centre that reads does not check its whole
 * history on each full bundle.
 */
export async function loadMessageCounts(db: Database, viewerId: number, scope: EventScope): Promise<MessageCounts> {
  const rows = await jsonTuples<[number, number, number, number]>(
    db,
    sql`select json_agg(json_build_array(event_id, category, total, unread)) from (
          select m.event_id, m.message_category_id as category, count(*)::int as total,
            count(*) filter (where m.id > coalesce(w.read_through, 0) and m.user_id is distinct from ${viewerId}
              and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = ${viewerId}))::int as unread
          from ${s.messages} m
          left join ${s.messageReadWatermarks} w on w.user_id = ${viewerId} and w.event_id = m.event_id
            and w.message_category_id = m.message_category_id
          where m.event_id in (${scopeIds(scope)}) group by m.event_id, m.message_category_id) c`,
  );
  return messageCountsOf(rows);
}

/** A loaded event with its parts as the viewer gets it: tags they may see, their message counts. */
export function presentLoadedEvent(
  l: LoadedEvent,
  parts: EventParts,
  counts: Map<number, { total: number; unread: number }> | undefined,
  viewer: Viewer,
) {
  const extras: EventExtras = {
    eventToBase: l.eventToBase,
    eventToTags: (parts.tags.get(l.row.id) ?? []).filter((t) => seesTag(viewer, t)).map((t) => t.id),
    conversations: parts.conversations.get(l.row.id) ?? [],
    messages: null,
    jobs: parts.jobs.get(l.row.id) ?? [],
  };
  if (counts) {
    extras.messages = { total: 0, unread: {} };
    for (const [category, { total, unread }] of counts) {
      extras.messages.total += total;
      extras.messages.unread[String(category)] = unread;
    }
  }
  return presentEvent(l.row, extras);
}

/**
 * The wire events with tags, conversations, the viewer's message counts and job ids: one query per table for
 * all of them. `scope` (full bundle) names the same events by condition instead of by id list.
 */
export async function presentEvents(db: Database, viewer: Viewer, loaded: LoadedEvent[], scope?: EventScope) {
  if (loaded.length === 0) return [];
  const sc = scope ?? { eventIds: loaded.map((l) => l.row.id) };
  const [parts, counts] = await Promise.all([loadEventParts(db, sc), loadMessageCounts(db, viewer.id, sc)]);
  return loaded.map((l) => presentLoadedEvent(l, parts, counts.get(l.row.id), viewer));
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
