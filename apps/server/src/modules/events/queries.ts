/**
 * Event reads outside the bundle: the list for the calendar and integrations (GET /v2/events/list), the
 * journal (GET /v2/events/journal/{eventId}, view Debug) and its readable history (GET /v2/events/{id}/history,
 * whoever may view the event).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { texts, toWireTime } from '@panel/domain/locale';
import {
  historyAction,
  historyDetail,
  type EventHistoryRow,
  type EventJournal,
  type ListQuery,
} from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import type { Database } from '../../db/client.js';
import { devices, events, journal, users } from '../../db/schema/index.js';
import { unprocessable } from '../../errors.js';
import type { Paging } from '../../http/paging.js';
import { loadEventRows, presentEvents } from '../sync/loaders.js';
import { eventVisibleSql } from '../../sync/visibility.js';
import { wireTime } from '../../sync/wire.js';
import { loadCategory, visibleEvent, viewerOf, type Auth } from './access.js';

/** Czech and Slovak letters with diacritics and their plain forms (the same on both sides of the search). */
const ACCENTED = 'áäčďéěíĺľňóôöŕřšťúůüýž';
const PLAIN = 'aacdeeillnooorrstuuuyz';

/** Lower case without diacritics (for the text search; SQL uses `translate` with the same letters). */
export function foldText(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The searchable text of an event row: code, subject, description, address, header title and subtitle. */
const searchable = sql`translate(lower(concat_ws(' ', ${events.code}, ${events.subject}, ${events.description},
  ${events.address}, ${events.header}->'title'->>'value', ${events.header}->'subtitle'->>'value')), ${ACCENTED}, ${PLAIN})`;

/** Today's date in Prague, `YYYY-MM-DD`. */
const pragueToday = () => toWireTime(new Date()).slice(0, 10);

/**
 * GET /v2/events/list: events the user may see (closed and removed too) whose start (or creation, without a
 * start) falls on the Prague days `from`..`to` (inclusive, default today), optionally filtered by text,
 * categories and states; sorted by start desc, id desc.
 */
export async function listEvents(
  db: Database,
  auth: Auth,
  query: ListQuery,
  paging: Paging,
): Promise<{ events: Event[]; total: number }> {
  const from = query.from ?? pragueToday();
  const to = query.to ?? (query.from && query.from > pragueToday() ? query.from : pragueToday());
  if (from > to) throw unprocessable({ field: 'to', message: texts.validation.invalidDate('Do') });
  const day = sql`(coalesce(${events.start}, ${events.createdAt}) at time zone 'Europe/Prague')::date`;
  const conditions: (SQL | undefined)[] = [
    sql`${day} between ${from}::date and ${to}::date`,
    eventVisibleSql(viewerOf(auth)),
  ];
  const text = query.text?.trim();
  if (text) conditions.push(sql`${searchable} like ${`%${escapeLike(foldText(text))}%`}`);
  if (query.eventCategoryId?.length) conditions.push(inArray(events.eventCategoryId, query.eventCategoryId));
  if (query.eventStateId?.length) conditions.push(inArray(events.eventStateId, query.eventStateId));
  const where = and(...conditions);

  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(events)
    .where(where);
  const ids = await db
    .select({ id: events.id })
    .from(events)
    .where(where)
    .orderBy(sql`${events.start} desc nulls last`, desc(events.id))
    .limit(paging.limit)
    .offset(paging.offset);
  if (ids.length === 0) return { events: [], total };
  const loaded = await loadEventRows(
    db,
    inArray(
      events.id,
      ids.map((r) => r.id),
    ),
  );
  const presented = await presentEvents(db, viewerOf(auth), loaded);
  const byId = new Map(presented.map((e) => [e.id, e]));
  return { events: ids.map((r) => byId.get(r.id)!).filter(Boolean), total };
}

/** The event's journal rows with user and device, oldest first. */
function journalRows(db: Database, eventId: number) {
  return db
    .select({
      id: journal.id,
      date: journal.date,
      username: users.username,
      device: devices.code,
      type: journal.type,
      table: journal.tableName,
      data: journal.data,
    })
    .from(journal)
    .leftJoin(users, eq(users.id, journal.userId))
    .leftJoin(devices, eq(devices.id, journal.deviceId))
    .where(eq(journal.eventId, eventId))
    .orderBy(asc(journal.id));
}

/** GET /v2/events/journal/{eventId}: the event's dates and every journal row, oldest first. */
export async function eventJournal(db: Database, auth: Auth, eventId: number): Promise<EventJournal> {
  const { row } = await visibleEvent(db, auth, eventId);
  const rows = await journalRows(db, eventId);
  return {
    id: row.id,
    uuid: row.uuid,
    createdAt: wireTime(row.createdAt),
    insertedAt: wireTime(row.insertedAt),
    startedAt: wireTime(row.startedAt),
    endedAt: wireTime(row.endedAt),
    history: rows.map((r) => ({
      id: r.id,
      date: wireTime(r.date),
      user: r.username ?? null,
      device: r.device ?? null,
      type: r.type,
      table: r.table,
      data: r.data ?? null,
    })),
  };
}

/**
 * GET /v2/events/{id}/history ('Historie akcí'): the journal rows as every viewer of the event may read them —
 * date, user, device, the action's Czech name and the labels of the changed fields (the category's labels);
 * never the raw data (that is the debug journal's, view Debug). Closed and removed events too (the calendar).
 */
export async function eventHistory(db: Database, auth: Auth, eventId: number): Promise<EventHistoryRow[]> {
  const { row } = await visibleEvent(db, auth, eventId);
  const category = await loadCategory(db, row.eventCategoryId);
  const rows = await journalRows(db, eventId);
  // the category's own labels first (what the form calls the field), then the domain's
  const inputs = (category?.inputs ?? {}) as Record<string, { label?: string }>;
  const labels = Object.fromEntries(Object.entries(inputs).map(([field, input]) => [field, input?.label]));
  return rows.map((r) => ({
    id: r.id,
    date: wireTime(r.date),
    user: r.username ?? null,
    device: r.device ?? null,
    type: r.type,
    action: historyAction(r.type),
    detail: historyDetail(r.data, labels),
  }));
}
