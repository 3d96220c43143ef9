/**
 * Messages as the wire carries them (the bundle, the delta, the paging call), built by the database as one JSON
 * text: a full bundle holds ~10,000 messages for 1,000 active events, and decoding them row by row (PGlite above
 * all, then a JS mapping per row) was most of its time (issue 13). The database picks the messages, adds the
 * viewer's read flag, the applied tag ids and the event's uuid, and hands back a single value that JSON.parse
 * reads at once; JS only formats the times and rounds the coordinates as every presenter does.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Message } from '@panel/domain/sync';
import { MESSAGE_CATEGORY } from '@panel/domain/constants';
import { wireCoordinate } from '@panel/domain/map';
import { queryRows, type Database } from '../../../db/client.js';
import * as s from '../../../db/schema/index.js';
import { appliedTags } from '../../messages/presenter.js';
import { wireTime } from '../../../sync/wire.js';
import type { Viewer } from '../../../sync/visibility.js';
import { inScope, type EventScope } from './scope.js';

/**
 * Newest messages per conversation (event and message category) in a full bundle and for events a unit newly
 * sees in a delta; older ones come through GET /v2/messages/event/{id}, which the chat pages on scroll. The spec
 * names no paging constant for messages: one page of the panel's paging call (MESSAGES_PER_PAGE, 20) would be
 * the obvious choice, but the bench history of 50 messages per event would then stay almost whole; 10 fill a
 * chat tab and keep the bundle's messages at most 20 per event plus the unread ones.
 */
export const BUNDLE_MESSAGES_PER_CONVERSATION = 10;

/**
 * At most this many of the viewer's unread messages per conversation in a full bundle (besides the newest): a
 * user who never reads would otherwise get the whole history. The newest unread are kept (the chat shows the
 * newest first); older ones come through the paging call, and the event's unread counts still count them all.
 */
export const BUNDLE_UNREAD_PER_CONVERSATION = 50;

/** A wire message as the database builds it: times as timestamptz JSON, coordinates not rounded, tag ids. */
type RawMessage = Omit<Message, 'createdAt' | 'insertedAt' | 'updatedAt' | 'tags'> & {
  createdAt: string;
  insertedAt: string | null;
  updatedAt: string | null;
  tags: number[] | null;
};

/** The conversations of each event in `scope`: its conversations' types and the spec's two categories. */
const conversationsOf = (scope: EventScope) => sql`
  (select ${s.events.id} as id from ${s.events} where ${inScope(s.events.id, scope)}) e
  cross join lateral (select cv.type as category from ${s.conversations} cv where cv.event_id = e.id
    union values ${sql.join(
      Object.values(MESSAGE_CATEGORY).map((id) => sql`(${id}::int)`),
      sql`, `,
    )}) c`;

/**
 * Which messages: by ids, or by events — per conversation the newest K (a short backward range of
 * messages_event_category_idx each) and, for `unreadOf`, its newest unread ones after the user's read watermark
 * (modules/messages/watermarks.ts): not own, without a read mark, as loadMessageCounts counts them.
 */
function pickedIds(by: { ids: number[] } | EventScope, unreadOf: number | null): SQL {
  const m = s.messages;
  if ('ids' in by) return sql`select ${m.id} as id from ${m} where ${inArray(m.id, by.ids)}`;
  const newest = sql`select l.id from ${conversationsOf(by)}
    cross join lateral (select n.id from ${m} n where n.event_id = e.id and n.message_category_id = c.category
      order by n.id desc limit ${BUNDLE_MESSAGES_PER_CONVERSATION}) l`;
  if (unreadOf === null) return newest;
  return sql`${newest} union select u.id from ${conversationsOf(by)}
    cross join lateral (select n.id from ${m} n where n.event_id = e.id and n.message_category_id = c.category
      and n.id > coalesce((select w.read_through from ${s.messageReadWatermarks} w
        where w.user_id = ${unreadOf} and w.event_id = e.id and w.message_category_id = c.category), 0)
      and n.user_id is distinct from ${unreadOf}
      and not exists (select 1 from ${s.messageReads} r where r.message_id = n.id and r.user_id = ${unreadOf})
      order by n.id desc limit ${BUNDLE_UNREAD_PER_CONVERSATION}) u`;
}

/**
 * Wire messages, ordered by id. `viewer` null: without anybody's read flag (`read: 0`; the shared delta sets it
 * per user). `unreadOfViewer` (full bundle): the viewer's unread ones are picked too. `keepEvent`: only messages
 * of these events are kept (the full bundle's events, read before by the same condition).
 */
export async function loadWireMessages(
  db: Database,
  viewer: Viewer | null,
  by: { ids: number[] } | EventScope,
  opts: { unreadOfViewer?: boolean; keepEvent?: (eventId: number) => boolean } = {},
): Promise<Message[]> {
  const m = s.messages;
  const unreadOf = opts.unreadOfViewer && viewer && !('ids' in by) ? viewer.id : null;
  // the read flag through a join on the read marks' primary key: as an EXISTS per row it cost PostgreSQL ~50 µs
  // a message (a subplan per row inside the CASE)
  const read = viewer
    ? sql`case when ${m.userId} is not distinct from ${viewer.id} or rd.message_id is not null then 1 else 0 end`
    : sql`0`;
  const readJoin = viewer
    ? sql`left join ${s.messageReads} rd on rd.message_id = ${m.id} and rd.user_id = ${viewer.id}`
    : sql``;
  // json_agg over a row of aliased columns, not json_build_object: the latter looks up each argument's type on
  // every row (~55 µs a message on PGlite), the row's output functions are looked up once. The tags are
  // aggregated once for the picked messages (a hash join), not by a subquery per message.
  const [row] = await queryRows<{ j: string | null }>(
    db,
    sql`with p as (${pickedIds(by, unreadOf)})
        select (json_agg(x order by x.id))::text as j from (
          select ${m.id}, ${m.uuid}, ev.uuid as "eventUuid", ${m.eventId} as "eventId",
            ${m.conversationId} as "conversationId", ${m.messageCategoryId} as "messageCategoryId", ${m.type},
            ${m.content}, ${m.data}, ${m.media}, ${read} as read, ${m.userId} as "userId",
            ${m.deviceId} as "deviceId", ${m.deviceCode} as "deviceCode", ${m.senderName} as "senderName",
            ${m.longitude}, ${m.latitude}, ${m.accuracy}, ${m.sequence}, ${m.createdAt} as "createdAt",
            ${m.insertedAt} as "insertedAt", ${m.updatedAt} as "updatedAt", t.tags, ${m.receipts}
          from p join ${m} on ${m.id} = p.id join ${s.events} ev on ev.id = ${m.eventId} ${readJoin}
          left join (select a.message_id, json_agg(a.message_tag_id order by a.message_tag_id) as tags
            from ${s.messageToTags} a where a.message_id in (select id from p) group by a.message_id) t
            on t.message_id = ${m.id}) x`,
  );
  const out: Message[] = [];
  for (const raw of JSON.parse(row?.j ?? '[]') as RawMessage[]) {
    if (opts.keepEvent && !opts.keepEvent(raw.eventId)) continue;
    const msg = raw as unknown as Message;
    msg.data = raw.data ?? null;
    msg.longitude = wireCoordinate(raw.longitude);
    msg.latitude = wireCoordinate(raw.latitude);
    msg.tags = raw.tags ? appliedTags(raw.tags) : [];
    msg.createdAt = wireTime(new Date(raw.createdAt)) ?? '';
    msg.insertedAt = raw.insertedAt === null ? null : wireTime(new Date(raw.insertedAt));
    msg.updatedAt = raw.updatedAt === null ? null : wireTime(new Date(raw.updatedAt));
    // the receipt summary only once a receipt was written (issue 25): no bytes for the history without one
    if (msg.receipts == null) delete msg.receipts;
    out.push(msg);
  }
  return out;
}
