/**
 * Against a real PostgreSQL (DATABASE_URL; a fresh database per run): two handles with their own pools stand
 * for two server nodes. The throttle counts across them, parallel guesses over both cannot pass the limit, and
 * two nodes seeding one empty production database create one administrator.
 */
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratchDatabase.js';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { users } from '../../db/schema/index.js';
import { seedProductionAdmin } from '../../startup/startSeed.js';
import { LOGIN_LIMITS, loginThrottle } from './throttle.js';

const url = process.env.DATABASE_URL;
if (!url) console.log('DATABASE_URL not set: PostgreSQL throttle tests skipped');

(url ? describe : describe.skip)('login throttle and production seed on PostgreSQL, two nodes', () => {
  let scratch: ScratchDatabase;
  let a: DatabaseHandle;
  let b: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase(url!);
    a = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
    b = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
    await migrate(a);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await scratch?.drop();
  });

  it('parallel failures over both nodes: at most the free ones pass; the other node refuses with Retry-After', async () => {
    const nodes = [loginThrottle(a.db), loginThrottle(b.db)];
    const free = LOGIN_LIMITS.perAccount.free;
    const starts = await Promise.all(
      Array.from({ length: 16 }, (_, i) => nodes[i % 2].begin('Dispecer', `10.0.0.${i}`, null)),
    );
    let passed = starts.filter((s) => !s.throttled).length;
    expect(passed).toBeLessThanOrEqual(free);
    // fill up to the free failures one by one: when every insert of the burst came before every count, all 16
    // were refused (and took their rows back), which is just as safe
    for (; passed < free; passed++) {
      expect((await nodes[passed % 2].begin('dispecer', `10.0.2.${passed}`, null)).throttled).toBe(false);
    }
    const next = await nodes[1].begin('dispecer', '10.0.1.1', null);
    expect(next.throttled).toBe(true);
    if (next.throttled) {
      expect(next.retryAfterSeconds).toBeGreaterThan(0);
      expect(next.retryAfterSeconds).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.baseSeconds);
    }
    // a trusted source of the account is counted apart: not refused for the strangers' failures
    const trusted = await nodes[1].begin('dispecer', '10.0.1.1', 'a:10.0.1.1');
    expect(trusted).toMatchObject({ throttled: false, bypassed: true });
    expect(await nodes[0].unlock('DISPECER')).toBe(free + 1);
    expect((await nodes[1].begin('dispecer', '10.0.1.1', null)).throttled).toBe(false);
  });

  it('two nodes seeding one empty production database create one administrator', async () => {
    const results = await Promise.all([
      seedProductionAdmin(a.db, 'Spravce-2026-heslo'),
      seedProductionAdmin(b.db, 'Spravce-2026-heslo'),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const [{ n }] = await a.db.select({ n: count() }).from(users);
    expect(Number(n)).toBe(1);
  });
});
