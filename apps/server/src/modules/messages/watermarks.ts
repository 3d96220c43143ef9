/**
 * Per-user read watermarks (issue 13): for each conversation (event and message category) the id up to which
 * every message of others has this user's read mark. The read marks (message_reads) stay the truth; the
 * watermark is a lower bound of them that lets the full bundle's unread part and the unread counts look only at
 * the messages after it, not at the whole history.
 *
 * A watermark must never pass a message that is still unread. Ids are drawn when a message is inserted but seen
 * by others only at commit, so a message with a lower id can become visible after one with a higher id. The
 * watermark therefore only covers messages inserted more than WATERMARK_SETTLE_SECONDS ago (a message's
 * `inserted_at` is its transaction's start; writes are short, bounded by the statement and idle-in-transaction
 * timeouts of db/client.ts): newer ones stay after it and are judged by their read marks.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { messageReads, messageReadWatermarks, messages } from '../../db/schema/index.js';

/** How old a message must be before a watermark may cover it (see above). */
export const WATERMARK_SETTLE_SECONDS = 120;

/**
 * Moves `userId`'s watermarks of the conversations of the events selected by `eventIds` (a list or a subquery
 * of event ids) forward: to just before the oldest message of others the user has not read, and at most to the
 * newest settled message. Never moves one back. Cost: one index range per conversation after its watermark.
 */
export async function advanceReadWatermarks(q: Queryable, userId: number, eventIds: number[] | SQL): Promise<void> {
  if (Array.isArray(eventIds) && eventIds.length === 0) return;
  const ids = Array.isArray(eventIds)
    ? sql.join(
        eventIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : eventIds;
  const m = messages;
  const w = messageReadWatermarks;
  await q.execute(sql`
    insert into ${w} (user_id, event_id, message_category_id, read_through)
    select ${userId}, c.event_id, c.category, least(
        c.settled,
        coalesce((select min(u.id) - 1 from ${m} u
          where u.event_id = c.event_id and u.message_category_id = c.category and u.id > c.mark
            and u.user_id is distinct from ${userId}
            and not exists (select 1 from ${messageReads} r where r.message_id = u.id and r.user_id = ${userId})),
          c.settled))
    from (
      select e.event_id, e.category, coalesce(max(wm.read_through), 0) as mark, e.settled
      from (select n.event_id, n.message_category_id as category, max(n.id) as settled from ${m} n
            where n.event_id in (${ids}) and n.inserted_at < now() - make_interval(secs => ${WATERMARK_SETTLE_SECONDS})
            group by 1, 2) e
      left join ${w} wm on wm.user_id = ${userId} and wm.event_id = e.event_id and wm.message_category_id = e.category
      group by e.event_id, e.category, e.settled) c
    on conflict (user_id, event_id, message_category_id)
      do update set read_through = greatest(${w}.read_through, excluded.read_through)`);
}
