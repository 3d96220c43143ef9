/**
 * The full bundle built by the database (messages as one JSON text, unread part and counts after the read
 * watermarks) gives every demo user exactly what the row-by-row computation gave (bundleReference.ts, the
 * oracle): on the demo data, after messages with coordinates, data, media and tags, after read calls that move
 * the watermarks, and after new messages above them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AppBundle } from '@panel/domain/sync';
import type { AuthContext } from '../../context.js';
import type { DatabaseHandle } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { markAllRead, markEventRead } from '../messages/commands.js';
import { createNullHub } from '../../nullHub.js';
import { buildAppData } from './bundle.js';
import { referenceFull } from './bundleReference.js';
import { runCommand } from '../../sync/commands.js';
import { authForAll, openSeeded } from '../../sync/testkit.js';

describe('full bundle against the row-by-row reference', () => {
  let h: DatabaseHandle;
  const hub = createNullHub();
  let users: AuthContext[] = [];
  let fire: number;

  const entitiesOf = (b: AppBundle) => {
    const { settings: _s, userPermissions: _p, resetData: _r, uid: _u, removed: _x, ...entities } = b;
    return entities;
  };

  async function expectSameAsReference() {
    for (const auth of users) {
      const got = entitiesOf(await buildAppData(h.db, auth, null));
      const expected = await referenceFull(h.db, auth);
      expect(got, auth.user.username).toEqual(expected);
    }
  }

  /** Messages older than the watermarks' settling time, as a history is. */
  const settle = () => h.db.execute(sql`update messages set inserted_at = inserted_at - interval '1 hour'`);

  beforeAll(async () => {
    h = await openSeeded();
    users = await authForAll(h.db);
    [{ id: fire }] = await h.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
  });
  afterAll(() => h.close());

  it('covers the demo roles: central, units, MNG, admin', async () => {
    expect(users.map((u) => u.user.username)).toEqual(
      expect.arrayContaining(['admin', 'dispecer', 'jednotka', 'mng', 'brno', 'ostrava']),
    );
    await expectSameAsReference();
  });

  it('messages with coordinates, data, media and tags, by several authors', async () => {
    const [tag] = await h.db.select().from(s.messageTags).limit(1);
    const jednotka = users.find((u) => u.user.username === 'jednotka')!;
    await runCommand(
      { db: h.db, hub },
      { userId: jednotka.user.id, deviceId: null },
      { type: 'test' },
      async (tx, rec) => {
        const rows = await tx
          .insert(s.messages)
          .values([
            {
              eventId: fire,
              messageCategoryId: 1,
              content: 'Poloha',
              userId: jednotka.user.id,
              longitude: 14.123456789012,
              latitude: 50.987654321098,
              accuracy: 12.5,
              data: { note: 'č. 1' },
              media: ['a.jpg'],
            },
            { eventId: fire, messageCategoryId: 2, content: 'Dispečerská', userId: users[0].user.id },
          ])
          .returning({ id: s.messages.id });
        await tx.insert(s.messageToTags).values({ messageId: rows[0].id, messageTagId: tag.id });
        for (const r of rows) rec.changed('messages', r.id);
      },
    );
    await expectSameAsReference();
  });

  it('read calls move the watermarks; new and individually read messages above them stay right', async () => {
    await settle();
    const dispecer = users.find((u) => u.user.username === 'dispecer')!;
    const jednotka = users.find((u) => u.user.username === 'jednotka')!;
    await markAllRead({ db: h.db, hub }, dispecer);
    await markEventRead({ db: h.db, hub }, jednotka, fire, 1);
    const marks = await h.db.select().from(s.messageReadWatermarks);
    expect(marks.some((w) => w.userId === dispecer.user.id && w.readThrough > 0)).toBe(true);
    await expectSameAsReference();
    // a new message after the watermarks, one of them then read through a direct read mark
    const [m] = await h.db
      .insert(s.messages)
      .values({ eventId: fire, messageCategoryId: 1, content: 'Nová', userId: jednotka.user.id })
      .returning();
    await expectSameAsReference();
    await h.db.insert(s.messageReads).values({ messageId: m.id, userId: dispecer.user.id });
    await expectSameAsReference();
  });
});
