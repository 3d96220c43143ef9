/**
 * The embedded PostgreSQL (PGlite) with the panel's settings — made here, whether it runs on the server's thread
 * (tests, command-line tools) or in the database thread of a running server (`embeddedThread.ts`), which imports
 * only this file and the bytea codec.
 */
import type { PGlite } from '@electric-sql/pglite';
import { parseBytea, serializeBytea } from './byteaCodec.js';

/**
 * The embedded server's memory settings. PostgreSQL's default shared_buffers (128 MB) live inside the WASM
 * heap, which never shrinks; the panel's whole database is tens of megabytes, so 16 MB of buffers hold its hot
 * part, and the file system cache keeps the rest.
 */
export const EMBEDDED_POSTGRESQL_CONF = [
  'shared_buffers=16MB',
  'wal_buffers=1MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
];

/**
 * What the server uses of an embedded database, on its own thread or through the database thread
 * (`EmbeddedThreadClient`): Drizzle's driver calls `query`, `exec` and `transaction`; backups `dumpDataDir`.
 */
export type EmbeddedClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close' | 'closed' | 'dumpDataDir'>;

/**
 * A PGlite with the panel's settings and extensions. `loadDataDir`: a `dumpDataDir()` tarball to start from
 * (restore, backup/embedded.ts) instead of the directory's own cluster or a new one.
 */
export async function createEmbedded(dir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite, types }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    // the address search's trigram index (migration 0009) needs it
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create({
    dataDir: dir,
    postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
    extensions: { pg_trgm },
    // photos and sounds as bytes in, native hex out, instead of PGlite's string per byte (byteaCodec.ts)
    parsers: { [types.BYTEA]: parseBytea },
    serializers: { [types.BYTEA]: serializeBytea },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}
