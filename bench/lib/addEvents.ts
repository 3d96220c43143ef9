/** Bulk demo load for benchmarks: events like createEvent makes them, in batches through runCommand. */
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../../apps/server/src/context.js';
import type { Database } from '../../apps/server/src/db/client.js';
import * as s from '../../apps/server/src/db/schema/index.js';
import { runCommand, type CommandDeps } from '../../apps/server/src/sync/commands.js';

export interface BenchLoad {
  db: Database;
  deps: CommandDeps;
  admin: AuthContext;
  /** a third of each event's messages are marked read by this user */
  reader: AuthContext;
  messagesPerEvent?: number;
  /** give each event a target somewhere in the Czech Republic (deterministic) and a priority */
  withTargets?: boolean;
}

/** A deterministic spread of points over the country's bounding box (lon 12.2–18.8, lat 48.6–51.0). */
export function benchTarget(i: number): { targetLongitude: number; targetLatitude: number } {
  const a = Math.sin(i * 12.9898) * 43758.5453;
  const b = Math.sin(i * 78.233) * 12345.6789;
  return {
    targetLongitude: 12.2 + (a - Math.floor(a)) * 6.6,
    targetLatitude: 48.6 + (b - Math.floor(b)) * 2.4,
  };
}

/** Rows per INSERT statement (10 columns each: well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 1000;

/** Adds `n` events like createEvent does (category 5, two conversations, a code), `batch` per command. */
export async function addEventsInBatches(
  { db, deps, admin, reader, messagesPerEvent = 0, withTargets = false }: BenchLoad,
  n: number,
  batch = 500,
) {
  const [base] = await db.select().from(s.bases).limit(1);
  for (let done = 0; done < n; done += batch) {
    const count = Math.min(batch, n - done);
    await runCommand(deps, { userId: admin.user.id, deviceId: null }, { type: 'bench.events' }, async (tx, rec) => {
      const rows = await tx
        .insert(s.events)
        .values(
          Array.from({ length: count }, (_, i) => ({
            uuid: randomUUID(),
            eventCategoryId: 5,
            description: `Bench ${done + i}`,
            baseId: admin.user.baseId,
            createdBy: admin.user.id,
            start: new Date(),
            code: `${base.code}-BENCH-${done + i}`,
            ...(withTargets ? { ...benchTarget(done + i), priorityId: 1 + ((done + i) % 4) } : {}),
          })),
        )
        .returning({ id: s.events.id });
      const convs = await tx
        .insert(s.conversations)
        .values(rows.flatMap((r) => [1, 2].map((type) => ({ eventId: r.id, type, name: `event-messages-${type}` }))))
        .returning({ id: s.conversations.id, eventId: s.conversations.eventId, type: s.conversations.type });
      for (const r of rows) rec.changed('events', r.id);
      if (messagesPerEvent > 0) {
        const values = convs
          .filter((c) => c.type === 1)
          .flatMap((c) =>
            Array.from({ length: messagesPerEvent }, (_, k) => ({
              uuid: randomUUID(),
              eventId: c.eventId,
              conversationId: c.id,
              messageCategoryId: 1,
              content: `Zpráva ${k}`,
              userId: admin.user.id,
            })),
          );
        // in chunks: one statement with 25,000 rows overflowed drizzle's recursive SQL builder ("Maximum call
        // stack size exceeded") and would pass PostgreSQL's 65,535 bound parameters anyway
        const msgs: { id: number }[] = [];
        for (let at = 0; at < values.length; at += INSERT_CHUNK) {
          msgs.push(
            ...(await tx
              .insert(s.messages)
              .values(values.slice(at, at + INSERT_CHUNK))
              .returning({ id: s.messages.id })),
          );
        }
        const read = msgs.filter((_, k) => k % 3 === 0).map((m) => ({ messageId: m.id, userId: reader.user.id }));
        for (let at = 0; at < read.length; at += INSERT_CHUNK) {
          await tx.insert(s.messageReads).values(read.slice(at, at + INSERT_CHUNK));
        }
        for (const m of msgs) rec.changed('messages', m.id);
      }
    });
  }
}
