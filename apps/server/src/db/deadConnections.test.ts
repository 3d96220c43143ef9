/**
 * The dead-connection watchdog against a real PostgreSQL behind the fault proxy: a query whose answer never
 * comes (the proxy holds every byte, as a silent network does) fails with a connection error instead of waiting
 * for TCP, and the pool serves again once the network does. Skipped without DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../test/faultProxy.js';
import { isDatabaseUnavailable } from './availability.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { allowLongStatements } from './deadConnections.js';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.log('DATABASE_URL not set: dead-connection watchdog test skipped');

describe.skipIf(!DATABASE_URL)('dead-connection watchdog (PostgreSQL through a fault proxy)', () => {
  let proxy: FaultProxy;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    const target = new URL(DATABASE_URL!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    handle = await openDatabase({
      databaseUrl: proxy.proxyUrl(DATABASE_URL!),
      dataDir: ':memory:',
      onConnectionError: () => undefined,
      pool: { deadQueryMs: 600, connectTimeoutMs: 2000 },
    });
  });

  afterAll(async () => {
    await handle?.close().catch(() => undefined);
    await proxy?.close();
  });

  it('fails a query on a silent connection within the deadline, then serves again', async () => {
    await handle.db.execute(sql`select 1`);
    proxy.delay(8000); // nothing gets through for 8 s: neither an answer nor a reset
    const started = Date.now();
    const error = await handle.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(6000); // not the 8 s of the silence, not minutes of TCP
    proxy.restore();
    const { rows } = (await handle.db.execute(sql`select 2 as n`)) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBe(2);
  }, 30_000);

  it('leaves a connection that may run long (migrations) alone', async () => {
    const conn = await (handle.client as pg.Pool).connect();
    try {
      allowLongStatements(conn, true);
      await conn.query('select pg_sleep(1.5)'); // well past the 600 ms deadline
    } finally {
      allowLongStatements(conn, false);
      conn.release();
    }
  }, 30_000);
});
