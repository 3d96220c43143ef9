import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';
import { EPOCH_KEY, migrate } from './migrate.js';
import { settings, syncRevision, users } from './schema/index.js';
import { JSONB_SAMPLES, roundTrip } from './jsonbRoundTrip.js';

describe('migrate (PGlite in memory)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: ':memory:' });
    await migrate(handle);
  });
  afterAll(() => handle.close());

  it('creates every table of the schema', async () => {
    const rows = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(40);
    expect(await handle.db.select().from(users)).toEqual([]);
  });

  it('stores a sync epoch and the revision row, and is idempotent', async () => {
    const [epoch] = await handle.db.select().from(settings).where(eq(settings.key, EPOCH_KEY));
    expect(typeof epoch.value).toBe('string');
    await migrate(handle);
    const [again] = await handle.db.select().from(settings).where(eq(settings.key, EPOCH_KEY));
    expect(again.value).toBe(epoch.value);
    const rev = await handle.db.select().from(syncRevision);
    expect(rev).toEqual([{ id: 1, revision: 0, minRevision: 0 }]);
  });

  it('keeps jsonb strings strings (a numeric-looking sync epoch broke every delta)', async () => {
    expect(await roundTrip(handle.db)).toEqual(JSONB_SAMPLES);
  });
});
