import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, gt } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import * as s from '../db/schema/index.js';
import { createNullHub } from '../nullHub.js';
import { runCommand } from './commands.js';
import { currentRevision, loadRevision } from './revision.js';
import { openSeeded } from './testkit.js';

describe('runCommand', () => {
  let h: DatabaseHandle;
  const hub = createNullHub();
  beforeAll(async () => {
    h = await openSeeded();
    await loadRevision(h.db);
  });
  afterAll(() => h.close());

  it('writes, bumps the revision once, logs changes and the journal, then invalidates the bases', async () => {
    const before = currentRevision(h.db);
    const [ev] = await h.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    const out = await runCommand(
      { db: h.db, hub },
      { userId: 1, deviceId: 2 },
      { type: 'event.update', eventId: ev.id },
      async (tx, rec) => {
        await tx.update(s.events).set({ description: 'změna' }).where(eq(s.events.id, ev.id));
        rec.changed('events', ev.id);
        rec.changed('events', ev.id);
        rec.journal({ table: 'events', data: { description: 'změna' } });
        return 'ok';
      },
    );
    expect(out).toBe('ok');
    expect(currentRevision(h.db)).toBe(before + 1);
    const log = await h.db.select().from(s.changeLog).where(gt(s.changeLog.revision, before));
    expect(log).toEqual([
      expect.objectContaining({ revision: before + 1, tableName: 'events', rowId: ev.id, op: 'upsert' }),
    ]);
    const [j] = await h.db.select().from(s.journal).where(eq(s.journal.type, 'event.update'));
    expect(j).toMatchObject({
      eventId: ev.id,
      userId: 1,
      deviceId: 2,
      tableName: 'events',
      data: { description: 'změna' },
    });
    const last = hub.invalidations.at(-1)!;
    expect(last.revision).toBe(before + 1);
    expect(last.tables).toEqual(['events']);
    // owner PHA (3) and shared NYM (17)
    expect(last.channels.sort()).toEqual(['base.17', 'base.3']);
  });

  it('rolls everything back when the write throws, and publishes nothing', async () => {
    const before = currentRevision(h.db);
    const count = hub.invalidations.length;
    await expect(
      runCommand({ db: h.db, hub }, { userId: 1, deviceId: null }, { type: 'x' }, async (tx, rec) => {
        await tx.update(s.bases).set({ name: 'X' }).where(eq(s.bases.id, 3));
        rec.changed('bases', 3);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(currentRevision(h.db)).toBe(before);
    const [b] = await h.db.select().from(s.bases).where(eq(s.bases.id, 3));
    expect(b.name).not.toBe('X');
    expect(hub.invalidations.length).toBe(count);
    const [row] = await h.db.select().from(s.syncRevision);
    expect(row.revision).toBe(before);
  });

  it('does not bump the revision for a command that changed nothing', async () => {
    const before = currentRevision(h.db);
    await runCommand({ db: h.db, hub }, { userId: 1, deviceId: null }, { type: 'noop' }, async () => null);
    expect(currentRevision(h.db)).toBe(before);
  });

  it('gives concurrent commands distinct, ordered revisions', async () => {
    const before = currentRevision(h.db);
    await Promise.all(
      [1, 2, 3].map((n) =>
        runCommand({ db: h.db, hub }, { userId: 1, deviceId: null }, { type: 'catalogue' }, async (tx, rec) => {
          await tx.update(s.priorities).set({ sort: n }).where(eq(s.priorities.id, 1));
          rec.changed('priorities', 1);
          rec.broadcast();
        }),
      ),
    );
    expect(currentRevision(h.db)).toBe(before + 3);
    const revs = (await h.db.select().from(s.changeLog).where(gt(s.changeLog.revision, before))).map((r) => r.revision);
    expect(revs.sort()).toEqual([before + 1, before + 2, before + 3]);
    expect(hub.invalidations.at(-1)!.channels.length).toBeGreaterThanOrEqual(17);
  });
});
