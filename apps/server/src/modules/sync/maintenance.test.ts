import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { changeLog } from '../../db/schema/index.js';
import { createEvent } from '../events/commands.js';
import { createNullHub } from '../../nullHub.js';
import { buildAppData } from './bundle.js';
import { pruneOldChanges } from './maintenance.js';
import { authFor, openSeeded } from '../../sync/testkit.js';

describe('change-log pruning', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openSeeded();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps the latest revisions; an older uid gets a full bundle with resetData, a recent one a delta', async () => {
    const deps = { db: h.db, hub: createNullHub(), config: {} as never };
    const admin = await authFor(h.db, 'admin');
    const dispecer = await authFor(h.db, 'dispecer');
    const create = () =>
      createEvent(deps, admin, { uuid: randomUUID(), eventCategoryId: 5, description: 'Prune' } as never);

    expect(await pruneOldChanges(h.db, 1_000_000)).toBeNull(); // nothing old enough yet
    const old = await buildAppData(h.db, dispecer, null);
    await create();
    await create();
    const recent = (await buildAppData(h.db, dispecer, old.uid)).uid;
    await create();
    const rowsBefore = (await h.db.select().from(changeLog)).length;

    const below = await pruneOldChanges(h.db, 2);
    expect(below).not.toBeNull();
    expect((await h.db.select().from(changeLog)).length).toBeLessThan(rowsBefore);
    expect((await h.db.select().from(changeLog)).every((r) => r.revision >= below!)).toBe(true);

    const fromOld = await buildAppData(h.db, dispecer, old.uid);
    expect(fromOld.resetData).toBe(true);
    expect(fromOld.events.length).toBeGreaterThan(3);

    const fromRecent = await buildAppData(h.db, dispecer, recent);
    expect(fromRecent.resetData).toBe(false);
    expect(fromRecent.events).toHaveLength(1);
  });
});
