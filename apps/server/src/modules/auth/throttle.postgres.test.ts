/**
 * Against a real PostgreSQL (DATABASE_URL; a fresh database per run): two handles with their own pools stand
 * for two server nodes. The throttle counts across them, parallel guesses over both cannot pass the limit, and
 * two nodes seeding one empty production database create one administrator.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { users } from '../../db/schema/index.js';
import { seedProductionAdmin } from '../../db/startSeed.js';
import { LOGIN_LIMITS, loginThrottle } from './throttle.js';

const url = process.env.DATABASE_URL;
if (!url) console.log('DATABASE_URL not set: PostgreSQL throttle tests skipped');

(url ? describe : describe.skip)('login throttle and production seed on PostgreSQL, two nodes', () => {
  const name = `panel_test_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let a: DatabaseHandle;
  let b: DatabaseHandle;

  beforeAll(async () => {
    const maint = new URL(url!);
    maint.pathname = '/postgres';
    admin = new pg.Client({ connectionString: maint.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    a = await openDatabase({ databaseUrl: target.toString(), dataDir: ':memory:' });
    b = await openDatabase({ databaseUrl: target.toString(), dataDir: ':memory:' });
    await migrate(a);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  });

  it('parallel failures over both nodes: at most the limit pass; the other node refuses with Retry-After', async () => {
    const nodes = [loginThrottle(a.db), loginThrottle(b.db)];
    const starts = await Promise.all(
      Array.from({ length: 16 }, (_, i) => nodes[i % 2].begin('Dispecer', `10.0.0.${i}`)),
    );
    expect(starts.filter((s) => !s.throttled).length).toBeLessThanOrEqual(LOGIN_LIMITS.perUsername);
    const next = await nodes[1].begin('dispecer', '10.0.1.1');
    expect(next.throttled).toBe(true);
    if (next.throttled) {
      expect(next.retryAfterSeconds).toBeGreaterThan(14 * 60);
      expect(next.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    }
    await nodes[0].succeeded('dispecer');
    expect((await nodes[1].begin('dispecer', '10.0.1.1')).throttled).toBe(false);
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
