/**
 * Opens the database: embedded PGlite in `${dataDir}/pglite` (or in memory for `:memory:`), or a PostgreSQL
 * server when a URL is given. Both are driven through one Drizzle type so queries typecheck once.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The common Drizzle type of both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of either driver. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: repositories accept both. */
export type Queryable = Database | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** the driver's own client, for the migrator (PGlite instance or pg.Pool) */
  client: PGlite | pg.Pool;
  close(): Promise<void>;
}

// int8 (bigserial, count(*)) as a JS number: our ids and revisions stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', client: pool, close: () => pool.end() };
  }
  let dir: string | undefined;
  if (opts.dataDir !== ':memory:') {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', client, close: () => client.close() };
}

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{rows}`). */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
