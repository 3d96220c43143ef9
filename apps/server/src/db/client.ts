/**
 * Opens the database: embedded PGlite in `${dataDir}/pglite` (or in memory for `:memory:`), or a PostgreSQL
 * server when a URL is given. Both are driven through one Drizzle type so queries typecheck once.
 *
 * Neither may end the process when the database fails (docs/ARCHITECTURE.md "Database"): the
 * PostgreSQL pool connects lazily (a node starts while the server is down), gives up connecting after
 * CONNECT_TIMEOUT_MS, and every client carries an `error` listener (node-postgres emits `error` on a client
 * whose server went away between queries; unheard, that event is an uncaught exception). The PGlite instance
 * sits behind a stable proxy so a closed or crashed one can be replaced (`reopen`) without a new Drizzle
 * object — the in-memory caches keyed by the database object stay valid.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
// PGlite (and Drizzle's driver for it, which imports it) is loaded only when the embedded database is opened:
// a PostgreSQL node never needs it (issue 13, memory)
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import * as schema from './schema/index.js';
import { enforceBudgets } from './budget.js';
import { watchDeadConnections } from './deadConnections.js';
import { createEmbedded, type EmbeddedClient } from './embedded.js';
import { openEmbeddedThread } from './embeddedThread.js';

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
  /** the driver's own client, for the migrator (the embedded database, on this thread or its own, or pg.Pool) */
  client: EmbeddedClient | pg.Pool;
  close(): Promise<void>;
  /** embedded only: close the current PGlite instance (if still open) and open a fresh one in its place */
  reopen?(): Promise<void>;
}

/**
 * Waiting for a pool slot or for a new connection longer than this fails (503) instead of holding the call
 * while the server is unreachable or every connection is stuck (`DB_ACQUIRE_TIMEOUT_MS`).
 */
export const CONNECT_TIMEOUT_MS = 3000;
/**
 * The server cancels a statement running longer (57014 → 503); bounds lock waits behind a stuck writer
 * (`DB_STATEMENT_TIMEOUT_MS`). A call's own deadline is shorter: budget.ts.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** A query unanswered this long past the statement timeout is on a dead connection. */
export const DEAD_QUERY_GRACE_MS = 5000;
export const DEAD_QUERY_MS = STATEMENT_TIMEOUT_MS + DEAD_QUERY_GRACE_MS;
/** The server ends a session idle inside a transaction this long (a node that vanished mid-transaction). */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** a connection failed outside any query (idle client, server restart); default: console.warn */
  onConnectionError?: (error: Error) => void;
  /** PostgreSQL: pool tuning (config.ts `database`, tests; defaults: the constants above) */
  pool?: { connectTimeoutMs?: number; statementTimeoutMs?: number; deadQueryMs?: number };
  /**
   * Embedded: a `dumpDataDir()` image to start from instead of a new cluster (tests load one migrated cluster
   * in ~1 s instead of running initdb and every migration in ~2.6 s; src/test/pgliteImage.ts).
   */
  image?: Blob;
  /**
   * Embedded: run the database in a thread of its own (`db/embeddedThread.ts`) — the running server does, so
   * PostgreSQL's work never holds its event loop. Tests and command-line tools keep it on their own thread.
   */
  thread?: boolean;
}

// int8 (bigserial, count(*)) as a JS number: our ids and revisions stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const onConnectionError =
    opts.onConnectionError ?? ((error: Error) => console.warn('[panel] database connection error:', error.message));
  if (opts.databaseUrl) {
    const statementTimeoutMs = opts.pool?.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: opts.pool?.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      statement_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      keepAlive: true,
    });
    // idle clients: pg-pool re-emits their errors on the pool and drops them
    pool.on('error', onConnectionError);
    // checked-out clients: pg-pool removes its idle listener while a client is lent out
    pool.on('connect', (client) => client.on('error', onConnectionError));
    // a silent network (failover, dropped packets) must not hold pool slots for minutes: see deadConnections.ts
    const deadQueryMs = opts.pool?.deadQueryMs ?? statementTimeoutMs + DEAD_QUERY_GRACE_MS;
    const stopWatching = watchDeadConnections(pool, deadQueryMs, onConnectionError);
    // a call's query unanswered at the call's deadline: its connection goes, the call answers 503 (budget.ts)
    enforceBudgets(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const close = () => {
      stopWatching();
      return pool.end();
    };
    return { db, kind: 'postgres', client: pool, close };
  }
  let dir: string | undefined;
  if (opts.dataDir !== ':memory:') {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const [embedded, { drizzle: drizzlePglite }] = await Promise.all([
    openEmbedded(dir, opts.image, opts.thread ?? false),
    import('drizzle-orm/pglite'),
  ]);
  // Drizzle's driver calls only what EmbeddedClient has (embedded.ts)
  const db = drizzlePglite(embedded.client as PGlite, { schema }) as unknown as Database;
  return { db, kind: 'pglite', client: embedded.client, close: embedded.close, reopen: embedded.reopen };
}

/**
 * Whether the embedded database of `dataDir` must still be created (PGlite runs initdb when its directory has no
 * cluster). Never for ':memory:' (nothing to create in advance: it is new on every open).
 */
export function embeddedNeedsInit(dataDir: string): boolean {
  return dataDir !== ':memory:' && !existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * The embedded database behind a proxy that forwards to the current instance: Drizzle and the migrator hold the
 * proxy, `reopen` swaps the instance under it (a new PGlite, or a new database thread).
 */
async function openEmbedded(dir: string | undefined, image: Blob | undefined, thread: boolean) {
  const open = (from?: Blob) => (thread ? openEmbeddedThread(dir, from) : createEmbedded(dir, from));
  let current: EmbeddedClient = await open(image);
  const client = new Proxy(current, {
    get(_target, prop) {
      const value: unknown = Reflect.get(current, prop, current);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });
  return {
    client,
    close: () => (current.closed ? Promise.resolve() : current.close()),
    async reopen() {
      const old = current;
      if (!old.closed) await old.close().catch(() => undefined); // a crashed instance may not close cleanly
      current = await open();
    },
  };
}

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{rows}`). */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
