/**
 * The user's parts of a full bundle on top of the class cut: unread counts of the events, the read flag of each
 * message, and the user's unread messages older than the newest of their conversation — read in one statement
 * that looks only after the user's read watermark of each conversation (modules/messages/watermarks.ts), as
 * loadMessageCounts and the bundle's unread pick do:
 * - unread = messages of others after the watermark without the user's read mark (counted for every category
 *   the event has messages in; the newest BUNDLE_UNREAD_PER_CONVERSATION of them are picked);
 * - a message is read when it is the user's own, at or below the watermark (every message of others up to it
 *   has a read mark), or has a read mark.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { messageReads, messageReadWatermarks, messages } from '../../../db/schema/index.js';
import { BUNDLE_UNREAD_PER_CONVERSATION, loadWireMessages } from '../loaders/messages.js';
import { jsonTuples } from '../loaders/scope.js';
import { visibilityClass, type Viewer } from '../../../sync/visibility.js';
import type { ClassCut } from './cut.js';
import type { FullState } from './state.js';

/** Per conversation with messages: unread count, newest unread ids, read-marked shared ids, the watermark. */
type PairRow = [number, number, number, number[] | null, number[] | null, number];

export interface PersonalParts {
  /** the `events` list as UTF-8 JSON */
  events: Buffer;
  /** the `messages` list as UTF-8 JSON */
  messages: Buffer;
}

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
const COMMA = Buffer.from(',');
const NULL = Buffer.from('null');
const READ = '1'.charCodeAt(0);

async function readPairs(
  db: Database,
  pairs: { events: string; categories: string; lowest: string },
  userId: number,
): Promise<PairRow[]> {
  if (pairs.events === '{}') return [];
  const m = messages;
  // one index range per conversation after the watermark (a lateral join: as a plain join the planner hashed the
  // whole messages table), the read mark found once per row by its primary key
  return jsonTuples<PairRow>(
    db,
    sql`select json_agg(json_build_array(q.e, q.c, u.n, u.unread, u.reads, coalesce(w.read_through, 0)))
        from unnest(${pairs.events}::int[], ${pairs.categories}::int[], ${pairs.lowest}::int[]) q(e, c, low)
        left join ${messageReadWatermarks} w on w.user_id = ${userId} and w.event_id = q.e and w.message_category_id = q.c
        cross join lateral (
          select count(*) filter (where x.unread)::int as n,
            (array_agg(x.id order by x.id desc) filter (where x.unread))[1:${sql.raw(String(BUNDLE_UNREAD_PER_CONVERSATION))}] as unread,
            array_agg(x.id) filter (where x.marked and x.id >= q.low) as reads
          from (select n.id, r.message_id is not null as marked,
                  n.user_id is distinct from ${userId} and r.message_id is null as unread
                from ${m} n left join ${messageReads} r on r.message_id = n.id and r.user_id = ${userId}
                where n.event_id = q.e and n.message_category_id = q.c and n.id > coalesce(w.read_through, 0)) x
        ) u
        where u.n > 0 or u.reads is not null or w.read_through is not null`,
  );
}

/** A user's read state as last read for a class: rows by `event:category`, the conversations it covers. */
interface KeptReads {
  revision: number;
  cut: ClassCut;
  covered: Set<string>;
  rows: Map<string, PairRow>;
}

/** Users whose read state is kept per database (least recently used dropped first); a few hundred kB each. */
export const KEPT_READ_STATES = 256;
const keptReads = new WeakMap<Database, Map<string, KeptReads>>();

/** Forgets the kept read states of a database (tests, a replaced embedded database). */
export function forgetReadStates(db: Database): void {
  keptReads.delete(db);
}

const pairKey = (eventId: number, category: number) => `${eventId}:${category}`;
const intArray = (xs: number[]) => `{${xs.join(',')}}`;

/** Events whose rows changed since `kept` (null: not known, read everything). */
function staleSince(state: FullState, kept: KeptReads | undefined): Set<number> | null {
  if (!kept || kept.revision > state.revision) return null;
  if (kept.revision === state.revision) return new Set();
  const from = state.patches[0]?.from;
  if (from === undefined || from > kept.revision) return null;
  const stale = new Set<number>();
  for (const p of state.patches) if (p.revision > kept.revision) for (const e of p.events) stale.add(e);
  return stale;
}

/**
 * The user's rows for the cut's conversations: kept from their last full bundle and read again only for the
 * events the patches since then touched (their messages, read marks, conversations) and for conversations the
 * kept rows do not cover (an event that became visible or active, a new category); read whole when the patches
 * since then are not remembered (a whole read of the state, a long absence). Rows are written only through
 * commands, which log the message they mark, so a kept row of an untouched event is still true.
 */
async function pairRows(db: Database, state: FullState, cut: ClassCut, viewer: Viewer): Promise<Map<string, PairRow>> {
  let byUser = keptReads.get(db);
  if (!byUser) keptReads.set(db, (byUser = new Map()));
  const key = `${viewer.id}|${visibilityClass(viewer)}`;
  const kept = byUser.get(key);
  byUser.delete(key);
  let rows: Map<string, PairRow>;
  let covered: Set<string>;
  if (kept && kept.cut === cut) {
    ({ rows, covered } = kept);
  } else {
    const stale = staleSince(state, kept);
    const ask = { events: [] as number[], categories: [] as number[], lowest: [] as number[] };
    rows = new Map();
    covered = new Set();
    for (const [eventId, category, lowest] of cut.pairList) {
      const k = pairKey(eventId, category);
      covered.add(k);
      if (kept && stale && !stale.has(eventId) && kept.covered.has(k)) {
        // a conversation with nothing to say (no unread, no read mark, no watermark) has no row
        const row = kept.rows.get(k);
        if (row) rows.set(k, row);
        continue;
      }
      ask.events.push(eventId);
      ask.categories.push(category);
      ask.lowest.push(lowest);
    }
    const read = await readPairs(
      db,
      { events: intArray(ask.events), categories: intArray(ask.categories), lowest: intArray(ask.lowest) },
      viewer.id,
    );
    for (const row of read) rows.set(pairKey(row[0], row[1]), row);
  }
  byUser.set(key, { revision: state.revision, cut, covered, rows });
  while (byUser.size > KEPT_READ_STATES) byUser.delete(byUser.keys().next().value!);
  return rows;
}

/** The user's `events` and `messages` texts: the class cut with their counts, read flags and unread picks. */
export async function personalParts(
  db: Database,
  state: FullState,
  cut: ClassCut,
  viewer: Viewer,
): Promise<PersonalParts> {
  const rows = (await pairRows(db, state, cut, viewer)).values();
  const unread = new Map<number, Map<number, number>>();
  const watermark = new Map<string, number>();
  const marked = new Set<number>();
  const extraIds: number[] = [];
  for (const [eventId, category, n, newestUnread, reads, wm] of rows) {
    if (n > 0) {
      let byCategory = unread.get(eventId);
      if (!byCategory) unread.set(eventId, (byCategory = new Map()));
      byCategory.set(category, n);
    }
    if (wm > 0) watermark.set(`${eventId}:${category}`, wm);
    for (const id of reads ?? []) marked.add(id);
    // unread ones of the conversations the bundle picks from, not already among the newest
    if (newestUnread && cut.conversationCategories.get(eventId)?.has(category)) {
      for (const id of newestUnread) if (!cut.messageIds.has(id)) extraIds.push(id);
    }
  }

  const events: Buffer[] = [OPEN];
  for (const [i, e] of cut.events.entries()) {
    if (i > 0) events.push(COMMA);
    events.push(e.head);
    if (!e.totals) events.push(NULL);
    else {
      let total = 0;
      const counts: Record<string, number> = {};
      const mine = unread.get(e.id);
      for (const [category, n] of e.totals) {
        total += n;
        counts[String(category)] = mine?.get(category) ?? 0;
      }
      events.push(Buffer.from(JSON.stringify({ total, unread: counts })));
    }
    events.push(e.tail);
  }
  events.push(CLOSE);

  // the class's message bytes copied with this user's read flags written in
  const shared = Buffer.from(cut.messageBytes);
  for (const [i, m] of cut.messages.entries()) {
    const read =
      m.userId === viewer.id || m.id <= (watermark.get(`${m.eventId}:${m.category}`) ?? 0) || marked.has(m.id);
    if (read) shared[cut.messageStarts[i] + m.flagAt] = READ;
  }
  const extras = extraIds.length ? await loadWireMessages(db, viewer, { ids: extraIds }) : [];
  if (extras.length === 0) {
    return { events: Buffer.concat(events), messages: Buffer.concat([OPEN, shared, CLOSE]) };
  }
  // older unread ones merged in by id
  const items: Buffer[] = [];
  let x = 0;
  for (const [i, m] of cut.messages.entries()) {
    while (x < extras.length && extras[x].id < m.id) items.push(Buffer.from(JSON.stringify(extras[x++])));
    items.push(shared.subarray(cut.messageStarts[i], cut.messageStarts[i] + m.bytes.length));
  }
  while (x < extras.length) items.push(Buffer.from(JSON.stringify(extras[x++])));
  const messages: Buffer[] = [OPEN];
  for (const [i, item] of items.entries()) {
    if (i > 0) messages.push(COMMA);
    messages.push(item);
  }
  messages.push(CLOSE);
  return { events: Buffer.concat(events), messages: Buffer.concat(messages) };
}
