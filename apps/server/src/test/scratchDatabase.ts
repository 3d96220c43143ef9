/**
 * A throwaway PostgreSQL database for an integration test or a benchmark: created through the server's `postgres`
 * maintenance database under a random name, dropped (with its connections) afterwards. The machine's shared
 * databases are never touched.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** the server URL with this database */
  url: string;
  drop(): Promise<void>;
}

/** `url` with its database path replaced by `name` */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates `{prefix}_{random}` on the server of `serverUrl` (any database of it). */
export function createScratchDatabase(serverUrl: string, prefix = 'panel_test'): Promise<ScratchDatabase> {
  return openDatabase(serverUrl, `${prefix}_${randomBytes(6).toString('hex')}`, false);
}

/** Like `createScratchDatabase`, under the given name: dropped first if it exists, dropped again afterwards. */
export function createNamedDatabase(serverUrl: string, name: string): Promise<ScratchDatabase> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  return openDatabase(serverUrl, name, true);
}

async function openDatabase(serverUrl: string, name: string, replace: boolean): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    if (replace) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  return {
    name,
    url: withDatabase(serverUrl, name),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}
