/**
 * The full bundle holds what a panel shows, not the archive (issue 13 item 2): message tags as a catalogue sent
 * once with only the applied tags on each message, and per conversation the newest messages plus the viewer's
 * unread ones, the rest through the paging call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../context.js';
import type { DatabaseHandle } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { pageOf } from '../../http/paging.js';
import { eventMessages } from '../messages/queries.js';
import { createNullHub } from '../../nullHub.js';
import { buildAppData } from './bundle.js';
import { runCommand } from '../../sync/commands.js';
import { BUNDLE_MESSAGES_PER_CONVERSATION as K } from './loaders/children.js';
import { addFireHistory, authFor, openSeeded } from '../../sync/testkit.js';

describe('full bundle messages', () => {
  let h: DatabaseHandle;
  const hub = createNullHub();
  let dispecer: AuthContext;
  let jednotka: AuthContext;
  let admin: AuthContext;
  let fire: number;
  let tagId: Record<string, number>;
  /** the history added to the fire's operational conversation, oldest first */
  let history: number[] = [];
  const OLD_UNREAD = [2, 5];

  beforeAll(async () => {
    h = await openSeeded();
    dispecer = await authFor(h.db, 'dispecer');
    jednotka = await authFor(h.db, 'jednotka');
    admin = await authFor(h.db, 'admin');
    tagId = Object.fromEntries((await h.db.select().from(s.messageTags)).map((t) => [t.code, t.id]));
    // 3K messages of the unit; the dispatcher has read all of them but two old ones
    ({ fire, history } = await addFireHistory({ db: h.db, hub }, jednotka, 3 * K, async (tx, ids) => {
      await tx
        .insert(s.messageReads)
        .values(
          ids.filter((_, i) => !OLD_UNREAD.includes(i)).map((messageId) => ({ messageId, userId: dispecer.user.id })),
        );
      await tx.insert(s.messageToTags).values({ messageId: ids[0], messageTagId: tagId.ISV });
    }));
  });
  afterAll(() => h.close());

  it('sends the tag definitions once, as the messageTags catalogue; a message carries only its applied tags', async () => {
    const b = await buildAppData(h.db, dispecer, null);
    expect(b.messageTags.map((t) => t.code)).toEqual(['FWD_1', 'FWD_2', 'ISV', 'CONF', 'DZIN_INPUT', 'DULEZITE']);
    expect(b.messageTags.find((t) => t.code === 'CONF')).toEqual({
      id: tagId.CONF,
      code: 'CONF',
      name: expect.any(String),
      color: expect.any(String),
      colorText: expect.any(String),
      tooltipActive: expect.any(String),
      tooltipInactive: expect.any(String),
      options: { canRemove: 1 },
      sort: expect.any(Number),
    });
    // the demo's confirmed message has CONF, and nothing else travels on it
    const confirmed = b.messages.find((m) => m.content?.startsWith('Vyjíždíme'))!;
    expect(confirmed.tags).toEqual([{ id: tagId.CONF, state: 1 }]);
    for (const m of b.messages) {
      for (const t of m.tags) expect(Object.keys(t).sort()).toEqual(['id', 'state']);
    }
    expect(b.messages.filter((m) => m.tags.length === 0).length).toBeGreaterThan(0);
  });

  it('keeps per conversation the newest K and the unread ones; the event still counts them all', async () => {
    const b = await buildAppData(h.db, dispecer, null);
    const ops = b.messages.filter((m) => m.eventId === fire && m.messageCategoryId === 1).map((m) => m.id);
    const demoOps = (
      await h.db
        .select({ id: s.messages.id })
        .from(s.messages)
        .where(and(eq(s.messages.eventId, fire), eq(s.messages.messageCategoryId, 1)))
    )
      .map((r) => r.id)
      .filter((id) => !history.includes(id));
    // the demo's own messages are older than the history: none of the newest K, read or own ones stay out
    const expected = [...OLD_UNREAD.map((i) => history[i]), ...history.slice(-K)];
    const unreadDemo = new Set(
      (
        await h.db
          .select({ id: s.messages.id, userId: s.messages.userId })
          .from(s.messages)
          .where(eq(s.messages.eventId, fire))
      )
        .filter((m) => demoOps.includes(m.id) && m.userId !== dispecer.user.id)
        .map((m) => m.id),
    );
    const reads = await h.db.select().from(s.messageReads).where(eq(s.messageReads.userId, dispecer.user.id));
    for (const r of reads) unreadDemo.delete(r.messageId);
    expect(ops.sort((a, b) => a - b)).toEqual([...unreadDemo, ...expected].sort((a, b) => a - b));
    expect(ops).not.toContain(history[0]); // read, old — and tagged ISV: in the archive, not the bundle
    // the dispatcher conversation is small: whole
    const disp = b.messages.filter((m) => m.eventId === fire && m.messageCategoryId === 2);
    expect(disp).toHaveLength(
      await h.db.$count(s.messages, and(eq(s.messages.eventId, fire), eq(s.messages.messageCategoryId, 2))),
    );
    // the panel knows there is more: the event's total counts the archive too
    const event = b.events.find((e) => e.id === fire)!;
    const all = await h.db.$count(s.messages, eq(s.messages.eventId, fire));
    expect(event.messages?.total).toBe(all);
    expect(all).toBeGreaterThan(b.messages.filter((m) => m.eventId === fire).length);
  });

  it('the unread ones stay however old, up to BUNDLE_UNREAD_PER_CONVERSATION (another user, another read state)', async () => {
    const b = await buildAppData(h.db, admin, null);
    const ops = new Set(b.messages.filter((m) => m.eventId === fire && m.messageCategoryId === 1).map((m) => m.id));
    // admin has read none of the unit's history
    for (const id of history) expect(ops.has(id)).toBe(true);
    expect(b.messages.find((m) => m.id === history[0])!.tags).toEqual([{ id: tagId.ISV, state: 1 }]);
  });

  it('the older ones come through the paging call, newest first, with their tags', async () => {
    const b = await buildAppData(h.db, dispecer, null);
    const inBundle = new Set(b.messages.map((m) => m.id));
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      pages.push(...(await eventMessages(h.db, dispecer, fire, 1, pageOf({ page, 'per-page': 20 }))).items);
    }
    const older = pages.filter((m) => !inBundle.has(m.id));
    expect(older.length).toBeGreaterThan(0);
    expect(older.map((m) => m.id)).toContain(history[0]);
    expect(pages.find((m) => m.id === history[0])!.tags).toEqual([{ id: tagId.ISV, state: 1 }]);
  });

  it('a changed tag definition comes in the delta as the whole catalogue, other deltas carry none', async () => {
    const start = await buildAppData(h.db, jednotka, null);
    await runCommand(
      { db: h.db, hub },
      { userId: admin.user.id, deviceId: null },
      { type: 'test' },
      async (tx, rec) => {
        await tx.update(s.messageTags).set({ name: 'Důležité!' }).where(eq(s.messageTags.id, tagId.DULEZITE));
        rec.changed('messageTags', tagId.DULEZITE);
        rec.broadcast();
      },
    );
    const d = await buildAppData(h.db, jednotka, start.uid);
    expect(d.messageTags).toHaveLength(6);
    expect(d.messageTags.find((t) => t.id === tagId.DULEZITE)?.name).toBe('Důležité!');
    const again = await buildAppData(h.db, jednotka, d.uid);
    expect(again.messageTags).toEqual([]);
  });
});
