/**
 * Per-user read watermarks (issue 13): a user who never reads gets a bounded bundle (the newest and at most
 * BUNDLE_UNREAD_PER_CONVERSATION unread per conversation, the rest through the paging call) with the right
 * unread counts; the read calls move the watermark, and messages above it are counted and flagged by their
 * read marks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../context.js';
import { queryRows, type DatabaseHandle } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { pageOf } from '../../http/paging.js';
import { markEventRead, markMessageRead } from '../messages/commands.js';
import { eventMessages } from '../messages/queries.js';
import { createNullHub } from '../../nullHub.js';
import { buildAppData } from './bundle.js';
import { BUNDLE_MESSAGES_PER_CONVERSATION, BUNDLE_UNREAD_PER_CONVERSATION } from './loaders/children.js';
import { addFireHistory, authFor, openSeeded } from '../../sync/testkit.js';

describe('read watermarks', () => {
  let h: DatabaseHandle;
  const hub = createNullHub();
  let admin: AuthContext;
  let jednotka: AuthContext;
  let fire: number;
  let history: number[] = [];
  const N = 1000;

  const unreadOps = async (auth: AuthContext) => {
    const b = await buildAppData(h.db, auth, null);
    const counts = b.events.find((e) => e.id === fire)!.messages as { unread: Record<string, number> };
    return { b, unread: counts.unread['1'] };
  };
  /** admin's read watermark in the fire's operational conversation */
  const adminWatermark = async () => {
    const [mark] = await h.db
      .select()
      .from(s.messageReadWatermarks)
      .where(
        and(
          eq(s.messageReadWatermarks.userId, admin.user.id),
          eq(s.messageReadWatermarks.eventId, fire),
          eq(s.messageReadWatermarks.messageCategoryId, 1),
        ),
      );
    return mark;
  };
  const othersUnreadInDb = async (userId: number) => {
    const [{ n }] = await queryRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from messages m where m.event_id = ${fire}
        and m.message_category_id = 1 and m.user_id is distinct from ${userId}
        and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = ${userId})`,
    );
    return n;
  };

  beforeAll(async () => {
    h = await openSeeded();
    admin = await authFor(h.db, 'admin');
    jednotka = await authFor(h.db, 'jednotka');
    // a long history of the unit in the operational conversation; admin never reads
    ({ fire, history } = await addFireHistory({ db: h.db, hub }, jednotka, N));
    // the history is old: older than the watermarks' settling time
    await h.db.execute(sql`update messages set inserted_at = inserted_at - interval '1 hour'`);
  });
  afterAll(() => h.close());

  it('a user who never reads gets a bounded bundle, the right counts, the rest through paging', async () => {
    const { b, unread } = await unreadOps(admin);
    const ops = b.messages.filter((m) => m.eventId === fire && m.messageCategoryId === 1);
    expect(ops.length).toBeLessThanOrEqual(Math.max(BUNDLE_MESSAGES_PER_CONVERSATION, BUNDLE_UNREAD_PER_CONVERSATION));
    expect(ops.length).toBeGreaterThanOrEqual(BUNDLE_UNREAD_PER_CONVERSATION);
    // the newest unread ones, each flagged unread
    expect(ops.map((m) => m.id)).toEqual(expect.arrayContaining(history.slice(-BUNDLE_UNREAD_PER_CONVERSATION)));
    expect(ops.every((m) => m.read === 0)).toBe(true);
    expect(unread).toBe(await othersUnreadInDb(admin.user.id));
    expect(unread).toBeGreaterThanOrEqual(N);
    // the oldest of the history is not in the bundle but comes through the paging call
    expect(ops.map((m) => m.id)).not.toContain(history[0]);
    const pages = (await eventMessages(h.db, admin, fire, 1, pageOf({ page: N / 20, 'per-page': 20 }))).items;
    expect(pages.map((m) => m.id)).toContain(history[0]);
    expect(pages.find((m) => m.id === history[0])!.read).toBe(0);
  });

  it('reading the conversation moves the watermark; new and singly read messages above it count right', async () => {
    await markEventRead({ db: h.db, hub }, admin, fire, 1);
    const mark = await adminWatermark();
    expect(mark.readThrough).toBeGreaterThanOrEqual(history[N - 1]);
    expect((await unreadOps(admin)).unread).toBe(0);

    // two new messages (not settled: above the watermark whatever happens), one read by itself
    const fresh = await h.db
      .insert(s.messages)
      .values(
        [1, 2].map((i) => ({ eventId: fire, messageCategoryId: 1, content: `Nové ${i}`, userId: jednotka.user.id })),
      )
      .returning({ id: s.messages.id });
    expect((await unreadOps(admin)).unread).toBe(2);
    await markMessageRead({ db: h.db, hub }, admin, fresh[0].id);
    const { b, unread } = await unreadOps(admin);
    expect(unread).toBe(1);
    expect(unread).toBe(await othersUnreadInDb(admin.user.id));
    const flags = new Map(b.messages.map((m) => [m.id, m.read]));
    expect(flags.get(fresh[0].id)).toBe(1);
    expect(flags.get(fresh[1].id)).toBe(0);
    expect(flags.get(history[N - 1])).toBe(1);
    // a fresh message does not let the watermark pass it before it settles
    const after = await adminWatermark();
    expect(after.readThrough).toBeLessThan(fresh[0].id);
  });
});
