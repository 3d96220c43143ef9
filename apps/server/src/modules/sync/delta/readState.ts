/**
 * The read state of the users asking for the same delta, read for all of them at once: panels that poll
 * together are answered by two statements, not two per panel. Requests arriving while a batch is being read
 * wait for the next one.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { messageReads, messages } from '../../../db/schema/index.js';
import { jsonTuples } from '../loaders/scope.js';

export interface UserReadState {
  /** per event and message category: messages of others this user has read */
  readCounts: Map<number, Map<number, number>>;
  /** of the delta's messages, those this user has read */
  readMessages: Set<number>;
}

export const NO_READS: UserReadState = { readCounts: new Map(), readMessages: new Set() };

/** What a batch reads the read state of: the delta's sent events and messages. */
export interface ReadScope {
  eventIds: number[];
  messageIds: number[];
}

export async function loadReadStates(
  db: Database,
  scope: ReadScope,
  userIds: number[],
): Promise<Map<number, UserReadState>> {
  const out = new Map<number, UserReadState>();
  for (const id of userIds) out.set(id, { readCounts: new Map(), readMessages: new Set() });
  if (userIds.length === 0) return out;
  const r = messageReads;
  const m = messages;
  const [counts, flags] = await Promise.all([
    scope.eventIds.length
      ? jsonTuples<[number, number, number, number]>(
          db,
          sql`select json_agg(json_build_array(user_id, event_id, category, n)) from (
                select ${r.userId} as user_id, ${m.eventId} as event_id, ${m.messageCategoryId} as category, count(*)::int as n
                from ${r} join ${m} on ${m.id} = ${r.messageId}
                where ${inArray(r.userId, userIds)} and ${inArray(m.eventId, scope.eventIds)}
                  and ${m.userId} is distinct from ${r.userId}
                group by 1, 2, 3) c`,
        )
      : Promise.resolve([]),
    scope.messageIds.length
      ? jsonTuples<[number, number]>(
          db,
          sql`select json_agg(json_build_array(${r.userId}, ${r.messageId})) from ${r}
              where ${inArray(r.messageId, scope.messageIds)} and ${inArray(r.userId, userIds)}`,
        )
      : Promise.resolve([]),
  ]);
  for (const [userId, eventId, category, n] of counts) {
    const state = out.get(userId)!;
    let perCategory = state.readCounts.get(eventId);
    if (!perCategory) state.readCounts.set(eventId, (perCategory = new Map()));
    perCategory.set(category, n);
  }
  for (const [userId, messageId] of flags) out.get(userId)?.readMessages.add(messageId);
  return out;
}

/**
 * Collects the users asking within one turn of the event loop and reads their state in one batch.
 * `needed` false (the delta sends no event and no message): answered at once, without a query.
 */
export function createReadBatcher(db: Database, scope: ReadScope) {
  const needed = scope.eventIds.length > 0 || scope.messageIds.length > 0;
  let pending: Map<number, { resolve: (s: UserReadState) => void; reject: (e: unknown) => void }[]> | null = null;

  const flush = async (batch: NonNullable<typeof pending>) => {
    try {
      const states = await loadReadStates(db, scope, [...batch.keys()]);
      for (const [userId, waiters] of batch) for (const w of waiters) w.resolve(states.get(userId)!);
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  };

  return (userId: number): Promise<UserReadState> => {
    if (!needed) return Promise.resolve(NO_READS);
    return new Promise((resolve, reject) => {
      if (!pending) {
        const batch = (pending = new Map());
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      const waiters = pending.get(userId);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(userId, [{ resolve, reject }]);
    });
  };
}
