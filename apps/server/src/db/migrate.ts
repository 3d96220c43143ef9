/**
 * Runs the drizzle-kit SQL migrations with the right driver, then makes sure the rows the server relies on
 * exist: the sync epoch (random id of this database, part of every sync uid), the revision row and default
 * panel settings.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database, DatabaseHandle } from './client.js';
import { allowLongStatements } from './deadConnections.js';
import { settings, syncRevision } from './schema/index.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export const EPOCH_KEY = 'sync.epoch';

/** Panel settings sent in the bundle (keys without a `sync.` or `private.` prefix). */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  autoRefresh: true,
  autoRefreshPeriod: 8000,
  sendOnEnter: true,
  darkMode: false,
  devPanelVisible: false,
  environment: 'production',
  product: 'hzs',
  // filter chips of the event list (`eventCategoryIds: []` = every category)
  eventFilters: [
    { code: 'all', name: 'Vše', eventCategoryIds: [] },
    { code: 'events', name: 'Události', eventCategoryIds: [1, 3, 5, 11, 13, 17] },
    { code: 'calls', name: 'Volání', eventCategoryIds: [7] },
    { code: 'chats', name: 'Chaty', eventCategoryIds: [9, 12] },
    { code: 'monitoring', name: 'Monitoring', eventCategoryIds: [14, 15] },
  ],
};

export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    // Several server nodes may start at once: one migrates, the others wait on the advisory lock.
    const conn = await (handle.client as pg.Pool).connect();
    try {
      // no statement timeout here (the pool's 30 s would cut an index build on a large table, and the wait for
      // another node's migration): reset before the connection goes back to the pool
      allowLongStatements(conn, true);
      await conn.query('set statement_timeout = 0');
      await conn.query('select pg_advisory_lock(727001)');
      await migratePg(drizzlePg(conn), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await conn.query('select pg_advisory_unlock(727001)').catch(() => undefined);
      await conn.query('reset statement_timeout').catch(() => undefined);
      allowLongStatements(conn, false);
      conn.release();
    }
  } else {
    // loaded here, not at the top: a PostgreSQL node never loads PGlite (client.ts)
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migratePglite(drizzlePglite(handle.client as PGlite), { migrationsFolder: MIGRATIONS_FOLDER });
  }
  await ensureSystemRows(handle.db);
}

async function ensureSystemRows(db: Database): Promise<void> {
  await db.insert(syncRevision).values({ id: 1, revision: 0, minRevision: 0 }).onConflictDoNothing();
  const rows = [
    { key: EPOCH_KEY, value: randomUUID().replace(/-/g, '').slice(0, 12) },
    ...Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })),
  ];
  await db.insert(settings).values(rows).onConflictDoNothing();
}
