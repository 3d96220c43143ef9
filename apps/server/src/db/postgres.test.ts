/**
 * Integration against a real PostgreSQL (DATABASE_URL): a fresh database per run (created through the
 * `postgres` maintenance db, dropped afterwards), migrated, seeded, then a bundle, a command and a delta.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase.js';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client.js';
import { migrate } from './migrate.js';
import * as s from './schema/index.js';
import { seedDemo } from '../demo/seed.js';
import { buildAppData } from '../modules/sync/bundle.js';
import { runCommand } from '../sync/commands.js';
import { authFor } from '../sync/testkit.js';
import { createNullHub } from '../nullHub.js';
import { JSONB_SAMPLES, roundTrip } from './jsonbRoundTrip.js';

const url = process.env.DATABASE_URL;
if (!url) console.log('DATABASE_URL not set: PostgreSQL integration tests skipped');

(url ? describe : describe.skip)('PostgreSQL integration', () => {
  let scratch: ScratchDatabase;
  let h: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase(url!);
    h = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
  });

  afterAll(async () => {
    await h?.close();
    await scratch?.drop();
  });

  it('migrates (twice, concurrently safe) and seeds', async () => {
    expect(h.kind).toBe('postgres');
    await Promise.all([migrate(h), migrate(h)]);
    expect(await seedDemo(h.db)).toBe(true);
    expect(await seedDemo(h.db)).toBe(false);
  });

  it('keeps jsonb strings strings on PostgreSQL too', async () => {
    expect(await roundTrip(h.db)).toEqual(JSONB_SAMPLES);
  });

  it('builds a bundle, runs a command and reads the delta', async () => {
    const auth = await authFor(h.db, 'jednotka');
    const full = await buildAppData(h.db, auth, null);
    expect(full.resetData).toBe(true);
    // the Praha unit's own fire and its incoming call (issue 12 item 1: a unit's call alerts that unit)
    expect(full.events.map((e) => e.code)).toEqual(['PHA-2025-0412', 'CALL-2025-55121']);
    const id = full.events.find((e) => e.code === 'PHA-2025-0412')!.id!;
    const hub = createNullHub();
    await runCommand(
      { db: h.db, hub },
      { userId: auth.user.id, deviceId: auth.deviceId },
      { type: 'event.update', eventId: id },
      async (tx, rec) => {
        await tx.update(s.events).set({ description: 'PostgreSQL' }).where(eq(s.events.id, id));
        rec.changed('events', id);
        rec.journal({ table: 'events', data: { description: 'PostgreSQL' } });
      },
    );
    expect(hub.invalidations).toHaveLength(1);
    const delta = await buildAppData(h.db, auth, full.uid);
    expect(delta.resetData).toBe(false);
    expect(delta.events.map((e) => e.description)).toEqual(['PostgreSQL']);
    const again = await buildAppData(h.db, auth, delta.uid);
    expect(again.events).toEqual([]);
  });
});
